package dev.apex.testkit;

import dev.apex.core.Sleeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A sleeper that never sleeps: it records each requested duration and advances a {@link FakeClock}
 * (when given one) by it.
 */
public final class RecordingSleeper implements Sleeper {

  private final List<Duration> sleeps = new ArrayList<>();
  private final FakeClock clock;

  public RecordingSleeper() {
    this(null);
  }

  public RecordingSleeper(FakeClock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized void sleep(Duration duration) {
    sleeps.add(duration);
    if (clock != null) {
      clock.advance(duration);
    }
  }

  public synchronized List<Duration> sleeps() {
    return List.copyOf(sleeps);
  }

  public synchronized Duration total() {
    return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
  }
}
