package dev.apex.world;

import static dev.apex.world.Scenes.inbox;
import static dev.apex.world.Scenes.login;
import static dev.apex.world.Scenes.ok;
import static dev.apex.world.Scenes.semantic;
import static dev.apex.world.Scenes.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.PlannedStep;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's risk mitigation: observe cannot throw, and a missing or wrongly typed input leaves
 * only the fields it feeds unchanged.
 */
class WorldModelRobustnessTest {

  private final WorldModel world = new WorldModel();
  private WorldState before;

  /** A known state to compare against: app, page, signature and one variable set. */
  @BeforeEach
  void knownState() {
    PlannedStep launch =
        step("launch_app", Map.of("bundle_id", "com.a", "remember", Map.of("user", "alice")));
    world.observe(login("9:41"), semantic("login"), launch, ok(launch));
    before = world.state();
  }

  @Test
  void aNullSceneLeavesTheSignatureAndStillRecordsTheStep() {
    PlannedStep tap = step("tap", Map.of());
    world.observe(null, semantic("inbox"), tap, ok(tap));

    WorldState after = world.state();
    assertThat(after.screenSignature()).isEqualTo(before.screenSignature());
    assertThat(after.currentPage()).isEqualTo("inbox");
    assertThat(after.lastEvent().orElseThrow().signature()).isNull();
    assertThat(after.lastEvent().orElseThrow().pageOrSignature()).isEqualTo("inbox");
  }

  @Test
  void noSemanticSceneLeavesThePageAndStillTracksTheSignature() {
    PlannedStep tap = step("tap", Map.of());
    world.observe(inbox("9:41", "3", 2), null, tap, ok(tap));

    assertThat(world.state().currentPage()).isEqualTo("login");
    assertThat(world.state().screenSignature()).isNotEqualTo(before.screenSignature());
  }

  @Test
  void aNullStepFallsBackToTheResultsStep() {
    PlannedStep launch = step("launch_app", Map.of("bundle_id", "com.b"));
    world.observe(null, null, null, ok(launch));

    assertThat(world.state().currentApp()).isEqualTo("com.b");
    assertThat(world.state().lastEvent().orElseThrow().action()).isEqualTo("launch_app");
  }

  @Test
  void aNullStepAndResultLeaveAppAndVariablesAndRecordAnEmptyAction() {
    world.observe(inbox("9:41", "3", 2), null, null, null);

    WorldState after = world.state();
    assertThat(after.currentApp()).isEqualTo("com.a");
    assertThat(after.variables()).isEqualTo(before.variables());
    WorldEvent event = after.lastEvent().orElseThrow();
    assertThat(event.action()).isEmpty();
    assertThat(event.success()).isFalse();
    assertThat(event.index()).isEqualTo(2);
  }

  @Test
  void aNullResultCountsAsNotSucceeded() {
    world.observe(null, null, step("launch_app", Map.of("bundle_id", "com.b")), null);

    assertThat(world.state().currentApp()).isEqualTo("com.a");
    assertThat(world.state().lastEvent().orElseThrow().success()).isFalse();
  }

  @Test
  void allInputsNull() {
    world.observe(null, null, null, null);

    WorldState after = world.state();
    assertThat(after.currentApp()).isEqualTo(before.currentApp());
    assertThat(after.currentPage()).isEqualTo(before.currentPage());
    assertThat(after.screenSignature()).isEqualTo(before.screenSignature());
    assertThat(after.variables()).isEqualTo(before.variables());
    assertThat(after.history()).hasSize(2);
  }

  @Test
  void aRememberThatIsNotAMapIsIgnored() {
    for (Object notAMap : List.of("user=bob", 42, List.of("user", "bob"), true)) {
      PlannedStep tap = step("tap", Map.of("remember", notAMap));
      world.observe(null, null, tap, ok(tap));
    }

    assertThat(world.state().variables()).isEqualTo(before.variables());
    assertThat(world.state().history()).hasSize(5);
  }

  @Test
  void rememberKeysThatAreNotStringsAreSkipped() {
    Map<Object, Object> remember = new HashMap<>();
    remember.put(1, "one");
    remember.put(List.of("k"), "list");
    remember.put("ok", "yes");
    world.observe(null, null, step("tap", Map.of("remember", remember)), null);

    assertThat(world.state().variables())
        .containsExactly(Map.entry("ok", "yes"), Map.entry("user", "alice"));
  }

  @Test
  void anAppIdThatIsNotAStringIsIgnored() {
    for (Object notAString : List.of(42, List.of("com.b"), Map.of("id", "com.b"), true, "  ")) {
      PlannedStep launch = step("launch_app", Map.of("bundle_id", notAString));
      world.observe(null, null, launch, ok(launch));
      PlannedStep stop = step("terminate_app", Map.of("app_id", notAString));
      world.observe(null, null, stop, ok(stop));
    }

    assertThat(world.state().currentApp()).isEqualTo("com.a");
  }

  @Test
  void aWronglyTypedBundleIdFallsBackToAppId() {
    PlannedStep launch = step("launch_app", Map.of("bundle_id", 7, "app_id", "com.b"));
    world.observe(null, null, launch, ok(launch));

    assertThat(world.state().currentApp()).isEqualTo("com.b");
  }

  @Test
  void anAppStepWithoutAnyIdIsIgnored() {
    PlannedStep stop = step("terminate_app", Map.of());
    world.observe(null, null, stop, ok(stop));

    assertThat(world.state().currentApp()).isEqualTo("com.a");
  }

  @Test
  void aValueThatFailsToPrintSkipsThatRememberOnlyAndTheOtherRulesStillRun() {
    Object hostile =
        new Object() {
          @Override
          public String toString() {
            throw new IllegalStateException("broken toString");
          }
        };
    Map<String, Object> remember = new HashMap<>();
    remember.put("good", "kept only if the whole remember applies");
    remember.put("bad", hostile);
    PlannedStep launch = step("launch_app", Map.of("bundle_id", "com.b", "remember", remember));
    world.observe(inbox("9:41", "3", 2), semantic("inbox"), launch, ok(launch));

    WorldState after = world.state();
    assertThat(after.variables()).isEqualTo(before.variables());
    assertThat(after.currentApp()).isEqualTo("com.b");
    assertThat(after.currentPage()).isEqualTo("inbox");
    assertThat(after.history()).hasSize(2);
  }

  @Test
  void aValuePrintingAsNullIsSkipped() {
    Object printsNull =
        new Object() {
          @Override
          public String toString() {
            return null;
          }
        };
    world.observe(
        null, null, step("tap", Map.of("remember", Map.of("x", printsNull, "y", 1))), null);

    assertThat(world.state().variables()).containsOnlyKeys("user", "y");
  }
}
