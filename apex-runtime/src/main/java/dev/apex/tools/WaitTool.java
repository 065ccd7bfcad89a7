package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.NonRetriableException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wait}: waits {@code ms} milliseconds (0 to 600000) through the context's sleeper. An
 * interrupted wait restores the thread's interrupt flag and fails, so a cancelled task stops.
 * Parsed into the {@link Duration} to wait.
 */
public final class WaitTool implements Tool<Duration> {

  static final int MAX_MS = 600_000;

  @Override
  public String name() {
    return "wait";
  }

  @Override
  public String description() {
    return "Wait a number of milliseconds, e.g. for an animation to end.";
  }

  @Override
  public List<ArgSpec> args() {
    return List.of(ArgSpec.required("ms", ArgSpec.Type.INTEGER, "milliseconds to wait"));
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("ms");
  }

  @Override
  public Duration parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    int ms = Args.integer(name(), args, "ms");
    if (ms < 0 || ms > MAX_MS) {
      throw new InvalidInputException("wait: 'ms' must be 0.." + MAX_MS + ", got " + ms);
    }
    return Duration.ofMillis(ms);
  }

  @Override
  public Map<String, Object> execute(Duration pause, ToolContext ctx) {
    int ms = (int) pause.toMillis(); // at most MAX_MS: parse checked it
    try {
      ctx.sleeper().sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      // A cancel's interruptible sleeper names the cancel (e.g. "cancelled: SIGINT").
      String why = e.getMessage() == null ? "interrupted" : e.getMessage();
      throw new NonRetriableException(
          "wait: cut short (" + why + ") before its " + ms + " ms were up");
    }
    return Map.of("ms", ms);
  }
}
