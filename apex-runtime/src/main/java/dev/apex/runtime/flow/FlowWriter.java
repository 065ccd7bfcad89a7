package dev.apex.runtime.flow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Secrets;
import dev.apex.core.Source;
import dev.apex.perception.SceneDiff;
import dev.apex.tools.ElementLocator;
import dev.apex.tools.ElementQuery;
import dev.apex.world.ScreenSignature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes the steps a task ran as a flow {@code apex run --flow} replays with no model: each element
 * a step acted on is located by the first locator that is unique on that screen among its resource
 * id, its text, and both together (resource ids repeat: every Settings row is {@code
 * android:id/title}); its position only as the last resort, never a per-capture handle or element
 * id. Each step carries the signature of the screen it ran on ({@code screen:}, outside the tool's
 * arguments), and an {@code assert_visible} follows a step whose effect shows on screen (a switch
 * that flipped, a text that changed, a screen with a text of its own). Text typed into a password
 * field becomes {@code ${NAME}}, which the replay names ({@code apex run --var NAME}). Failed steps
 * and steps that only observe are left out. A step {@linkplain RecordedStep#authored() authored} (a
 * flow's own, written back into its healed copy) keeps its arguments as written ({@code ${NAME}}
 * unfilled), with the signature of the screen it ran on this time. Stateless.
 */
public final class FlowWriter {

  /** Tools that only look: a replay needs none of them. */
  private static final Set<String> OBSERVING =
      Set.of("describe_screen", "describe_screen_semantic", "screenshot");

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
          .build();

  private FlowWriter() {}

