package dev.apex.bench;

import dev.apex.perception.SceneBuilder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * M4: how fusion's time grows with the screen, and how close its greedy assignment comes to an
 * optimal one, on generated layouts ({@link LayoutGenerator}) of 350, 3,500 and 35,000 nodes. Each
 * step (1× to 10×) is timed interleaved: both sizes run in the same rounds.
 */
final class FusionScaling {

  static final long SEED = 20_240_531L;

  private FusionScaling() {}

  /**
   * @param sizes node counts, each 10× the one before
   * @param plans the timing plan of each step (sizes[i] to sizes[i + 1])
   */
  static FusionScalingResult measure(int[] sizes, List<Harness.Plan> plans, PrintWriter progress) {
    List<GeneratedLayout> layouts = new ArrayList<>();
    List<FusionScalingResult.Size> sized = new ArrayList<>();
    for (int nodes : sizes) {
      GeneratedLayout layout = LayoutGenerator.generate(nodes, SEED + nodes);
      layouts.add(layout);
      FusionAgreement.Result agreement = FusionAgreement.measure(layout.tree(), layout.boxes());
      sized.add(new FusionScalingResult.Size(layout.nodes(), layout.boxes().size(), agreement));
      progress.printf(
          "  %,d nodes, %,d OCR boxes: greedy agrees with the optimum on %s%n",
          layout.nodes(), layout.boxes().size(), Fmt.percent(agreement.agreement()));
      progress.flush();
    }
    List<FusionScalingResult.Step> steps = new ArrayList<>();
    for (int i = 0; i + 1 < layouts.size(); i++) {
      GeneratedLayout small = layouts.get(i);
      GeneratedLayout big = layouts.get(i + 1);
      List<Supplier<?>> ops =
          List.of(
              () -> SceneBuilder.build(small.tree(), small.boxes()),
              () -> SceneBuilder.build(big.tree(), big.boxes()));
      List<Measurement> settled = Harness.interleaved(plans.get(i), ops, 1);
      List<Measurement> alternating = Harness.interleaved(plans.get(i), ops, 0);
      FusionScalingResult.Step step =
          new FusionScalingResult.Step(
              small.nodes(),
              big.nodes(),
              settled.get(0),
              settled.get(1),
              alternating.get(0),
              alternating.get(1));
      progress.printf(
          "  %,d → %,d nodes: %s → %s (%s; wall clock %s; alternating %s)%n",
          small.nodes(),
          big.nodes(),
          Fmt.nanos(settled.get(0).cpu().median()),
          Fmt.nanos(settled.get(1).cpu().median()),
          Fmt.times(step.ratio()),
          Fmt.times(step.wallRatio()),
          Fmt.times(step.alternatingRatio()));
      progress.flush();
      steps.add(step);
    }
    return new FusionScalingResult(sized, steps);
  }
}
