package dev.apex.device.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.device.Device;
import dev.apex.perception.TreeParsers;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;

/** Reading captured screens in tests: parse, find a node, wait for a condition by re-observing. */
final class Screens {

  private static final Duration PATIENCE = Duration.ofSeconds(20);

  private Screens() {}

  static UiTree observe(Device device) {
    RawCapture capture = device.capture();
    return TreeParsers.parse(capture);
  }

  static Optional<UiNode> find(UiTree tree, Predicate<UiNode> match) {
    return tree.nodes().stream().filter(match).findFirst();
  }

  static UiNode byId(UiTree tree, String id) {
    return find(tree, n -> n.resourceId().equals(id))
        .orElseThrow(() -> new AssertionError("no node with id " + id + " in " + tree.nodes()));
  }

  static Predicate<UiNode> text(String text) {
    return n -> n.text().equals(text);
  }

  static void tap(Device device, UiNode node) {
    device.tap(node.bounds().centerX(), node.bounds().centerY());
  }

  /**
   * Observes until the screen shows what {@code condition} wants, for screens that change a moment
   * after an action (a scroll, a navigation); each observation paces the next.
   */
  static UiTree until(Device device, Predicate<UiTree> condition, String what) {
    Instant deadline = Instant.now().plus(PATIENCE);
    UiTree tree = observe(device);
    while (!condition.test(tree) && Instant.now().isBefore(deadline)) {
      tree = observe(device);
    }
    assertThat(condition.test(tree))
        .as("screen shows %s; last saw %s", what, tree.nodes())
        .isTrue();
    return tree;
  }

  static Predicate<UiTree> has(Predicate<UiNode> match) {
    return tree -> find(tree, match).isPresent();
  }
}
