package dev.apex.runtime.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.llm.SemanticScene;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.ParsedStep;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The safety policy around real tools on a recording fake device. */
class SafetyInterceptorTest {

  private final FakeDevice device = new FakeDevice().install("com.shop").install("com.notes");
  private final List<SensitiveAction> asked = new ArrayList<>();
  private SemanticScene semantic;

  static SceneElement el(String id, String type, Bounds b, String text, ElementFlag... flags) {
    Set<ElementFlag> set = flags.length == 0 ? Set.of() : EnumSet.of(flags[0], flags);
    return new SceneElement(id, type, b, text, 1.0, Source.TREE, "", set);
  }

  static final Scene CHECKOUT =
      new Scene(
          720,
          1600,
          List.of(
              el("root", "view", new Bounds(0, 0, 720, 1600), ""),
              el("title", "text", new Bounds(0, 60, 720, 160), "Your cart: 2 items"),
              el(
                  "pay",
                  "button",
                  new Bounds(40, 1400, 680, 1500),
                  "Pay now",
                  ElementFlag.CLICKABLE),
              el("row", "view", new Bounds(0, 300, 720, 400), "", ElementFlag.CLICKABLE),
              el("row_label", "text", new Bounds(20, 320, 300, 380), "Send receipt"),
              el("trash", "button", new Bounds(600, 60, 700, 160), "", ElementFlag.CLICKABLE),
              el(
                  "sender",
                  "text",
                  new Bounds(0, 500, 720, 560),
                  "Sender: Ann",
                  ElementFlag.CLICKABLE)));

  static final Scene LOGIN =
      new Scene(
          720,
          1600,
          List.of(
              el("user", "input", new Bounds(0, 200, 720, 300), "ann", ElementFlag.EDITABLE),
              el(
                  "pass",
                  "input",
                  new Bounds(0, 320, 720, 420),
                  "Password",
                  ElementFlag.EDITABLE,
                  ElementFlag.PASSWORD,
                  ElementFlag.FOCUSED)));

  private SafetyInterceptor guarded(SafetyPolicy policy, boolean answer) {
    Confirmer confirmer =
        action -> {
          asked.add(action);
          return answer;
        };
    return new SafetyInterceptor(policy, confirmer, () -> semantic);
  }

  private ToolContext on(Scene scene) {
    FakeClock clock = new FakeClock();
    return new ToolContext(device, () -> scene, () -> scene, clock, new RecordingSleeper(clock));
  }

  /** As the executor does: the tool validates the step, the guard admits it, the tool runs. */
  private Object run(SafetyInterceptor guard, String tool, Map<String, Object> args, Scene scene) {
    PlannedStep step = PlannedStep.of(tool, args);
    ToolContext context = on(scene);
    ParsedStep<?> parsed = ToolRegistry.defaultRegistry().parse(step);
    guard.admit(step, context);
    return parsed.execute(context);
  }

  @Test
  void typingIntoAFocusedPasswordFieldIsRefusedAndNothingIsTyped() {
    SafetyInterceptor tools = guarded(SafetyPolicy.defaults(), false);

    assertThatThrownBy(() -> run(tools, "type_text", Map.of("text", "hunter2"), LOGIN))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageStartingWith("policy_denied: type_text \"Password\" (password_entry")
        .hasMessageNotContaining("hunter2");
    assertThat(device.events()).isEmpty();
    assertThat(asked)
        .singleElement()
        .extracting(SensitiveAction::kind)
        .isEqualTo(SensitiveKind.PASSWORD_ENTRY);
  }

  @Test
  void typingIntoAnOrdinaryFieldPasses() {
    Scene userFocused =
        new Scene(
            720,
            1600,
            List.of(
                el(
                    "user",
                    "input",
                    new Bounds(0, 200, 720, 300),
                    "",
                    ElementFlag.EDITABLE,
                    ElementFlag.FOCUSED)));

    run(guarded(SafetyPolicy.defaults(), false), "type_text", Map.of("text", "ann"), userFocused);

    assertThat(device.events()).containsExactly(new FakeDevice.TypeText("ann"));
    assertThat(asked).isEmpty();
  }

  @Test
  void anExplicitAllowSkipsTheQuestion() {
    SafetyPolicy policy =
        SafetyPolicy.defaults().withAllowedKinds(Set.of(SensitiveKind.PASSWORD_ENTRY));

    run(guarded(policy, false), "type_text", Map.of("text", "hunter2"), LOGIN);

    assertThat(device.events()).containsExactly(new FakeDevice.TypeText("hunter2"));
    assertThat(asked).isEmpty();
  }

