package dev.apex.world;

import static dev.apex.world.Scenes.failed;
import static dev.apex.world.Scenes.inbox;
import static dev.apex.world.Scenes.login;
import static dev.apex.world.Scenes.ok;
import static dev.apex.world.Scenes.semantic;
import static dev.apex.world.Scenes.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The update rules of seed 000, D2, one at a time. */
class WorldModelTest {

  private final WorldModel world = new WorldModel();

  private void run(PlannedStep step) {
    world.observe(inbox("9:41", "3", 2), null, step, ok(step));
  }

  @Test
  void startsKnowingNothing() {
    assertThat(world.state()).isEqualTo(WorldState.EMPTY);
  }

  @Nested
  class CurrentPage {

    @Test
    void isTheSemanticScenesPage() {
      PlannedStep tap = step("tap", Map.of("element_id", "e1"));
      world.observe(login("9:41"), semantic("login"), tap, ok(tap));
      world.observe(inbox("9:41", "3", 2), semantic("inbox"), tap, ok(tap));

      assertThat(world.state().currentPage()).isEqualTo("inbox");
    }

    @Test
    void staysAsItWasWithoutASemanticScene() {
      PlannedStep tap = step("tap", Map.of());
      world.observe(login("9:41"), semantic("login"), tap, ok(tap));
      world.observe(inbox("9:41", "3", 2), null, tap, ok(tap));

      assertThat(world.state().currentPage()).isEqualTo("login");
    }

    @Test
    void staysAsItWasWhenTheSemanticSceneNamesNoPage() {
      PlannedStep tap = step("tap", Map.of());
      world.observe(login("9:41"), semantic("login"), tap, ok(tap));
      world.observe(login("9:41"), semantic(" "), tap, ok(tap));

      assertThat(world.state().currentPage()).isEqualTo("login");
    }

    @Test
    void followsTheSemanticSceneEvenWhenTheStepFailed() {
      PlannedStep tap = step("tap", Map.of());
      world.observe(login("9:41"), semantic("login"), tap, failed(tap));

      assertThat(world.state().currentPage()).isEqualTo("login");
    }
  }

  @Nested
  class CurrentApp {

    @Test
    void followsASuccessfulLaunchByBundleIdOrAppId() {
      run(step("launch_app", Map.of("bundle_id", "com.apple.mobilemail")));
      assertThat(world.state().currentApp()).isEqualTo("com.apple.mobilemail");

      run(step("launch_app", Map.of("app_id", "com.android.settings")));
      assertThat(world.state().currentApp()).isEqualTo("com.android.settings");
    }

    @Test
    void prefersBundleIdOverAppId() {
      run(step("launch_app", Map.of("bundle_id", "com.a", "app_id", "com.b")));

      assertThat(world.state().currentApp()).isEqualTo("com.a");
    }

    @Test
    void aFailedLaunchLeavesItUnchanged() {
      run(step("launch_app", Map.of("bundle_id", "com.a")));
      PlannedStep launchB = step("launch_app", Map.of("bundle_id", "com.b"));
      world.observe(inbox("9:41", "3", 2), null, launchB, failed(launchB));

      assertThat(world.state().currentApp()).isEqualTo("com.a");
    }

    @Test
    void terminatingTheCurrentAppClearsIt() {
      run(step("launch_app", Map.of("bundle_id", "com.a")));
      run(step("terminate_app", Map.of("bundle_id", "com.a")));

      assertThat(world.state().currentApp()).isNull();
    }

    @Test
    void terminatingAnotherAppLeavesIt() {
      run(step("launch_app", Map.of("bundle_id", "com.a")));
      run(step("terminate_app", Map.of("app_id", "com.b")));

      assertThat(world.state().currentApp()).isEqualTo("com.a");
    }

    @Test
    void aFailedTerminateOfTheCurrentAppLeavesIt() {
      run(step("launch_app", Map.of("bundle_id", "com.a")));
      PlannedStep stop = step("terminate_app", Map.of("bundle_id", "com.a"));
      world.observe(null, null, stop, failed(stop));

      assertThat(world.state().currentApp()).isEqualTo("com.a");
    }

    @Test
    void otherActionsNamingAnAppLeaveIt() {
      run(step("launch_app", Map.of("bundle_id", "com.a")));
      run(step("open_url", Map.of("bundle_id", "com.b")));

      assertThat(world.state().currentApp()).isEqualTo("com.a");
    }
  }

  @Nested
  class RememberedVariables {

    @Test
    void changeOnlyThroughRemember() {
      run(step("type_text", Map.of("text", "alice", "user", "alice")));
      assertThat(world.state().variables()).isEmpty();

      run(step("type_text", Map.of("text", "alice", "remember", Map.of("user", "alice"))));
      assertThat(world.state().variables()).containsExactly(Map.entry("user", "alice"));
    }

    @Test
    void keepJsonScalarsAsGivenAndOtherValuesAsText() {
      Map<String, Object> remember = new HashMap<>();
      remember.put("name", "Alice");
      remember.put("unread", 3);
      remember.put("big", 12_000_000_000L);
      remember.put("price", new BigDecimal("9.99"));
      remember.put("ratio", 0.5);
      remember.put("signed_in", true);
      remember.put("tabs", List.of("mail", "calendar"));
      remember.put("counter", new AtomicInteger(7));
      run(step("tap", Map.of("remember", remember)));

      assertThat(world.state().variables())
          .containsEntry("name", "Alice")
          .containsEntry("unread", 3)
          .containsEntry("big", 12_000_000_000L)
          .containsEntry("price", new BigDecimal("9.99"))
          .containsEntry("ratio", 0.5)
          .containsEntry("signed_in", true)
          .containsEntry("tabs", "[mail, calendar]")
          .containsEntry("counter", "7");
    }

