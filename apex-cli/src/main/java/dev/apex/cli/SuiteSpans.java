package dev.apex.cli;

import dev.apex.cli.suite.DeviceSlot;
import dev.apex.cli.suite.SuiteListener;
import dev.apex.console.SuiteResult;
import dev.apex.otel.RunTracer;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The trace span of a suite run ({@code apex.suite}), opened when the suite starts and closed when
 * it ends, so each flow's task span is its child: named for the paths the suite runs (identifiers,
 * no payload), with the run's id, its flow and slot counts, and an error status when a flow did not
 * succeed. Costs nothing when tracing is off ({@link RunTracer#OFF}).
 */
final class SuiteSpans implements SuiteListener {

  private final RunTracer tracer;
  private final String name;
  private volatile RunTracer.SuiteSpan span;

  SuiteSpans(RunTracer tracer, List<Path> paths) {
    this.tracer = tracer;
    this.name = paths.stream().map(Path::toString).collect(Collectors.joining(" "));
  }

  @Override
  public void suiteStarted(String suiteId, int flows, List<DeviceSlot> slots) {
    span =
        tracer
            .suite(name)
            .tag("apex.suite.id", suiteId)
            .count("apex.suite.flows", flows)
            .count("apex.suite.slots", slots.size());
  }

  @Override
  public void suiteEnded(SuiteResult result) {
    RunTracer.SuiteSpan open = span;
    if (open == null) {
      return;
    }
    if (!result.allPassed()) {
      open.failed();
    }
    open.close();
    span = null;
  }
}
