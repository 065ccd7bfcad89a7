package dev.apex.world;

import static dev.apex.world.Scenes.inbox;
import static dev.apex.world.Scenes.login;
import static dev.apex.world.Scenes.ok;
import static dev.apex.world.Scenes.semantic;
import static dev.apex.world.Scenes.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Json;
import dev.apex.core.PlannedStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planner's read-only view and the timeline's JSON form. */
class WorldStateTest {

  private final WorldModel world = new WorldModel();

  private WorldState afterTwoSteps() {
    PlannedStep launch =
        step("launch_app", Map.of("bundle_id", "com.mail", "remember", Map.of("user", "alice")));
    world.observe(login("9:41"), null, launch, ok(launch));
    PlannedStep signIn = step("tap", Map.of("element_id", "sign_in"));
    world.observe(inbox("9:41", "3", 2), semantic("inbox"), signIn, ok(signIn));
    return world.state();
  }

  @Test
  void cannotBeModified() {
    WorldState state = afterTwoSteps();

    assertThatThrownBy(() -> state.variables().put("user", "mallory"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> state.history().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> state.history().add(state.history().get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void anEarlierSnapshotDoesNotChangeWhenTheModelObservesMore() {
    WorldState earlier = afterTwoSteps();
    String earlierJson = earlier.toJson();

    PlannedStep stop =
        step("terminate_app", Map.of("bundle_id", "com.mail", "remember", Map.of("user", "bob")));
    for (int i = 0; i < 20; i++) {
      world.observe(login("9:41"), semantic("login"), stop, ok(stop));
    }

    assertThat(earlier.toJson()).isEqualTo(earlierJson);
    assertThat(earlier.currentApp()).isEqualTo("com.mail");
    assertThat(earlier.variables()).containsEntry("user", "alice");
    assertThat(earlier.history()).hasSize(2);
    assertThat(world.state().currentApp()).isNull();
  }

  @Test
  void isBuiltOncePerObservation() {
    WorldState first = afterTwoSteps();

    assertThat(world.state()).isSameAs(first);
    world.observe(null, null, null, null);
    assertThat(world.state()).isNotSameAs(first);
  }

  @Test
  void copiesWhatItIsGiven() {
    Map<String, Object> variables = new HashMap<>(Map.of("a", 1));
    List<WorldEvent> history = new ArrayList<>();
    WorldState state = new WorldState(null, null, null, variables, history);
    variables.put("b", 2);
    history.add(new WorldEvent(1, "tap", true, null, null, null, null));

    assertThat(state.variables()).containsOnlyKeys("a");
    assertThat(state.history()).isEmpty();
  }

  @Test
  void jsonIsCompactAndLeavesScenesOut() {
    WorldState state = afterTwoSteps();
    String login = ScreenSignature.of(login("9:41"));
    String inbox = ScreenSignature.of(inbox("9:41", "3", 2));

    assertThat(state.toJson())
        .isEqualTo(
            "{\"currentApp\":\"com.mail\",\"currentPage\":\"inbox\",\"screenSignature\":\""
                + inbox
                + "\",\"variables\":{\"user\":\"alice\"},\"history\":["
                + "{\"index\":1,\"action\":\"launch_app\",\"success\":true,\"signature\":\""
                + login
                + "\"},"
                + "{\"index\":2,\"action\":\"tap\",\"success\":true,\"page\":\"inbox\","
                + "\"signature\":\""
                + inbox
                + "\"}]}");
    assertThat(Json.write(state)).isEqualTo(state.toJson());
  }

  @Test
  void jsonOfTheEmptyStateNamesOnlyTheCollections() {
    assertThat(WorldState.EMPTY.toJson()).isEqualTo("{\"variables\":{},\"history\":[]}");
  }

  @Test
  void jsonReadsBackToTheSameJson() {
    String json = afterTwoSteps().toJson();

    WorldState read = Json.read(json, WorldState.class);

    assertThat(read.toJson()).isEqualTo(json);
    assertThat(read.history().get(1).semanticScene()).isNull();
    assertThat(read.history().get(1).scene()).isNull();
  }

  @Test
  void anEventHoldsTheSemanticSceneOrTheSceneNotBoth() {
    assertThatThrownBy(
            () -> new WorldEvent(1, "tap", true, "inbox", null, semantic("inbox"), login("9:41")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not both");
    assertThatThrownBy(() -> new WorldEvent(0, "tap", true, null, null, null, null))
        .hasMessageContaining("index");
  }
}