  /**
   * The flow's YAML.
   *
   * @param name the flow's name (the goal, usually)
   * @param comments lines written as comments at the top (the goal, the model's summary)
   */
  public static String write(String name, List<String> comments, List<RecordedStep> steps) {
    List<Map<String, Object>> out = new ArrayList<>();
    int secrets = 0;
    for (int i = 0; i < steps.size(); i++) {
      RecordedStep s = steps.get(i);
      String action = s.step().action();
      if (!s.success() || !s.authored() && OBSERVING.contains(action)) {
        continue;
      }
      Map<String, Object> args = new LinkedHashMap<>(s.step().args());
      if (s.authored()) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put(action, args.isEmpty() ? null : args);
        if (s.before() != null) {
          step.put("screen", ScreenSignature.of(s.before()));
        }
        out.add(step);
        continue;
      }
      switch (action) {
        case "tap" -> args = tapArgs(args, s);
        case "assert_visible" -> args = assertArgs(args, s);
        case "type_text" -> {
          if (secret(args, s.before())) {
            secrets++;
            args.put("text", "${" + variable(s.before(), secrets) + "}");
            args.put("secret", true);
          }
        }
        default -> {}
      }
      Map<String, Object> step = new LinkedHashMap<>();
      step.put(action, args.isEmpty() ? null : args);
      if (s.before() != null) {
        step.put("screen", ScreenSignature.of(s.before()));
      }
      out.add(step);
      boolean nextAsserts =
          i + 1 < steps.size() && steps.get(i + 1).step().action().equals("assert_visible");
      if (!action.equals("assert_visible") && !action.equals("wait") && !nextAsserts) {
        effect(s).ifPresent(a -> out.add(Map.of("assert_visible", a)));
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("the task ran no step a flow can replay");
    }
    Map<String, Object> flow = new LinkedHashMap<>();
    flow.put("name", Secrets.redact(name));
    flow.put("steps", out);
    StringBuilder text = new StringBuilder();
    for (String comment : comments) {
      for (String line : Secrets.redact(comment).split("\\R")) {
        text.append("# ").append(line).append('\n');
      }
    }
    try {
      text.append(Secrets.redact(YAML.writeValueAsString(flow)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the flow as YAML", e);
    }
    return text.toString();
  }

  private static Map<String, Object> tapArgs(Map<String, Object> args, RecordedStep s) {
    Optional<SceneElement> target = target(s.before(), s.output().get("element"), args);
    if (target.isEmpty()) {
      if (args.containsKey("x")) {
        return args; // a point it was told to tap
      }
      return point(s.output()).orElse(args);
    }
    Map<String, Object> out = new LinkedHashMap<>(locator(s.before(), target.get(), "element"));
    if (out.isEmpty()) {
      return point(s.output()).orElse(args);
    }
    keepTiming(args, out);
    return out;
  }

  private static Map<String, Object> assertArgs(Map<String, Object> args, RecordedStep s) {
    Object ref = args.get("id");
    if (ref == null || s.before() == null) {
      return args;
    }
    Scene scene = s.after() != null ? s.after() : s.before();
    Optional<SceneElement> target = target(scene, s.output().get("id"), Map.of("element", ref));
    if (target.isEmpty()) {
      return args;
    }
    Map<String, Object> out = new LinkedHashMap<>(locator(scene, target.get(), "id"));
    if (out.isEmpty()) {
      return args;
    }
    for (Map.Entry<String, Object> e : args.entrySet()) {
      if (!e.getKey().equals("id") && !e.getKey().equals("text")) {
        out.put(e.getKey(), e.getValue()); // flags, timeout
      }
    }
    if (args.containsKey("text") && !out.containsKey("text")) {
      out.put("text", args.get("text"));
    }
    return out;
  }

  /** The element a step acted on: by the element id the tool returned, else by its arguments. */
  private static Optional<SceneElement> target(Scene scene, Object id, Map<String, Object> args) {
    if (scene == null) {
      return Optional.empty();
    }
    if (id instanceof String s) {
      Optional<SceneElement> byId =
          scene.elements().stream().filter(e -> e.id().equals(s)).findFirst();
      if (byId.isPresent()) {
        return byId;
      }
    }
    Object ref = args.get("element");
    Object text = args.get("text");
    if (ref == null && text == null) {
      return Optional.empty();
    }
    // As the tool found it: the locator resolves a handle, an id or a resource id, then text.
    return ElementLocator.find(
        scene,
        new ElementQuery(
            ref == null ? null : ref.toString(), text == null ? null : text.toString(), Map.of()));
  }

  /**
   * The arguments a flow's {@code tap} would locate {@code e} by on {@code scene}, by the rule this
   * writer records flows with: {@code element} (its resource id), {@code text}, or both, the first
   * that finds {@code e} alone; empty when none does (the element is then only reachable by
   * position). For the console's step view, which offers the locator to copy.
   */
  public static Map<String, Object> tapLocator(Scene scene, SceneElement e) {
    return locator(scene, e, "element");
  }

  /**
   * The first locator unique on {@code scene} for {@code e}: its resource id, its text, or both,
   * under the key {@code refKey} for the id ({@code element} for a tap, {@code id} for an
   * assertion); empty when none is. The console's inspector offers the same locator for a step it
   * adds to a draft.
   */
  static Map<String, Object> locator(Scene scene, SceneElement e, String refKey) {
    String rid = blankToNull(e.resourceId());
    String text = blankToNull(e.text());
    if (rid != null && unique(scene, e, rid, null)) {
      return Map.of(refKey, rid);
    }
    if (text != null && unique(scene, e, null, text)) {
      return Map.of("text", text.strip());
    }
    if (rid != null && text != null && unique(scene, e, rid, text)) {
      Map<String, Object> both = new LinkedHashMap<>();
      both.put(refKey, rid);
      both.put("text", text.strip());
      return both;
    }
    return Map.of();
  }

  /** Whether the locator finds {@code e} and nothing else, as the tools would look. */
  private static boolean unique(Scene scene, SceneElement e, String rid, String text) {
    List<SceneElement> found =
        ElementLocator.matches(scene, new ElementQuery(rid, text == null ? null : text, Map.of()));
    return found.size() == 1 && found.get(0).id().equals(e.id());
  }

  private static Optional<Map<String, Object>> point(Map<String, Object> output) {
    if (output.get("x") instanceof Number x && output.get("y") instanceof Number y) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("x", x.intValue());
      p.put("y", y.intValue());
      return Optional.of(p);
    }
    return Optional.empty();
  }

  private static void keepTiming(Map<String, Object> from, Map<String, Object> to) {
    for (String key : List.of("timeout_ms", "settle_ms")) {
      if (from.containsKey(key)) {
        to.put(key, from.get(key));
      }
    }
  }

  /** An assert_visible that checks what the step changed, when the change can be named. */
  private static Optional<Map<String, Object>> effect(RecordedStep s) {
    if (s.before() == null || s.after() == null) {
      return Optional.empty();
    }
    SceneDiff diff = SceneDiff.between(s.before(), s.after());
    // A switch that flipped says most; then a text that changed.
    for (SceneDiff.Change c : diff.changed()) {
      SceneElement after = c.after();
      boolean is = after.has(ElementFlag.CHECKED);
      if (after.source() == Source.OCR || c.before().has(ElementFlag.CHECKED) == is) {
        continue;
      }
      Map<String, Object> at = new LinkedHashMap<>(locator(s.after(), after, "id"));
      if (!at.isEmpty()) {
        at.put("checked", is);
        return Optional.of(at);
      }
    }
    for (SceneDiff.Change c : diff.changed()) {
      SceneElement after = c.after();
      String text = blankToNull(after.text());
      if (after.source() != Source.OCR
          && text != null
          && !text.equals(c.before().text())
          && unique(s.after(), after, null, text)) {
        return Optional.of(Map.of("text", text.strip()));
      }
    }
    // A new screen: a text of its own, a title (not a button) first.
    for (boolean interactive : new boolean[] {false, true}) {
      for (SceneElement added : diff.added()) {
        String text = blankToNull(added.text());
        if (added.interactive() == interactive
            && added.source() != Source.OCR
            && text != null
            && unique(s.after(), added, null, text)) {
          return Optional.of(Map.of("text", text.strip()));
        }
      }
    }
    return Optional.empty();
  }

  private static boolean secret(Map<String, Object> args, Scene before) {
    if (Boolean.TRUE.equals(args.get("secret"))) {
      return true;
    }
    return before != null
        && before.elements().stream()
            .anyMatch(e -> e.has(ElementFlag.PASSWORD) && e.has(ElementFlag.FOCUSED));
  }

  /** {@code PASSWORD} from a field {@code …:id/password}, else {@code APEX_SECRET_N}. */
  private static String variable(Scene before, int n) {
    if (before != null) {
      for (SceneElement e : before.elements()) {
        if (e.has(ElementFlag.PASSWORD) && e.has(ElementFlag.FOCUSED) && e.resourceId() != null) {
          String rid = e.resourceId();
          String name = rid.substring(rid.lastIndexOf('/') + 1).toUpperCase(Locale.ROOT);
          name = name.replaceAll("[^A-Z0-9_]", "_");
          if (!name.isBlank() && Character.isLetter(name.charAt(0))) {
            return name;
          }
        }
      }
    }
    return "APEX_SECRET_" + n;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
