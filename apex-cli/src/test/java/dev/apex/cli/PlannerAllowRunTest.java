package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.config.ApexConfig;
import dev.apex.config.ConfigField;
import dev.apex.config.Settings;
import dev.apex.runtime.safety.SafetyPolicy;
import dev.apex.runtime.safety.SensitiveKind;
import dev.apex.testkit.llm.FakeMessagesApi;
import dev.apex.testkit.llm.FakeReply;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apex run --goal} allows the config's planner allow-lists and {@code --allow-app} too. */
class PlannerAllowRunTest {

  @TempDir Path dir;
  private FakeMessagesApi claude;

  @BeforeEach
  void start() {
    claude = FakeMessagesApi.start();
  }

  @AfterEach
  void stop() {
    claude.close();
  }

  @Test
  void theFlagsAddToTheConfigsAllowList() {
    ApexConfig config =
        ApexConfig.defaults()
            .withPlanner(new ApexConfig.Planner(List.of("com.a"), List.of(SensitiveKind.SENDING)));
    Settings settings = Settings.of(config, Map.of(), false);

    SafetyPolicy merged =
        settings
            .withFlags(Map.of(ConfigField.PLANNER_ALLOWED_APPS, List.of("com.b", "com.a")))
            .safety();

    assertThat(merged.allowedApps()).containsExactlyInAnyOrder("com.a", "com.b");
    assertThat(merged.allows(SensitiveKind.SENDING)).isTrue();
    assertThat(merged.allows(SensitiveKind.PAYMENT)).isFalse();
    assertThat(settings.withFlags(Map.of()).safety().allowedApps()).containsExactly("com.a");
  }

  @Test
  void anAppTheConfigAllowsLaunchesWithoutAFlagOrAQuestion() {
    claude.enqueue(
        FakeReply.toolUse("toolu_1", "launch_app", Map.of("app_id", "com.android.settings")),
        FakeReply.toolUse("toolu_2", "done", Map.of("summary", "Settings is open.")));

    Cli.Result run =
        Cli.run(
            Map.of(
                "ANTHROPIC_API_KEY",
                "sk-canary-allow",
                "ANTHROPIC_BASE_URL",
                claude.baseUrl(),
                "APEX_HOME",
                dir.toString(),
                "APEX_PLANNER_ALLOWED_APPS",
                "com.android.settings"),
            Cli.withDb(dir.resolve("t.db"), "run", "--goal", "open settings", "--no-ocr"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("step  1  ok      launch_app").doesNotContain("policy_denied");
  }
}
