package dev.apex.console;

import dev.apex.core.TaskStatus;
import dev.apex.storage.TaskFilter;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The task list's filters, from the query: {@code status} (one or more of {@code RUNNING}, {@code
 * SUCCEEDED}, …, comma-separated, any case), {@code device} and {@code host} (exactly as recorded),
 * {@code since} and {@code until} (ISO-8601 instants, e.g. {@code 2026-12-06T20:00:00Z}: tasks
 * started at or after since, before until), {@code suite} (a suite run's id, as {@code GET
 * /api/suites} lists it). A bad one is a 400 naming it and what it takes. Stateless.
 */
final class TaskQuery {

  private static final int MAX_TEXT = 200;
  private static final Pattern SUITE_ID = Pattern.compile("[A-Za-z0-9_-]+");

  private TaskQuery() {}

  static TaskFilter filter(Call call) {
    Instant since = instant(call, "since");
    Instant until = instant(call, "until");
    if (since != null && until != null && !since.isBefore(until)) {
      throw HttpError.badRequest("since must be before until");
    }
    return new TaskFilter(
        statuses(call.query("status")),
        text(call, "device"),
        text(call, "host"),
        since,
        until,
        suite(call));
  }

  /** A suite id as {@code apex test} makes them: letters, digits, {@code -} and {@code _}. */
  private static String suite(Call call) {
    String value = text(call, "suite");
    if (value != null && !SUITE_ID.matcher(value).matches()) {
      throw HttpError.badRequest(
          "suite must be a suite run's id (letters, digits, - and _), as GET /api/suites lists it");
    }
    return value;
  }

  private static Set<TaskStatus> statuses(String text) {
    Set<TaskStatus> statuses = EnumSet.noneOf(TaskStatus.class);
    if (text == null || text.isBlank()) {
      return statuses;
    }
    for (String name : text.split(",")) {
      try {
        statuses.add(TaskStatus.valueOf(name.strip().toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw HttpError.badRequest(
            "status must be one or more of "
                + Arrays.stream(TaskStatus.values())
                    .map(Enum::name)
                    .collect(Collectors.joining(", "))
                + ", comma-separated");
      }
    }
    return statuses;
  }

  private static String text(Call call, String name) {
    String value = call.query(name);
    if (value == null || value.isBlank()) {
      return null;
    }
    if (value.length() > MAX_TEXT) {
      throw HttpError.badRequest(name + " must be at most " + MAX_TEXT + " characters");
    }
    return value.strip();
  }

  private static Instant instant(Call call, String name) {
    String value = call.query(name);
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(value.strip());
    } catch (DateTimeParseException e) {
      throw HttpError.badRequest(name + " must be an ISO-8601 instant, e.g. 2026-12-06T20:00:00Z");
    }
  }
}
