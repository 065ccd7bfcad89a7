package dev.apex.perception;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Small hand-built trees for scene tests: paths are assigned from the nesting. */
final class Trees {

  private Trees() {}

  /** A node under construction. */
  static final class N {
    String className = "android.view.View";
    String text = "";
    String description = "";
    String resourceId = "";
    Bounds bounds;
    boolean visible = true;
    final Set<ElementFlag> flags = EnumSet.noneOf(ElementFlag.class);
    final List<N> children = new ArrayList<>();

    N(Bounds bounds) {
      this.bounds = bounds;
    }

    N cls(String c) {
      className = c;
      return this;
    }

    N text(String t) {
      text = t;
      return this;
    }

    N desc(String d) {
      description = d;
      return this;
    }

    N id(String r) {
      resourceId = r;
      return this;
    }

    N flag(ElementFlag... f) {
      flags.addAll(List.of(f));
      return this;
    }

    N hidden() {
      visible = false;
      return this;
    }

    N with(N... kids) {
      children.addAll(List.of(kids));
      return this;
    }

    UiNode build(String path) {
      List<UiNode> kids = new ArrayList<>();
      for (int i = 0; i < children.size(); i++) {
        kids.add(children.get(i).build(path.isEmpty() ? "" + i : path + "/" + i));
      }
      return new UiNode(
          path, className, text, description, resourceId, "app", bounds, flags, visible, kids);
    }
  }

  static N node(int left, int top, int right, int bottom) {
    return new N(new Bounds(left, top, right, bottom));
  }

  /** A 1000×2000 screen holding {@code tops} under a synthetic root. */
  static UiTree screen(N... tops) {
    N root = new N(Bounds.EMPTY).cls("hierarchy").with(tops);
    return new UiTree(1000, 2000, 0, root.build(""));
  }
}
