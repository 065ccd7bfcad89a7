package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.llm.LlmUsage;
import dev.apex.perception.OcrEngine;
import dev.apex.perception.Perceiver;
import dev.apex.testkit.TestData;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real phone screens (shared/data) as the planner would send them: every text stays inside the
 * screen block, and the message's size — printed with the estimated cost of one step on the default
 * model — is what docs/planner.md quotes.
 */
class RealScreenCostTest {

  /** Measured in WifiGoalTest: tools and system prompt, cl100k. */
  private static final int CACHED_PREFIX = 2_321;

  /** A tool call at effort low, thinking included: a generous guess. */
  private static final int OUTPUT = 150;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "android/google_app_settings_list_1344x2992.xml",
        "android/samsung_app_drawer_grid_1080x2178.xml",
        "android/samsung_open_with_chooser_dialog_1080x2178.xml"
      })
  void aRealScreenFitsInAFewHundredTokensAndStaysInItsBlock(String dump) {
    byte[] tree = TestData.bytes(dump);
    Scene scene =
        new Perceiver(OcrEngine.NONE)
            .observe(
                new RawCapture(
                    "android:test",
                    TreeFormat.UIAUTOMATOR_XML,
                    tree,
                    null,
                    ScreenSize.pixels(1080, 2178)));
    String user =
        PromptWriter.write(
            new PromptWriter.Input(
                "0123456789abcdef",
                "Open the notification settings",
                scene,
                "sig",
                null,
                null,
                List.of(),
                8,
                List.of(),
                "Budget: …"));

    String trusted = AgentFixture.outsideBlocks(user);
    for (SceneElement e : scene.elements()) {
      if (e.text().strip().length() > 3) {
        assertThat(trusted).doesNotContain(e.text().strip());
      }
    }
    Encoding cl100k = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
    int tokens = cl100k.countTokens(user);
    double cost =
        Pricing.of(PlannerConfig.DEFAULT_MODEL)
            .orElseThrow()
            .costUsd(new LlmUsage(tokens, OUTPUT, 0, CACHED_PREFIX));
    System.out.printf(
        Locale.ROOT,
        "%s: %d elements, user message %d tokens (cl100k); one step on %s with the prefix cached"
            + " and %d output tokens ≈ $%.4f%n",
        dump,
        scene.elements().size(),
        tokens,
        PlannerConfig.DEFAULT_MODEL,
        OUTPUT,
        cost);
    assertThat(tokens).isLessThan(4_000);
  }
}
