package dev.apex.runtime.safety;

import dev.apex.core.ElementFlag;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.SemanticScene;
import dev.apex.tools.Args;
import dev.apex.tools.ToolContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link SafetyPolicy} before a tool runs: it decides whether the call is sensitive; a
 * sensitive call whose kind the policy does not allow goes to the {@link Confirmer}, and runs only
 * if a person says yes. Otherwise it throws {@link PolicyDenied} and the device is never touched.
 *
 * <p>It is the executor's {@link StepGuard} (a runner's {@link
 * dev.apex.runtime.TaskRunner.Builder#safety}), asked once per step whoever planned it, so the
 * executor's retries of a step do not ask again.
 *
 * <p>What is sensitive, judged on the scene the step was planned on: {@code type_text} while a
 * password field is focused; {@code tap} on an element (by id, handle, text, or the point's
 * clickable element) whose texts, or the step's own {@code text}, hold a word of the policy in one
 * of its forms (deleting, deletion; {@code SensitiveWords}); {@code launch_app} of an app outside
 * the allow-list, or of a URL the {@link OriginRule} does not let open (a scheme but http and https
 * is refused outright, without asking), and {@code navigate} to such a URL alike. Other tools pass.
 * A tap's texts ({@code TapTexts}) are the element's text (for a row without text, the texts inside
 * it), its semantic purpose, and, for an icon that says nothing itself, the texts of the dialog or
 * container around it, read live: a purpose, fresh or served from a cache, is never the only word
 * on an icon. A text holding words of several kinds is judged by the first kind the policy does not
 * allow ("Send payment" asks as a payment even where sending is allowed).
 *
 * <p>One per task run, driven by its thread.
 */
public final class SafetyInterceptor implements StepGuard {

  private static final Logger log = LoggerFactory.getLogger(SafetyInterceptor.class);

  private final SafetyPolicy policy;
  private final Confirmer confirmer;
  private final Supplier<SemanticScene> semanticScene;
  private final SensitiveWords words;

  /**
   * @param semanticScene the semantic scene of the screen the step was planned on, or a supplier of
   *     null when there is none
   */
  public SafetyInterceptor(
      SafetyPolicy policy, Confirmer confirmer, Supplier<SemanticScene> semanticScene) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.confirmer = Objects.requireNonNull(confirmer, "confirmer");
    this.semanticScene = Objects.requireNonNull(semanticScene, "semanticScene");
    this.words = new SensitiveWords(policy.words());
  }

  /** Refuses the step with {@link PolicyDenied} unless it is harmless, allowed or confirmed. */
  @Override
  public void admit(PlannedStep step, ToolContext context) {
    Optional<SensitiveAction> sensitive =
        classify(step.action(), step.args(), context.latestScene());
    if (sensitive.isPresent() && !policy.allows(sensitive.get().kind())) {
      askOrDeny(sensitive.get(), confirmer);
    }
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
   * @throws PolicyDenied for a {@code launch_app} of (or {@code navigate} to) a URL the {@link
   *     OriginRule} refuses outright
   */
  public Optional<SensitiveAction> classify(String tool, Map<String, Object> args, Scene scene) {
    return switch (tool) {
      case "type_text" -> passwordEntry(scene);
      case "tap" -> sensitiveTap(args, scene);
      case "launch_app" -> appLaunch(args);
      case "navigate" -> pageOpen(args);
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

  /**
   * A {@code navigate} to a URL, judged exactly as a {@code launch_app} of it; a move in the tab's
   * history (back, forward, reload) opens only what the tab has shown.
   */
  private Optional<SensitiveAction> pageOpen(Map<String, Object> args) {
    return dev.apex.tools.NavigateTool.url(args)
        .flatMap(url -> OriginRule.check(policy, "navigate", url));
  }

  /**
   * The tap as the policy reads it ({@link TapTexts}): of the words found in its texts, the first
   * whose kind the policy does not allow, else the first (so a preview still names it).
   */
  private Optional<SensitiveAction> sensitiveTap(Map<String, Object> args, Scene scene) {
    List<TapTexts.Reading> texts = new ArrayList<>();
    String asked = Args.string(args, "text");
    if (asked != null) {
      texts.add(new TapTexts.Reading(asked, false));
    }
    Optional<SceneElement> target = scene == null ? Optional.empty() : TapTexts.target(args, scene);
    target.ifPresent(e -> texts.addAll(TapTexts.of(e, scene, semanticScene.get())));
    SensitiveAction first = null;
    for (TapTexts.Reading text : texts) {
      for (SensitiveWords.Match match : words.find(text.text())) {
        String shown =
            target.map(SafetyInterceptor::label).filter(s -> !s.isBlank()).orElse(text.text());
        String why = "\"" + match.word() + "\"" + (text.around() ? " around it" : "");
        SensitiveAction action = new SensitiveAction(match.kind(), "tap", shown, why);
        if (!policy.allows(match.kind())) {
          return Optional.of(action);
        }
        first = first == null ? action : first;
      }
    }
    return Optional.ofNullable(first);
  }

  private static String label(SceneElement e) {
    return e.text().isBlank() ? e.resourceId() : e.text();
  }
}
