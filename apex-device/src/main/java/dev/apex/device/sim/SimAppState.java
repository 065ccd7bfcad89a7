package dev.apex.device.sim;

import java.util.List;
import java.util.Map;

/**
 * The state an app declares and starts with. Keys are device-wide (one Wi-Fi switch, whichever app
 * shows it), so two apps may not declare the same key.
 *
 * @param switches switch key to its initial on/off
 * @param lists list key to its initial items
 * @param fields text field key to its initial content
 */
public record SimAppState(
    Map<String, Boolean> switches,
    Map<String, List<SimListItem>> lists,
    Map<String, String> fields) {

  public static final SimAppState EMPTY = new SimAppState(Map.of(), Map.of(), Map.of());

  public SimAppState {
    switches = switches == null ? Map.of() : Map.copyOf(switches);
    lists = lists == null ? Map.of() : copyLists(lists);
    fields = fields == null ? Map.of() : Map.copyOf(fields);
  }

  private static Map<String, List<SimListItem>> copyLists(Map<String, List<SimListItem>> lists) {
    return lists.entrySet().stream()
        .collect(
            java.util.stream.Collectors.toUnmodifiableMap(
                Map.Entry::getKey, e -> List.copyOf(e.getValue())));
  }
}
