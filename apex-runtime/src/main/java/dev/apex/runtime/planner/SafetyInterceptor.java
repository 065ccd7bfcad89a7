package dev.apex.runtime.planner;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.SemanticScene;
import dev.apex.perception.CompactEncoder;
import dev.apex.runtime.StepGuard;
import dev.apex.tools.Args;
import dev.apex.tools.ElementLocator;
import dev.apex.tools.ElementQuery;
import dev.apex.tools.ToolContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link SafetyPolicy} before a tool runs: it decides whether the call is sensitive; a
 * sensitive call whose kind the policy does not allow goes to the {@link Confirmer}, and runs only
 * if a person says yes. Otherwise it throws {@link PolicyDenied} and the device is never touched.
 *
 * <p>It is the executor's {@link StepGuard} (a runner's {@link
 * dev.apex.runtime.TaskRunner.Builder#safety}), asked once per step whoever planned it; it can also
 * wrap a registry's tools as a {@link ToolInterceptor}.
 *
 * <p>What is sensitive, judged on the scene the step was planned on: {@code type_text} while a
 * password field is focused; {@code tap} on an element (by id, handle, text, or the point's
 * clickable element) whose text, semantic purpose, or — for an element without text — the texts of
 * what lies inside it, or the step's own {@code text}, hold a word of the policy; {@code
 * launch_app} of an app outside the allow-list, or of a URL the {@link OriginRule} does not let
 * open (a scheme but http and https is refused outright, without asking). Other tools pass.
 *
 * <p>As an interceptor, a confirmed call is remembered by its argument map's identity, so the
 * executor's retries of the same step do not ask again. Not thread-safe: one per task run, driven
 * by its thread.
 */
public final class SafetyInterceptor implements StepGuard, ToolInterceptor {

  private static final Logger log = LoggerFactory.getLogger(SafetyInterceptor.class);

  private final SafetyPolicy policy;
  private final Confirmer confirmer;
  private final Supplier<SemanticScene> semanticScene;
  private final Map<SensitiveKind, List<Word>> patterns;
  private Map<String, Object> confirmedArgs;

