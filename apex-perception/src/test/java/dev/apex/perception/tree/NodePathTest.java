package dev.apex.perception.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import dev.apex.perception.ElementIds;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Linked paths read and hash exactly as the text they stand for, so element ids are unchanged. */
class NodePathTest {

  /** The id rule as it was stated over the path's text: FNV-1a of path, resource id, class. */
  private static String idFromText(String path, String resourceId, String className) {
    long prime = 0x100000001b3L;
    long h = 0xcbf29ce484222325L;
    for (char c : path.toCharArray()) {
      h = (h ^ c) * prime;
    }
    h = (h ^ 1) * prime;
    for (char c : resourceId.toCharArray()) {
      h = (h ^ c) * prime;
    }
    h = (h ^ 2) * prime;
    for (char c : className.toCharArray()) {
      h = (h ^ c) * prime;
    }
    return "e" + Long.toString(h & ((1L << 52) - 1), 36);
  }

  private static UiNode at(NodePath path) {
    return new UiNode(
        path,
        "android.widget.Button",
        "",
        "",
        "com.x:id/ok",
        "",
        Bounds.EMPTY,
        Set.of(),
        true,
        List.of());
  }

  @Test
  void aChildsTextAndIdAreThoseOfItsWrittenPath() {
    NodePath path = NodePath.ROOT;
    for (int index : new int[] {0, 3, 12, 0, 1_000_000}) {
      path = path.child(index);
    }

    assertThat(path).hasToString("0/3/12/0/1000000");
    assertThat(NodePath.of("0/3/12/0/1000000")).isEqualTo(path).hasSameHashCodeAs(path);
    assertThat(ElementIds.of(at(path)))
        .isEqualTo(idFromText("0/3/12/0/1000000", "com.x:id/ok", "android.widget.Button"));
    assertThat(ElementIds.of(at(NodePath.ROOT)))
        .isEqualTo(idFromText("", "com.x:id/ok", "android.widget.Button"));
  }

  @Test
  void otherTextIsKeptAsItIsAndHashedTheSame() {
    NodePath odd = NodePath.of("n0/wifi_row");

    assertThat(odd.child(2)).hasToString("n0/wifi_row/2");
    assertThat(ElementIds.of(at(odd.child(2))))
        .isEqualTo(idFromText("n0/wifi_row/2", "com.x:id/ok", "android.widget.Button"));
    assertThat(NodePath.of("01")).hasToString("01").isNotEqualTo(NodePath.ROOT.child(1));
  }

  @Test
  void aNodeGivenItsPathAsTextEqualsOneGivenTheLinkedPath() {
    NodePath linked = NodePath.ROOT.child(0).child(2);

    assertThat(new UiNode("0/2", "x", "", "", "", "", Bounds.EMPTY, Set.of(), true, List.of()))
        .isEqualTo(
            new UiNode(linked, "x", "", "", "", "", Bounds.EMPTY, Set.of(), true, List.of()));
  }
}
