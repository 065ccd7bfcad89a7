package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.perception.ElementIds;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** M2 in CI: every visible interactive node of every real dump stays one element. */
class RetentionTest {

  @Test
  void everyInteractiveNodeOfEveryDumpIsOneElementHoldingItsCentre() {
    RetentionResult result = Retention.measure(RealDumps.all());

    assertThat(result.interactive()).isPositive();
    for (RetentionResult.Row row : result.rows()) {
      assertThat(row.retained())
          .as("%s: %s", row.dump(), row.missing())
          .isEqualTo(row.interactive());
    }
    assertThat(result.goals()).singleElement().satisfies(g -> assertThat(g.met()).isTrue());
  }

  private static final UiNode BUTTON =
      new UiNode(
          "0",
          "android.widget.Button",
          "OK",
          "",
          "ok",
          "app",
          new Bounds(0, 0, 100, 50),
          Set.of(ElementFlag.CLICKABLE),
          true,
          List.of());

  private static UiTree tree(UiNode... nodes) {
    UiNode root =
        new UiNode(
            "",
            "hierarchy",
            "",
            "",
            "",
            "",
            new Bounds(0, 0, 1000, 1000),
            Set.of(),
            true,
            List.of(nodes));
    return new UiTree(1000, 1000, 0, root);
  }

  private static SceneElement element(UiNode node, Bounds bounds, String text) {
    return new SceneElement(
        ElementIds.of(node), "button", bounds, text, 1.0, Source.TREE, "", node.flags());
  }

  @Test
  void aNodeWithoutItsElementIsMissingAndNamed() {
    RetentionResult.Row row =
        Retention.measure("screen", tree(BUTTON), new Scene(1000, 1000, List.of()));

    assertThat(row.interactive()).isEqualTo(1);
    assertThat(row.retained()).isZero();
    assertThat(row.missing()).containsExactly("0 android.widget.Button: no element");
  }

  @Test
  void anElementThatMissesTheNodesCentreDoesNotRetainIt() {
    Scene scene = new Scene(1000, 1000, List.of(element(BUTTON, new Bounds(0, 0, 40, 50), "OK")));

    RetentionResult.Row row = Retention.measure("screen", tree(BUTTON), scene);

    assertThat(row.retained()).isZero();
    assertThat(row.missing()).singleElement().asString().contains("centre outside");
  }

  @Test
  void twoElementsWithTheNodesIdAreNotOne() {
    Scene scene =
        new Scene(
            1000,
            1000,
            List.of(element(BUTTON, BUTTON.bounds(), "OK"), element(BUTTON, BUTTON.bounds(), "")));

    RetentionResult.Row row = Retention.measure("screen", tree(BUTTON), scene);

    assertThat(row.retained()).isZero();
    assertThat(row.missing()).singleElement().asString().contains("2 elements share its id");
  }

  @Test
  void aCentreInsideElementsWithDifferentLabelsIsAmbiguous() {
    SceneElement overlay =
        new SceneElement("o1", "text", new Bounds(0, 0, 1000, 1000), "Banner", 0.9, Source.OCR);
    Scene scene = new Scene(1000, 1000, List.of(element(BUTTON, BUTTON.bounds(), "OK"), overlay));

    RetentionResult.Row row = Retention.measure("screen", tree(BUTTON), scene);

    assertThat(row.retained()).isEqualTo(1);
    assertThat(row.ambiguous()).isEqualTo(1);
  }

  @Test
  void invisibleAndAreaLessNodesDoNotCount() {
    UiNode hidden =
        new UiNode(
            "1",
            "android.widget.Button",
            "",
            "",
            "",
            "",
            new Bounds(0, 0, 10, 10),
            Set.of(ElementFlag.CLICKABLE),
            false,
            List.of());
    UiNode empty =
        new UiNode(
            "2",
            "android.widget.Button",
            "",
            "",
            "",
            "",
            Bounds.EMPTY,
            Set.of(ElementFlag.CLICKABLE),
            true,
            List.of());

    RetentionResult.Row row =
        Retention.measure("screen", tree(hidden, empty), new Scene(1000, 1000, List.of()));

    assertThat(row.interactive()).isZero();
  }
}