  @Test
  void aTapAtThePointOfAPayButtonIsRefused() {
    assertThatThrownBy(
            () ->
                run(
                    guarded(SafetyPolicy.defaults(), false),
                    "tap",
                    Map.of("x", 100, "y", 1450),
                    CHECKOUT))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageStartingWith("policy_denied: tap \"Pay now\" (payment: \"pay\")");
    assertThat(device.events()).isEmpty();
  }

  @Test
  void aRowWithoutTextIsJudgedByTheLabelInsideIt() {
    assertThatThrownBy(
            () ->
                run(
                    guarded(SafetyPolicy.defaults(), false),
                    "tap",
                    Map.of("element", "row"),
                    CHECKOUT))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageContaining("(sending: \"send\")");
  }

  @Test
  void anIconIsJudgedByItsSemanticPurpose() {
    semantic =
        new SemanticScene(
            "cart", List.of(), List.of(new SemanticScene.Widget("trash", "delete the cart")));

    assertThatThrownBy(
            () ->
                run(
                    guarded(SafetyPolicy.defaults(), false),
                    "tap",
                    Map.of("element", "trash"),
                    CHECKOUT))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageContaining("(deletion: \"delete\")");
  }

  @Test
  void wordsMatchWholeWordsOnly() {
    run(guarded(SafetyPolicy.defaults(), false), "tap", Map.of("element", "sender"), CHECKOUT);

    assertThat(asked).isEmpty();
    assertThat(device.events()).hasSize(1);
  }

  /** A dialog: its message, and two icon buttons without text; a Send button beside it. */
  static Scene dialog(String message) {
    return new Scene(
        1080,
        1920,
        List.of(
            el("message", "text", new Bounds(140, 760, 940, 960), message),
            el("cancel", "button", new Bounds(540, 1040, 740, 1180), "", ElementFlag.CLICKABLE),
            el("confirm", "button", new Bounds(760, 1040, 960, 1180), "", ElementFlag.CLICKABLE)));
  }

  @Test
  void anIconIsJudgedByTheMessageAroundItWhateverItsPurposeSays() {
    semantic =
        new SemanticScene(
            "dialog",
            List.of(),
            List.of(new SemanticScene.Widget("confirm", "confirm opening settings")));

    assertThatThrownBy(
            () ->
                run(
                    guarded(SafetyPolicy.defaults(), false),
                    "tap",
                    Map.of("element", "confirm"),
                    dialog("Delete all your photos?")))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageContaining("(deletion: \"delete\" around it)");
    assertThat(device.events()).isEmpty();
  }

  @Test
  void anIconInAHarmlessDialogPasses() {
    run(
        guarded(SafetyPolicy.defaults(), false),
        "tap",
        Map.of("element", "confirm"),
        dialog("Open settings to turn on backup?"));

    assertThat(asked).isEmpty();
    assertThat(device.events()).hasSize(1);
  }

  @Test
  void anIconIsNotJudgedByTextsOutsideItsContainer() {
    Scene mail =
        new Scene(
            1080,
            1920,
            List.of(
                el("notice", "text", new Bounds(0, 1700, 1080, 1800), "Payment received"),
                el("toolbar", "view", new Bounds(0, 0, 1080, 200), ""),
                el("title", "text", new Bounds(200, 40, 700, 160), "Inbox"),
                el("menu", "button", new Bounds(20, 40, 160, 160), "", ElementFlag.CLICKABLE)));

    run(guarded(SafetyPolicy.defaults(), false), "tap", Map.of("element", "menu"), mail);

    assertThat(asked).isEmpty();
    assertThat(device.events()).hasSize(1);
  }

  @Test
  void anIconIsNotJudgedByTheLabelsOfOtherControls() {
    Scene mail =
        new Scene(
            1080,
            1920,
            List.of(
                el("title", "text", new Bounds(200, 40, 700, 160), "Inbox"),
                el("send", "button", new Bounds(800, 40, 1060, 160), "Send", ElementFlag.CLICKABLE),
                el("menu", "button", new Bounds(20, 40, 160, 160), "", ElementFlag.CLICKABLE),
                el("row", "item", new Bounds(0, 300, 1080, 400), "", ElementFlag.CLICKABLE),
                el("row_label", "text", new Bounds(20, 320, 600, 380), "Delete account")));

    run(guarded(SafetyPolicy.defaults(), false), "tap", Map.of("element", "menu"), mail);

    assertThat(asked).isEmpty();
    assertThat(device.events()).hasSize(1);
  }

