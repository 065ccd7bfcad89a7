package dev.apex.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that moves only when told to (by a test or a {@link RecordingSleeper}). Thread-safe. */
public final class FakeClock extends Clock {

  private volatile Instant now;

  public FakeClock() {
    this(Instant.parse("2026-01-01T00:00:00Z"));
  }

  public FakeClock(Instant start) {
    this.now = start;
  }

  public synchronized void advance(Duration by) {
    now = now.plus(by);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
