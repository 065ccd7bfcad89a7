package dev.apex.bench;

import dev.apex.core.PlannedStep;
import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.StepResult;
import dev.apex.perception.CompactEncoder;
import dev.apex.perception.OcrBox;
import dev.apex.perception.SceneBuilder;
import dev.apex.perception.TreeParsers;
import dev.apex.perception.tree.UiTree;
import dev.apex.world.WorldModel;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * M3: what perceiving one screen costs the runtime — parse, fuse, encode and update the world — on
 * each real dump, timed interleaved with a bare JDK SAX parse of the same bytes ({@link
 * SaxBaseline}). The parts are timed alone in the same rounds, for a breakdown. The timeline append
 * is measured apart ({@link TimelineAppend}): it waits for the disk.
 */
final class StepOverhead {

  private static final PlannedStep STEP = PlannedStep.of("tap", Map.of("x", 540, "y", 1200));
  private static final StepResult RESULT = StepResult.ok(STEP, null, 1, Duration.ofMillis(12));

  private StepOverhead() {}

  static List<StepOverheadResult.Row> measure(
      List<Dump> dumps, Harness.Plan plan, long warmupNanos, PrintWriter progress) {
    List<Probe> probes = new ArrayList<>();
    for (Dump dump : dumps) {
      probes.add(new Probe(dump));
    }
    // Warm every path on every dump first, so the first dump measured is not the JIT's tutorial.
    long start = System.nanoTime();
    for (int i = 0; i < 10 || System.nanoTime() - start < warmupNanos; i++) {
      for (Probe p : probes) {
        for (Supplier<?> op : p.ops()) {
          Blackhole.consume(op.get());
        }
      }
    }
    List<StepOverheadResult.Row> rows = new ArrayList<>();
    for (Probe p : probes) {
      List<Measurement> t = Harness.interleaved(plan, p.ops());
      rows.add(
          new StepOverheadResult.Row(
              p.dump.file(),
              p.dump.nodes(),
              p.boxes.size(),
              t.get(0),
              t.get(1),
              t.get(2),
              t.get(3),
              t.get(4),
              t.get(5)));
      progress.printf(
          "  %-70s step %s, SAX %s (CPU medians)%n",
          p.dump.file(), Fmt.nanos(t.get(1).cpu().median()), Fmt.nanos(t.get(0).cpu().median()));
      progress.flush();
    }
    return rows;
  }

  /** One dump's inputs and operations. */
  private static final class Probe {
    final Dump dump;
    final RawCapture capture;
    final UiTree tree;
    final List<OcrBox> boxes;
    final Scene scene;
    final SaxBaseline sax = new SaxBaseline();
    final WorldModel world = new WorldModel();
    final WorldModel worldAlone = new WorldModel();

    Probe(Dump dump) {
      this.dump = dump;
      this.capture = dump.capture();
      this.tree = TreeParsers.parse(capture);
      this.boxes = DumpOcr.boxes(tree);
      this.scene = SceneBuilder.build(tree, boxes);
    }

    /** SAX baseline, whole step, then its parts: parse, fuse, encode, world update. */
    List<Supplier<?>> ops() {
      return List.of(
          () -> sax.parse(dump.bytes()),
          this::step,
          () -> TreeParsers.parse(capture),
          () -> SceneBuilder.build(tree, boxes),
          () -> CompactEncoder.encode(scene),
          () -> {
            worldAlone.observe(scene, null, STEP, RESULT);
            return worldAlone.state();
          });
    }

    /** What the runtime does with a capture before the planner sees it, and after the step. */
    private Object step() {
      UiTree parsed = TreeParsers.parse(capture);
      Scene built = SceneBuilder.build(parsed, boxes);
      String encoded = CompactEncoder.encode(built);
      world.observe(built, null, STEP, RESULT);
      Blackhole.consume(world.state());
      return encoded;
    }
  }
}