  @Test
  void aTextOfTwoKindsIsAskedAboutAsTheKindNotAllowed() {
    SafetyPolicy sendingAllowed =
        SafetyPolicy.defaults().withAllowedKinds(Set.of(SensitiveKind.SENDING));

    assertThatThrownBy(
            () ->
                run(
                    guarded(sendingAllowed, false),
                    "tap",
                    Map.of("text", "Send payment"),
                    CHECKOUT))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageContaining("(payment: \"payment\")");
    assertThat(device.events()).isEmpty();
  }

  @Test
  void aWordIsFoundInItsForms() {
    assertThatThrownBy(
            () ->
                run(
                    guarded(SafetyPolicy.defaults(), false),
                    "tap",
                    Map.of("text", "Confirm deletion"),
                    CHECKOUT))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageContaining("(deletion: \"deletion\")");
  }

  @Test
  void aConfirmerThatThrowsCountsAsNo() {
    SafetyInterceptor tools =
        new SafetyInterceptor(
            SafetyPolicy.defaults(),
            a -> {
              throw new IllegalStateException("no terminal");
            },
            () -> null);

    assertThatThrownBy(() -> run(tools, "tap", Map.of("text", "Pay now"), CHECKOUT))
        .isInstanceOf(PolicyDenied.class);
    assertThat(device.events()).isEmpty();
  }

  @Test
  void aRefusalThatThrowsFallsBackToTheDefaultRemedy() {
    Confirmer broken =
        new Confirmer() {
          @Override
          public boolean confirm(SensitiveAction action) {
            return false;
          }

          @Override
          public String refusal(SensitiveAction action) {
            throw new IllegalStateException("no client");
          }
        };
    SafetyInterceptor tools = new SafetyInterceptor(SafetyPolicy.defaults(), broken, () -> null);

    assertThatThrownBy(() -> run(tools, "tap", Map.of("text", "Pay now"), CHECKOUT))
        .isInstanceOf(PolicyDenied.class)
        .hasMessage(
            "policy_denied: tap \"Pay now\" (payment: \"pay\") needs the user's confirmation; "
                + Confirmer.DENY.refusal(null));
    assertThat(Confirmer.DENY.refusal(null))
        .isEqualTo("it was not confirmed (allow the kind in the safety policy to skip asking)");
    assertThat(device.events()).isEmpty();
  }

  @Test
  void launchingNeedsTheAllowList() {
    SafetyInterceptor tools =
        guarded(SafetyPolicy.defaults().withAllowedApps(Set.of("com.notes")), false);

    run(tools, "launch_app", Map.of("app_id", "com.notes"), CHECKOUT);
    assertThatThrownBy(() -> run(tools, "launch_app", Map.of("app_id", "com.shop"), CHECKOUT))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageStartingWith("policy_denied: launch_app \"com.shop\" (app_launch");

    assertThat(device.events()).containsExactly(new FakeDevice.LaunchApp("com.notes"));
  }

  @Test
  void otherToolsPass() {
    run(guarded(SafetyPolicy.defaults(), false), "press_key", Map.of("key", "back"), CHECKOUT);

    assertThat(device.events()).hasSize(1);
    assertThat(asked).isEmpty();
  }

  @Test
  void navigatingIsJudgedAsLaunchingTheSameUrlAndAHistoryMovePasses() {
    SafetyInterceptor tools =
        guarded(SafetyPolicy.defaults().withAllowedOrigins(Set.of("https://shop.example")), false);
    ToolContext context = on(CHECKOUT);

    tools.admit(PlannedStep.of("navigate", Map.of("to", "https://shop.example/cart")), context);
    tools.admit(PlannedStep.of("navigate", Map.of("to", "back")), context);
    assertThat(asked).isEmpty();

    assertThatThrownBy(
            () ->
                tools.admit(
                    PlannedStep.of("navigate", Map.of("to", "https://evil.example/")), context))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageStartingWith("policy_denied: navigate ")
        .hasMessageContaining("https://evil.example is not an allowed origin");
    assertThat(asked).hasSize(1);
    assertThatThrownBy(
            () ->
                tools.admit(
                    PlannedStep.of("navigate", Map.of("to", "file:///etc/passwd")), context))
        .isInstanceOf(PolicyDenied.class)
        .hasMessageContaining("it is a file: URL");
    assertThat(asked).hasSize(1);
    assertThat(device.events()).isEmpty();
  }
}