    @Test
    void accumulateAndOverwriteByKey() {
      run(step("tap", Map.of("remember", Map.of("a", 1, "b", 2))));
      run(step("tap", Map.of("remember", Map.of("b", 3, "c", 4))));

      assertThat(world.state().variables())
          .containsExactly(Map.entry("a", 1), Map.entry("b", 3), Map.entry("c", 4));
    }

    @Test
    void aNullValueForgetsTheKey() {
      run(step("tap", Map.of("remember", Map.of("a", 1, "b", 2))));
      Map<String, Object> forget = new HashMap<>();
      forget.put("a", null);
      run(step("tap", Map.of("remember", forget)));

      assertThat(world.state().variables()).containsExactly(Map.entry("b", 2));
    }

    @Test
    void applyEvenWhenTheStepFailed() {
      PlannedStep step = step("type_text", Map.of("remember", Map.of("user", "alice")));
      world.observe(null, null, step, failed(step));

      assertThat(world.state().variables()).containsEntry("user", "alice");
    }

    @Test
    void areHeldInKeyOrder() {
      run(step("tap", Map.of("remember", Map.of("zeta", 1))));
      run(step("tap", Map.of("remember", Map.of("alpha", 2))));
      run(step("tap", Map.of("remember", Map.of("mid", 3))));

      assertThat(world.state().variables().keySet()).containsExactly("alpha", "mid", "zeta");
    }
  }

  @Nested
  class ScreenSignatureField {

    @Test
    void followsEveryScene() {
      PlannedStep tap = step("tap", Map.of());
      world.observe(login("9:41"), semantic("login"), tap, ok(tap));
      String login = world.state().screenSignature();
      world.observe(inbox("9:41", "3", 2), null, tap, ok(tap));

      assertThat(login).isEqualTo(ScreenSignature.of(login("9:41")));
      assertThat(world.state().screenSignature())
          .isEqualTo(ScreenSignature.of(inbox("9:41", "3", 2)))
          .isNotEqualTo(login);
    }

    @Test
    void staysAsItWasWhenNoSceneWasObserved() {
      PlannedStep tap = step("tap", Map.of());
      world.observe(login("9:41"), null, tap, ok(tap));
      world.observe(null, null, tap, ok(tap));

      assertThat(world.state().screenSignature()).isEqualTo(ScreenSignature.of(login("9:41")));
    }
  }

  @Nested
  class History {

    @Test
    void holdsOneEventPerStepOldestFirst() {
      Scene scene = login("9:41");
      PlannedStep launch = step("launch_app", Map.of("bundle_id", "com.a"));
      PlannedStep tap = step("tap", Map.of());
      world.observe(scene, null, launch, ok(launch));
      world.observe(scene, semantic("login"), tap, failed(tap));

      List<WorldEvent> history = world.state().history();
      assertThat(history).hasSize(2);
      WorldEvent first = history.get(0);
      assertThat(first.index()).isEqualTo(1);
      assertThat(first.action()).isEqualTo("launch_app");
      assertThat(first.success()).isTrue();
      assertThat(first.scene()).isSameAs(scene);
      assertThat(first.semanticScene()).isNull();
      assertThat(first.pageOrSignature()).isEqualTo(ScreenSignature.of(scene));
      WorldEvent second = history.get(1);
      assertThat(second.index()).isEqualTo(2);
      assertThat(second.success()).isFalse();
      assertThat(second.semanticScene().page()).isEqualTo("login");
      assertThat(second.scene()).as("the semantic scene stands for the scene").isNull();
      assertThat(second.pageOrSignature()).isEqualTo("login");
      assertThat(world.state().lastEvent()).contains(second);
    }

    @Test
    void dropsTheOldestPastTheBound() {
      WorldModel small = new WorldModel(WorldConfig.defaults().withHistorySize(3));
      for (int i = 1; i <= 5; i++) {
        PlannedStep tap = step("tap" + i, Map.of());
        small.observe(null, null, tap, ok(tap));
      }

      assertThat(small.state().history())
          .extracting(WorldEvent::action)
          .containsExactly("tap3", "tap4", "tap5");
    }

    @Test
    void aThousandStepRunHoldsExactlyTheConfiguredNumber() {
      Scene scene = inbox("9:41", "3", 4);
      for (int i = 1; i <= 1_000; i++) {
        PlannedStep tap = step("tap", Map.of("n", i));
        world.observe(scene, i % 2 == 0 ? semantic("inbox") : null, tap, ok(tap));
        assertThat(world.state().history()).hasSizeLessThanOrEqualTo(10);
      }

      List<WorldEvent> history = world.state().history();
      assertThat(history).hasSize(WorldConfig.DEFAULT_HISTORY_SIZE);
      assertThat(history)
          .extracting(WorldEvent::index)
          .containsExactly(991, 992, 993, 994, 995, 996, 997, 998, 999, 1000);
    }
  }

  @Test
  void aDisabledModelIgnoresEverything() {
    WorldModel off = new WorldModel(WorldConfig.disabled());
    PlannedStep launch = step("launch_app", Map.of("bundle_id", "com.a"));
    off.observe(login("9:41"), semantic("login"), launch, ok(launch));

    assertThat(off.state()).isEqualTo(WorldState.EMPTY);
  }
}