  /**
   * @param semanticScene the semantic scene of the screen the step was planned on, or a supplier of
   *     null when there is none
   */
  public SafetyInterceptor(
      SafetyPolicy policy, Confirmer confirmer, Supplier<SemanticScene> semanticScene) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.confirmer = Objects.requireNonNull(confirmer, "confirmer");
    this.semanticScene = Objects.requireNonNull(semanticScene, "semanticScene");
    this.patterns = compile(policy.words());
  }

  /** Refuses the step with {@link PolicyDenied} unless it is harmless, allowed or confirmed. */
  @Override
  public void admit(PlannedStep step, ToolContext context) {
    decide(step.action(), step.args(), context.latestScene());
  }

  @Override
  public Object intercept(Chain chain) {
    if (chain.args() != confirmedArgs
        && decide(chain.tool().name(), chain.args(), chain.context().latestScene())) {
      confirmedArgs = chain.args();
    }
    return chain.proceed(chain.args());
  }

  /**
   * @return true when a person confirmed the call, false when it needed no confirmation
   * @throws PolicyDenied when it needed one and got none
   */
  private boolean decide(String tool, Map<String, Object> args, Scene scene) {
    Optional<SensitiveAction> sensitive = classify(tool, args, scene);
    if (sensitive.isEmpty() || policy.allows(sensitive.get().kind())) {
      return false;
    }
    askOrDeny(sensitive.get(), confirmer);
    return true;
  }

  /**
   * Asks {@code confirmer} about {@code action}; returns when a person said yes.
   *
   * @throws PolicyDenied with the confirmer's {@link Confirmer#refusal} when nobody did (a
   *     confirmer that throws counts as a no)
   */
  static void askOrDeny(SensitiveAction action, Confirmer confirmer) {
    boolean yes;
    try {
      yes = confirmer.confirm(action);
    } catch (RuntimeException e) {
      log.warn("confirmer threw; refusing {}", action.describe(), e);
      yes = false;
    }
    if (!yes) {
      log.info("policy: refused {}", action.describe());
      String why;
      try {
        why = confirmer.refusal(action);
      } catch (RuntimeException e) {
        why = Confirmer.DENY.refusal(action);
      }
      throw new PolicyDenied(action, why);
    }
    log.info("policy: {} confirmed", action.describe());
  }

  /**
   * The sensitive action this call would be, if any; public for a console to preview a step.
   *
   * @throws PolicyDenied for a {@code launch_app} of a URL the {@link OriginRule} refuses outright
   */
  public Optional<SensitiveAction> classify(String tool, Map<String, Object> args, Scene scene) {
    return switch (tool) {
      case "type_text" -> passwordEntry(scene);
      case "tap" -> sensitiveTap(args, scene);
      case "launch_app" -> appLaunch(args);
      default -> Optional.empty();
    };
  }

  private Optional<SensitiveAction> passwordEntry(Scene scene) {
    if (scene == null) {
      return Optional.empty();
    }
    return scene.elements().stream()
        .filter(e -> e.has(ElementFlag.PASSWORD) && e.has(ElementFlag.FOCUSED))
        .findFirst()
        .map(
            e ->
                new SensitiveAction(
                    SensitiveKind.PASSWORD_ENTRY, "type_text", label(e), "a password field"));
  }

  private Optional<SensitiveAction> appLaunch(Map<String, Object> args) {
    String app =
        args.get("app_id") != null ? Args.string(args, "app_id") : Args.string(args, "bundle_id");
    if (OriginRule.isUrl(app)) {
      return OriginRule.check(policy, "launch_app", app);
    }
    if (app == null || policy.allowedApps().contains(app.strip())) {
      return Optional.empty();
    }
    return Optional.of(
        new SensitiveAction(
            SensitiveKind.APP_LAUNCH, "launch_app", app.strip(), "not in the allow-list"));
  }

  private Optional<SensitiveAction> sensitiveTap(Map<String, Object> args, Scene scene) {
    List<String> texts = new ArrayList<>();
    String asked = Args.string(args, "text");
    if (asked != null) {
      texts.add(asked);
    }
    Optional<SceneElement> target = scene == null ? Optional.empty() : target(args, scene);
    target.ifPresent(e -> texts.addAll(textsOf(e, scene)));
    for (String text : texts) {
      for (Map.Entry<SensitiveKind, List<Word>> kind : patterns.entrySet()) {
        for (Word word : kind.getValue()) {
          if (word.pattern().matcher(text).find()) {
            String shown =
                target.map(SafetyInterceptor::label).filter(s -> !s.isBlank()).orElse(text);
            return Optional.of(
                new SensitiveAction(kind.getKey(), "tap", shown, "\"" + word.word() + "\""));
          }
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<SceneElement> target(Map<String, Object> args, Scene scene) {
    if (args.get("x") != null && args.get("y") != null) {
      int x = Args.integer("tap", args, "x");
      int y = Args.integer("tap", args, "y");
      return scene.elements().stream()
          .filter(e -> ElementLocator.onScreen(scene, e) && contains(e.bounds(), x, y))
          .filter(SceneElement::interactive)
          .min(Comparator.comparingLong(e -> e.bounds().area()));
    }
    String ref = Args.string(args, "element");
    String text = Args.string(args, "text");
    if (ref == null && text == null) {
      return Optional.empty();
    }
    Optional<SceneElement> byRef =
        ref == null ? Optional.empty() : CompactEncoder.resolve(scene, ref);
    return byRef.isPresent()
        ? byRef
        : ElementLocator.find(scene, new ElementQuery(ref, text, Map.of()));
  }

  /** The element's text and purpose; for one without text, the texts of what lies inside it. */
  private List<String> textsOf(SceneElement target, Scene scene) {
    List<String> texts = new ArrayList<>();
    if (!target.text().isBlank()) {
      texts.add(target.text());
    } else {
      for (SceneElement e : scene.elements()) {
        if (e != target && !e.text().isBlank() && inside(e.bounds(), target.bounds())) {
          texts.add(e.text());
        }
      }
    }
    SemanticScene semantic = semanticScene.get();
    if (semantic != null) {
      semantic.widgets().stream()
          .filter(w -> w.elementId().equals(target.id()))
          .forEach(w -> texts.add(w.purpose()));
    }
    return texts;
  }

  private static String label(SceneElement e) {
    return e.text().isBlank() ? e.resourceId() : e.text();
  }

  private static boolean contains(Bounds b, int x, int y) {
    return x >= b.left() && x < b.right() && y >= b.top() && y < b.bottom();
  }

  private static boolean inside(Bounds inner, Bounds outer) {
    return inner.left() >= outer.left()
        && inner.top() >= outer.top()
        && inner.right() <= outer.right()
        && inner.bottom() <= outer.bottom();
  }

  /** A policy word and its whole-word, any-case pattern. */
  private record Word(String word, Pattern pattern) {}

  private static Map<SensitiveKind, List<Word>> compile(Map<SensitiveKind, List<String>> words) {
    Map<SensitiveKind, List<Word>> out = new EnumMap<>(SensitiveKind.class);
    words.forEach(
        (kind, list) ->
            out.put(
                kind,
                list.stream()
                    .map(w -> w.strip().toLowerCase(Locale.ROOT))
                    .map(w -> new Word(w, Pattern.compile("(?iu)\\b" + Pattern.quote(w) + "\\b")))
                    .toList()));
    return out;
  }
}
