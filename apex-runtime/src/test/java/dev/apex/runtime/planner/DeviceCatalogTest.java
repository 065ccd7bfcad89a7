package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.PlannedStep;
import dev.apex.core.TaskStatus;
import dev.apex.device.Device;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.Gestures;
import dev.apex.llm.ToolCall;
import dev.apex.llm.ToolDefinition;
import dev.apex.runtime.TaskOutcome;
import dev.apex.testkit.FakeDevice;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The planner offers the tools the task's device supports, within the strict-tool limits. */
class DeviceCatalogTest {

  private static final Set<String> HIDDEN = PlannerConfig.defaults().hiddenTools();

  /** A phone's roles: long press and drag. */
  static class Phone extends ForwardingDevice implements Gestures.LongPress, Gestures.Drag {
    Phone() {
      super(new FakeDevice());
    }

    @Override
    public <T> Optional<T> role(Class<T> role) {
      return role.isInstance(this) ? Optional.of(role.cast(this)) : super.role(role);
    }

    @Override
    public void longPress(int x, int y, Duration d) {}

    @Override
    public void drag(int fx, int fy, int tx, int ty, Duration d) {}
  }

  /** A browser's roles: all four. */
  static final class Browser extends Phone implements Gestures.Hover, Gestures.ModifierTap {
    @Override
    public void hover(int x, int y) {}

    @Override
    public void tap(int x, int y, Set<Gestures.Modifier> modifiers) {}
  }

  /** A web page's roles besides: its tab's history, a full keyboard, scrolling into view. */
  static final class Page extends Phone
      implements Gestures.Hover,
          Gestures.ModifierTap,
          Gestures.SelectOption,
          Gestures.Navigate,
          Gestures.Keyboard,
          Gestures.Reveal {
    @Override
    public void hover(int x, int y) {}

    @Override
    public void tap(int x, int y, Set<Gestures.Modifier> modifiers) {}

    @Override
    public String selectOption(int x, int y, String option) {
      return option;
    }

    @Override
    public void navigate(String url) {}

    @Override
    public void back() {}

    @Override
    public void forward() {}

    @Override
    public void reload() {}

    @Override
    public void press(dev.apex.device.KeyStroke stroke) {}

    @Override
    public boolean reveal(dev.apex.core.Bounds bounds) {
      return false;
    }
  }

  private static List<ToolDefinition> on(Device device) {
    return ToolCatalog.of(ToolRegistry.defaultRegistry().offeredOn(device), HIDDEN).definitions();
  }

  private static List<String> names(List<ToolDefinition> defs) {
    return defs.stream().map(ToolDefinition::name).toList();
  }

  private static List<String> properties(List<ToolDefinition> defs, String tool) {
    ToolDefinition def = defs.stream().filter(d -> d.name().equals(tool)).findFirst().orElseThrow();
    return ((Map<?, ?>) def.inputSchema().get("properties"))
        .keySet().stream().map(String::valueOf).toList();
  }

  private static long optional(List<ToolDefinition> defs) {
    long n = 0;
    for (ToolDefinition d : defs) {
      n +=
          ((Map<?, ?>) d.inputSchema().get("properties")).size()
              - ((List<?>) d.inputSchema().get("required")).size();
    }
    return n;
  }

  @Test
  void aDeviceWithoutGesturesIsOfferedNone() {
    List<ToolDefinition> plain = on(new FakeDevice());

    assertThat(names(plain)).contains("tap", "swipe").doesNotContain("long_press", "drag", "hover");
    assertThat(properties(plain, "tap")).doesNotContain("modifiers");
  }

  @Test
  void aPhoneIsOfferedLongPressAndDragButNoHoverNorModifiers() {
    List<ToolDefinition> phone = on(new Phone());

    assertThat(names(phone)).contains("long_press", "drag").doesNotContain("hover");
    assertThat(properties(phone, "tap")).doesNotContain("modifiers");
    assertThat(optional(phone)).isLessThanOrEqualTo(ToolCatalog.MAX_OPTIONAL_PARAMETERS);
  }

  @Test
  void aBrowserIsOfferedEveryGestureWithinTheOptionalParameterCeiling() {
    List<ToolDefinition> browser = on(new Browser());

    assertThat(names(browser)).contains("long_press", "drag", "hover", "tap");
    assertThat(properties(browser, "tap")).contains("modifiers", "element", "text", "x", "y");
    assertThat(properties(browser, "drag"))
        .containsExactlyInAnyOrder("from_element", "to_element", "to_x", "to_y");
    assertThat(properties(browser, "long_press")).containsExactly("element");
    assertThat(properties(browser, "tap")).doesNotContain("timeout_ms", "settle_ms");
    assertThat(optional(browser)).isLessThanOrEqualTo(ToolCatalog.MAX_OPTIONAL_PARAMETERS);
  }

  @Test
  void aWebPageIsOfferedNavigateAndKeysInsteadOfAppsWithinTheCeiling() {
    List<ToolDefinition> page = on(new Page());

    assertThat(names(page))
        .contains("navigate", "press_key", "select_option", "hover")
        .doesNotContain("launch_app", "terminate_app");
    assertThat(properties(page, "navigate")).containsExactly("to");
    assertThat(properties(page, "press_key")).containsExactly("key");
    assertThat(properties(page, "assert_visible")).contains("element").doesNotContain("id");
    assertThat(optional(page)).isLessThanOrEqualTo(ToolCatalog.MAX_OPTIONAL_PARAMETERS);
  }

  @Test
  void dragHandlesBecomeElementIds() {
    PlannedStep step =
        ToolCatalog.toStep(
            new ToolCall("t1", "drag", Map.of("from_element", "3", "to_x", 10, "to_y", 20)),
            PromptPartsTest.SCREEN);

    assertThat(step.args()).containsEntry("from_element", "sw").containsEntry("to_x", 10);
  }

  @Test
  void theRequestToTheModelOffersWhatTheSimMakes() {
    try (AgentFixture f = new AgentFixture()) {
      f.api.enqueue(Replies.done("nothing to do here: the home screen is shown."));

      TaskOutcome outcome = f.run("Show the home screen");

      assertThat(outcome.status()).as(outcome.reason()).isEqualTo(TaskStatus.SUCCEEDED);
      JsonNode tools = f.requests().get(0).json().path("tools");
      List<String> sent = new ArrayList<>();
      tools.forEach(t -> sent.add(t.path("name").asText()));
      assertThat(sent).contains("long_press", "drag", "tap").doesNotContain("hover");
      tools.forEach(
          t -> {
            if (t.path("name").asText().equals("tap")) {
              assertThat(t.path("input_schema").path("properties").has("modifiers")).isFalse();
            }
          });
    }
  }
}
