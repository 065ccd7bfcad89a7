package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.perception.OcrBox;
import dev.apex.perception.tree.UiNode;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LayoutGeneratorTest {

  @Test
  void hasAboutTheNodesAskedFor() {
    for (int target : new int[] {10, 350, 3_500}) {
      GeneratedLayout layout = LayoutGenerator.generate(target, 1);

      assertThat(layout.nodes()).isBetween(target, target + 13);
      assertThat(layout.tree().nodes()).hasSize(layout.nodes());
    }
  }

  @Test
  void isTheSameForTheSameSeedAndDiffersForAnother() {
    GeneratedLayout a = LayoutGenerator.generate(350, 7);
    GeneratedLayout b = LayoutGenerator.generate(350, 7);
    GeneratedLayout c = LayoutGenerator.generate(350, 8);

    assertThat(a).isEqualTo(b);
    assertThat(a.boxes()).isNotEqualTo(c.boxes());
  }

  @Test
  void pathsAreUniqueAndEverythingLiesOnThePage() {
    GeneratedLayout layout = LayoutGenerator.generate(3_500, 3);
    Bounds page = new Bounds(0, 0, layout.tree().width(), layout.tree().height());
    Set<String> paths = new HashSet<>();

    for (UiNode node : layout.tree().nodes()) {
      assertThat(paths.add(node.path())).as("path %s", node.path()).isTrue();
      assertThat(page.contains(node.bounds())).isTrue();
    }
    for (OcrBox box : layout.boxes()) {
      assertThat(box.bounds().hasArea()).isTrue();
      assertThat(box.bounds().intersectionArea(page)).isPositive();
    }
  }

  @Test
  void readsAboutOneBoxPerTwoToFourNodes() {
    GeneratedLayout layout = LayoutGenerator.generate(3_500, 5);

    assertThat(layout.boxes().size()).isBetween(layout.nodes() / 4, layout.nodes() / 2);
  }

  @Test
  void rejectsTinyLayouts() {
    assertThatThrownBy(() -> LayoutGenerator.generate(5, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
