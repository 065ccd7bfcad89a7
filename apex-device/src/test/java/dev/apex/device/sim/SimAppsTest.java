package dev.apex.device.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import dev.apex.testkit.FakeClock;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimAppsTest {

  @Test
  void theDefaultAppsLoadFromTheirJson() {
    SimApps apps = SimApps.defaults();

    assertThat(apps.home()).isEqualTo("com.apex.sim.launcher");
    assertThat(apps.ids())
        .containsExactly(
            "com.android.settings",
            "com.apex.sim.launcher",
            "com.apex.sim.messages",
            "com.apex.sim.notes");
    assertThat(apps.require("com.android.settings").page("wifi")).isPresent();
  }

  @Test
  void aCustomAppRunsOnTheEngine() {
    SimApp counter =
        app(
            """
            {"id": "com.example.lamp", "label": "Lamp", "root": "main",
             "state": {"switches": {"lamp": false}},
             "pages": [{"id": "main", "title": "Lamp", "widgets": [
               {"type": "switch", "id": "lamp", "text": "Lamp", "key": "lamp"},
               {"type": "button", "id": "go", "text": "Go home", "bounds": [40, 1400, 400, 1500],
                "onTap": [{"do": "home"}]}]}]}
            """);
    SimApp home =
        app(
            """
            {"id": "home", "label": "Home", "root": "h", "pages": [{"id": "h", "widgets": [
              {"type": "icon", "text": "Lamp", "bounds": [0, 100, 200, 340],
               "onTap": [{"do": "open-app", "app": "com.example.lamp"}]}]}]}
            """);
    SimDevice device =
        SimDevice.create(SimApps.of("home", List.of(home, counter)), new FakeClock());

    device.tap(100, 200);
    device.tap(600, 240);
    assertThat(device.screen().find(n -> n.text().equals("On"))).isPresent();
    device.tap(100, 1450);

    assertThat(device.currentApp()).contains("home");
  }

  @Test
  void aDanglingPageIsRejectedNamingTheAppPageAndWidget() {
    SimApp broken =
        app(
            """
            {"id": "b", "label": "B", "root": "main", "pages": [{"id": "main", "title": "B",
              "widgets": [{"type": "button", "id": "next", "text": "Next",
                           "onTap": [{"do": "navigate", "page": "nowhere"}]}]}]}
            """);

    assertThatThrownBy(() -> SimApps.of("b", List.of(broken)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("sim app b")
        .hasMessageContaining("page 'main'")
        .hasMessageContaining("button 'next'")
        .hasMessageContaining("'nowhere'");
  }

  @Test
  void anUndeclaredSwitchAnAnonymousButtonAndAMissingHomeAreRejected() {
    SimApp undeclared =
        app(
            """
            {"id": "u", "label": "U", "root": "m", "pages": [{"id": "m", "title": "U",
              "widgets": [{"type": "row", "text": "Radio", "summary": "{radio}"}]}]}
            """);
    SimApp anonymous =
        app(
            """
            {"id": "a", "label": "A", "root": "m", "pages": [{"id": "m", "title": "A",
              "widgets": [{"type": "button", "onTap": [{"do": "back"}]}]}]}
            """);

    assertThatThrownBy(() -> SimApps.of("u", List.of(undeclared)))
        .hasMessageContaining("undeclared switch placeholder 'radio'");
    assertThatThrownBy(() -> SimApps.of("a", List.of(anonymous)))
        .hasMessageContaining("needs a text or a description");
    assertThatThrownBy(() -> SimApps.of("nope", List.of(anonymous)))
        .hasMessageContaining("home app 'nope'");
  }

  @Test
  void aTypoInTheJsonFailsLoudly() {
    assertThatThrownBy(
            () ->
                app(
                    """
                    {"id": "t", "label": "T", "root": "m", "pages": [{"id": "m",
                      "widgets": [{"type": "button", "txt": "Typo"}]}]}
                    """))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("txt");
  }

  private static SimApp app(String json) {
    return Json.read(json, SimApp.class);
  }
}
