package dev.apex.cli.suite;

import dev.apex.core.Secrets;
import dev.apex.device.DeviceSelector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One session a suite runs flows on, one flow at a time: a {@code --device}, or one of the {@code
 * --parallel N} sessions of a device kind that allows several.
 *
 * @param selector the device selector it opens
 * @param label how lines and reports name it: the selector without URL credentials, numbered
 *     ({@code sim#2}) when several slots share it
 */
public record DeviceSlot(String selector, String label) {

  /**
   * The kinds that open several independent sessions of one selector: the simulated phone, a
   * browser, a Selenium Grid or Appium endpoint. A phone ({@code android}, {@code ios}) is one
   * slot.
   */
  public static final Set<String> SHARED_KINDS = Set.of("sim", "web", "webdriver");

  public DeviceSlot {
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(label, "label");
  }

  /**
   * The slots of {@code selectors} (each a {@code --device}, in order): {@code parallel} of each
   * that is of a {@link #SHARED_KINDS shared kind}, one of every other.
   */
  public static List<DeviceSlot> of(List<String> selectors, int parallel) {
    if (parallel < 1) {
      throw new IllegalArgumentException("parallel must be at least 1, got " + parallel);
    }
    List<String> expanded = new ArrayList<>();
    for (String selector : selectors) {
      int n = SHARED_KINDS.contains(DeviceSelector.parse(selector).kind()) ? parallel : 1;
      for (int i = 0; i < n; i++) {
        expanded.add(selector);
      }
    }
    Map<String, Integer> total = new HashMap<>();
    expanded.forEach(s -> total.merge(shown(s), 1, Integer::sum));
    Map<String, Integer> seen = new HashMap<>();
    List<DeviceSlot> slots = new ArrayList<>();
    for (String selector : expanded) {
      String shown = shown(selector);
      int k = seen.merge(shown, 1, Integer::sum);
      slots.add(new DeviceSlot(selector, total.get(shown) > 1 ? shown + "#" + k : shown));
    }
    return slots;
  }

  private static String shown(String selector) {
    return Secrets.redact(Secrets.withoutUserInfo(selector.strip()));
  }
}
