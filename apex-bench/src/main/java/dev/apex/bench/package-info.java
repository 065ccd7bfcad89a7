/**
 * {@code apex bench}: measures what an agent step costs with this runtime — tokens per observation
 * (M1), elements kept (M2), time per step over a bare SAX parse (M3), fusion scaling and assignment
 * quality (M4), loop overhead on the simulated phone (M5), and what {@code apex mcp}'s results cost
 * a client's model (M6), the model calls of record, replay and heal (M7), and which of the
 * project's own web tasks its flows solve in real Chromium (M8, {@link dev.apex.bench.WebTasks}),
 * OCR only where the tree is blind (M9), the planner's request in a small context (M10), and many
 * runners on one PostgreSQL timeline under kills and a server restart (M11, {@link
 * dev.apex.bench.FleetLoad}: {@code apex} children and a private cluster) — and writes {@code
 * BENCHMARKS.md}.
 *
 * <p>{@link dev.apex.bench.Bench#run} is the entry point; {@link dev.apex.bench.BenchmarksMarkdown}
 * renders its {@link dev.apex.bench.BenchReport}. Timing uses a small interleaving harness ({@link
 * dev.apex.bench.Harness}): warm-up, many iterations, {@link System#nanoTime()}, a blackhole
 * against dead-code elimination, and every baseline measured in the same rounds as the code it is
 * compared with. M1, M2 and M6 are deterministic and also run as tests.
 */
package dev.apex.bench;
