package dev.apex.bench;

import java.util.Objects;

/**
 * One target of the benchmark and how the run did against it.
 *
 * @param metric the metric it belongs to, e.g. {@code M1}
 * @param name what is measured, e.g. {@code median compression}
 * @param target the target as a reader states it, e.g. {@code ≤ 1/25}
 * @param measured the figure this run measured, formatted like the target
 * @param met whether the figure meets the target
 * @param required true for a goal ({@code --check} fails when it is missed); false for an aim,
 *     reported but not enforced
 */
public record Goal(
    String metric, String name, String target, String measured, boolean met, boolean required) {

  public Goal {
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(measured, "measured");
  }

  public static Goal goal(String metric, String name, String target, String measured, boolean met) {
    return new Goal(metric, name, target, measured, met, true);
  }

  public static Goal aim(String metric, String name, String target, String measured, boolean met) {
    return new Goal(metric, name, target, measured, met, false);
  }

  /** Whether it lets {@code --check} pass: met, or only an aim. */
  public boolean passes() {
    return met || !required;
  }
}
