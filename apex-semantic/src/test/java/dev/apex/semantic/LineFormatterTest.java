package dev.apex.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineFormatterTest {

  @Test
  void writesOneLinePerElementStartingWithItsId() {
    String text = SceneFormatter.lines().format(Scenes.login());

    assertThat(text.lines())
        .startsWith(
            "screen 1080x2400 px; one element per line: id type \"text\" [left,top][right,bottom] flags")
        .contains(
            "0/0/submit button \"Sign in\" [40,400][1040,520] res=com.app:id/login clickable",
            "0/0/forgot text \"Forgot password?\" [40,400][1040,520] clickable");
  }

  @Test
  void leavesOutBareContainers() {
    String text = SceneFormatter.lines().format(Scenes.login());

    assertThat(text.lines()).noneMatch(line -> line.startsWith("0 "));
  }

  @Test
  void flattensQuotesAndCutsLongTexts() {
    String longText = "a \"quoted\"\nword ".repeat(20);
    Scene scene =
        new Scene(
            10,
            10,
            List.of(new SceneElement("t1", "text", Bounds.EMPTY, longText, 0.9, Source.OCR)));

    String line = SceneFormatter.lines().format(scene).lines().skip(1).findFirst().orElseThrow();

    assertThat(line)
        .startsWith("t1 text \"a \\\"quoted\\\" word")
        .contains("…")
        .doesNotContain("\n");
  }

  @Test
  void capsTheListingAndSaysHowManyWereLeftOut() {
    List<SceneElement> many = new ArrayList<>();
    for (int i = 0; i < LineFormatter.MAX_LINES + 7; i++) {
      many.add(new SceneElement("e" + i, "text", Bounds.EMPTY, "item " + i, 1.0, Source.TREE));
    }

    String text = SceneFormatter.lines().format(new Scene(100, 100, many));

    assertThat(text.lines()).hasSize(LineFormatter.MAX_LINES + 2);
    assertThat(text).endsWith("(7 more elements not listed)\n");
  }
}
