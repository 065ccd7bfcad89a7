package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.perception.OcrBox;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FusionAgreementTest {

  private static UiNode leaf(String path, Bounds bounds) {
    return new UiNode(path, "android.view.View", "", "", "", "", bounds, Set.of(), true, List.of());
  }

  private static UiTree tree(UiNode... nodes) {
    return new UiTree(
        1000,
        1000,
        0,
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
            List.of(nodes)));
  }

  @Test
  void countsTheBoxesWhereTheGreedyTakesAWorseAssignment() {
    // Box A lies in X (score 0.5) and Y (0.25); box B only in X (0.48). Greedy gives X to A and
    // leaves B out (0.5); the optimum gives X to B and Y to A (0.73).
    UiTree tree =
        tree(leaf("0", new Bounds(0, 0, 100, 100)), leaf("1", new Bounds(50, 0, 250, 100)));
    List<OcrBox> boxes =
        List.of(
            new OcrBox("A", new Bounds(50, 0, 100, 100), 0.9),
            new OcrBox("B", new Bounds(0, 0, 49, 98), 0.9));

    FusionAgreement.Result r = FusionAgreement.measure(tree, boxes);

    assertThat(r.boxes()).isEqualTo(2);
    assertThat(r.pairs()).isEqualTo(3);
    assertThat(r.components()).isEqualTo(1);
    assertThat(r.largest()).isEqualTo(2);
    assertThat(r.agreeing()).isZero();
    assertThat(r.greedyScore()).isEqualTo(0.5);
    assertThat(r.optimalScore()).isCloseTo(0.7302, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void aBoxAloneInItsNodeAndABoxWithNoCandidateBothAgree() {
    UiTree tree = tree(leaf("0", new Bounds(0, 0, 100, 100)));
    List<OcrBox> boxes =
        List.of(
            new OcrBox("in", new Bounds(10, 10, 90, 90), 0.9),
            new OcrBox("far", new Bounds(500, 500, 600, 600), 0.9));

    FusionAgreement.Result r = FusionAgreement.measure(tree, boxes);

    assertThat(r.agreeing()).isEqualTo(2);
    assertThat(r.agreement()).isEqualTo(1.0);
    assertThat(r.components()).isEqualTo(1);
  }

  @Test
  void theGeneratedLayoutsMeetTheAgreementGoal() {
    GeneratedLayout layout = LayoutGenerator.generate(350, FusionScaling.SEED + 350);

    FusionAgreement.Result r = FusionAgreement.measure(layout.tree(), layout.boxes());

    assertThat(r.boxes()).isEqualTo(layout.boxes().size());
    assertThat(r.pairs()).isGreaterThanOrEqualTo(r.boxes() / 2);
    assertThat(r.agreement()).isGreaterThanOrEqualTo(FusionScalingResult.AGREEMENT_GOAL);
  }
}
