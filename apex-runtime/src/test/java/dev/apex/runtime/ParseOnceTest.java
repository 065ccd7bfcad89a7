package dev.apex.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.core.retry.RetryPolicy;
import dev.apex.runtime.flow.Flow;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.ArgSpec;
import dev.apex.tools.Args;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A step's arguments are parsed once, by its tool, and the tool executes only what its parse made:
 * the executor parses before the first attempt and hands every attempt that same value; a flow
 * checks its steps with the same parse when it loads; an interceptor chain does not parse again.
 */
class ParseOnceTest {

  private static final RetryPolicy POLICY =
      new RetryPolicy(3, Duration.ofMillis(100), Duration.ofMillis(100), 0);

  private final FakeDevice device = new FakeDevice();
  private final FakeClock clock = new FakeClock();
  private final RecordingSleeper sleeper = new RecordingSleeper(clock);
  private Scene latest;
  private final ToolContext ctx =
      new ToolContext(
          device, () -> latest, () -> new Scene(1, 1, List.of()), clock, sleeper, Duration.ZERO);

  /** {@code count}: its parse counts calls and makes a new value each time; execute records it. */
  private static final class Counting implements Tool<Counting.Parsed> {

    /** A fresh instance per parse, so an execute given anything else is caught. */
    record Parsed(int n, int parseNumber) {}

    final List<Parsed> parsedValues = new ArrayList<>();
    final List<Parsed> executed = new ArrayList<>();
    int failFirst;

    @Override
    public String name() {
      return "count";
    }

    @Override
    public String description() {
      return "counts";
    }

    @Override
    public List<ArgSpec> args() {
      return List.of(ArgSpec.required("n", ArgSpec.Type.INTEGER, "a number, at least 0"));
    }

    @Override
    public Optional<String> shorthandArg() {
      return Optional.of("n");
    }

    @Override
    public Parsed parse(Map<String, Object> args) {
      ArgSpec.validate(name(), args(), args);
      int n = Args.integer(name(), args, "n");
      if (n < 0) {
        throw new InvalidInputException("count: 'n' must be >= 0, got " + n);
      }
      Parsed parsed = new Parsed(n, parsedValues.size() + 1);
      parsedValues.add(parsed);
      return parsed;
    }

    @Override
    public Object execute(Parsed args, ToolContext ctx) {
      executed.add(args);
      if (executed.size() <= failFirst) {
        throw new DeviceException("fake", "busy");
      }
      return args.n();
    }
  }

  private Executor executor(ToolRegistry registry) {
    return new Executor(
        registry, ctx, new Retrier(POLICY, sleeper, new FixedRandom(0.0), event -> {}));
  }

  private static PlannedStep count(Object n) {
    return PlannedStep.of("count", Map.of("n", n));
  }

  @Test
  void theExecutorParsesOnceAndEveryAttemptGetsThatValue() {
    Counting tool = new Counting();
    tool.failFirst = 2;

    StepResult result = executor(ToolRegistry.of(tool)).execute(count(7));

    assertThat(result.success()).isTrue();
    assertThat(result.attempts()).isEqualTo(3);
    assertThat(result.output()).isEqualTo(7);
    assertThat(tool.parsedValues).hasSize(1);
    assertThat(tool.executed)
        .hasSize(3)
        .allSatisfy(v -> assertThat(v).isSameAs(tool.parsedValues.get(0)));
  }

  @Test
  void eachExecutionParsesItsOwnStepOnce() {
    Counting tool = new Counting();
    Executor executor = executor(ToolRegistry.of(tool));

    executor.execute(count(1));
    executor.execute(count(2));

    assertThat(tool.parsedValues).extracting(Counting.Parsed::n).containsExactly(1, 2);
    assertThat(tool.executed).containsExactlyElementsOf(tool.parsedValues);
  }

  @Test
  void aRejectedParseNeverReachesExecuteNorRetries() {
    Counting tool = new Counting();

    StepResult result = executor(ToolRegistry.of(tool)).execute(count(-1));

    assertThat(result.success()).isFalse();
    assertThat(result.attempts()).isZero();
    assertThat(result.error()).isEqualTo("count: 'n' must be >= 0, got -1");
    assertThat(tool.executed).isEmpty();
    assertThat(sleeper.sleeps()).isEmpty();
  }

  @Test
  void aFlowChecksEachStepWithTheToolsParseWhenItLoads() {
    Counting tool = new Counting();
    ToolRegistry registry = ToolRegistry.of(tool);

    Flow flow = Flow.parse("steps:\n  - count: 1\n  - count: {n: 2}\n", "f.yaml", registry);

    assertThat(tool.parsedValues).extracting(Counting.Parsed::n).containsExactly(1, 2);
    assertThat(tool.executed).isEmpty();
    assertThat(flow.steps()).containsExactly(count(1), count(2));
    assertThatThrownBy(() -> Flow.parse("steps:\n  - count: -3\n", "f.yaml", registry))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("f.yaml step 1: count: 'n' must be >= 0, got -3");
  }
}
