package dev.apex.runtime.planner;

import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.tools.ElementLocator;
import dev.apex.world.ScreenSignature;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Whether an action visibly changed the screen, judged from the scenes before and after it, with no
 * model call: the screen changed when its {@link ScreenSignature} changed (a new layout), or when
 * any on-screen element's type, text, flags or bounds changed (a switch flipped, text typed, a list
 * scrolled). A status-bar clock is left out, so a minute ticking over is not an effect. Stateless.
 */
final class ScreenChange {

  private static final Pattern CLOCK_TEXT = Pattern.compile("\\d{1,2}:\\d{2}(\\s?[AaPp][Mm])?");

  private ScreenChange() {}

  static boolean visible(Scene before, Scene after) {
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    if (!ScreenSignature.of(before).equals(ScreenSignature.of(after))) {
      return true;
    }
    return !content(before).equals(content(after));
  }

  private static List<String> content(Scene scene) {
    return scene.elements().stream()
        .filter(e -> ElementLocator.onScreen(scene, e) && !isClock(e))
        .map(e -> e.type() + '|' + e.text() + '|' + e.flags() + '|' + e.bounds())
        .toList();
  }

  private static boolean isClock(SceneElement e) {
    return e.resourceId().endsWith(":id/clock") || CLOCK_TEXT.matcher(e.text().strip()).matches();
  }
}
