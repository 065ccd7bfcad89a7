package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What {@link FleetLoad} decides before it starts anything. */
class FleetLoadTest {

  @Test
  void theChildrenGetTheUrlWithoutItsPasswordAndThePasswordApart() {
    assertThat(FleetLoad.withoutPassword("postgresql://apex:s3cr:et@127.0.0.1:5432/apex_fleet"))
        .containsExactly("postgresql://apex@127.0.0.1:5432/apex_fleet", "s3cr:et");
    assertThat(FleetLoad.withoutPassword("postgresql://apex@127.0.0.1:5432/db"))
        .containsExactly("postgresql://apex@127.0.0.1:5432/db", null);
  }

  @Test
  void withoutTheCliOnTheClassPathItIsNotMeasuredAndSaysHowToRunIt() {
    // apex-bench's own tests do not have apex-cli on their class path.
    assertThat(FleetLoad.apexInThisJvm()).isEmpty();

    FleetLoadResult result =
        FleetLoad.run(
            FleetLoad.Settings.FULL, new java.io.PrintWriter(java.io.Writer.nullWriter()));

    assertThat(result.fleet()).isNull();
    assertThat(result.failed()).isFalse();
    assertThat(result.why())
        .isEqualTo(
            "not measured: dev.apex.cli.ApexCli is not on this JVM's class path (run it through"
                + " ./apex bench, the apex jar)");
  }

  @Test
  void aFleetNeedsARunnerLeftAloneAndStepsPastTheRestart() {
    assertThatThrownBy(() -> new FleetLoad.Settings(2, 2, 14, 300, Harness.Plan.fixed(1, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("killed below it");
    assertThatThrownBy(() -> new FleetLoad.Settings(8, 2, 2, 300, Harness.Plan.fixed(1, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("waits must be ≥ 3");
  }
}
