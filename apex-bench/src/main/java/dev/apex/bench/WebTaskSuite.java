package dev.apex.bench;

import dev.apex.core.ApexException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.RedactingStream;
import dev.apex.device.web.WebConfig;
import dev.apex.device.web.WebDevice;
import dev.apex.device.web.WebDevices;
import dev.apex.perception.ocr.TesseractOcr;
import dev.apex.runtime.agent.Agent;
import dev.apex.runtime.agent.AgentOutcome;
import dev.apex.runtime.flow.Flow;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs the {@link WebTasks}: serves their pages on 127.0.0.1, opens one headless Chromium for all
 * of them (and the sim for the sim task, on first use), and runs each task's flow through an {@link
 * Agent}, as {@code apex run --device web:URL --flow FILE} would: the page is opened first, then
 * the flow runs on it. Tasks run one after another on the calling thread.
 *
 * <p>When Chromium cannot be started (not installed, say) the web tasks are reported as not run
 * with the reason, never failed; likewise a task that needs OCR where Tesseract is missing.
 */
public final class WebTaskSuite implements AutoCloseable {

  /** The viewport the flows' coordinates assume, in CSS pixels at device pixel ratio 1. */
  public static final int VIEWPORT_WIDTH = 1280;

  /** See {@link #VIEWPORT_WIDTH}. */
  public static final int VIEWPORT_HEIGHT = 800;

  private final WebTaskPages pages;
  private final WebDevice browser;
  private final String noBrowser;
  private final boolean ocr;
  private final Agent web;
  private Agent sim;

  private WebTaskSuite(List<WebTask> tasks, boolean ocr) {
    this.ocr = ocr && new TesseractOcr().available();
    this.pages = new WebTaskPages(tasks);
    WebDevice opened = null;
    String why = null;
    if (tasks.stream().anyMatch(WebTask::web)) {
      try {
        opened = chromium();
      } catch (ApexException e) {
        why = "Chromium did not start: " + e.getMessage();
      }
    }
    this.browser = opened;
    this.noBrowser = why;
    this.web = browser == null ? null : agent().device(browser).build();
  }

  /**
   * A headless Chromium with the viewport the flows assume.
   *
   * @throws ApexException when it does not start (not installed, say)
   */
  static WebDevice chromium() {
    return WebDevices.chromium(
        null, WebConfig.defaults().withViewport(VIEWPORT_WIDTH, VIEWPORT_HEIGHT, 1.0));
  }

  /**
   * Serves the pages of {@code tasks} and opens the browser they need.
   *
   * @param ocr whether observations are OCR'd (when Tesseract is installed), as {@code apex run}'s
   *     default is
   */
  public static WebTaskSuite open(List<WebTask> tasks, boolean ocr) {
    return new WebTaskSuite(List.copyOf(tasks), ocr);
  }

  /** Why the web tasks cannot run (Chromium did not start), or empty when they can. */
  public Optional<String> browserMissing() {
    return Optional.ofNullable(noBrowser);
  }

  /** Whether observations are OCR'd: asked for and Tesseract installed. */
  public boolean ocr() {
    return ocr;
  }

  /** Runs every task in order. */
  public List<WebTaskRun> runAll(List<WebTask> tasks) {
    List<WebTaskRun> runs = new ArrayList<>();
    for (WebTask t : tasks) {
      runs.add(run(t));
    }
    return runs;
  }

  /**
   * M8: runs {@code tasks} with OCR at its default (on, where Tesseract is installed), saying a
   * line per task on {@code progress}.
   */
  public static WebTaskSuiteResult measure(List<WebTask> tasks, PrintWriter progress) {
    return measure(tasks, true, progress);
  }

  /** {@link #measure(List, PrintWriter)} with OCR on or off ({@code apex run --no-ocr}). */
  public static WebTaskSuiteResult measure(List<WebTask> tasks, boolean ocr, PrintWriter progress) {
    long start = System.nanoTime();
    List<WebTaskRun> runs = new ArrayList<>();
    boolean ocrUsed;
    String missing;
    try (WebTaskSuite suite = open(tasks, ocr)) {
      ocrUsed = suite.ocr();
      missing = suite.browserMissing().orElse(null);
      for (WebTask task : tasks) {
        WebTaskRun run = suite.run(task);
        runs.add(run);
        progress.printf(
            "  %-20s %s%n",
            task.name(),
            run.solved()
                ? "solved in " + run.steps() + " steps, " + Fmt.nanos(run.elapsed().toNanos())
                : (task.expected() ? "NOT SOLVED: " : "pending, not solved: ") + run.reason());
        progress.flush();
      }
    }
    return new WebTaskSuiteResult(
        runs, ocrUsed, missing, Duration.ofNanos(System.nanoTime() - start));
  }

  /**
   * Runs M8 alone and prints its section of {@code BENCHMARKS.md} ({@code java -cp …
   * dev.apex.bench.WebTaskSuite [--no-ocr]}); writes no file. Exits 1 when a task not pending is
   * not solved.
   */
  public static void main(String[] args) {
    // Page text and device errors reach this output: redacted and escaped like apex's own.
    RedactingStream.installOnSystemStreams();
    boolean ocr = true;
    for (String a : args) {
      if (!a.equals("--no-ocr")) {
        throw new IllegalArgumentException("unknown argument " + a + "; use --no-ocr or nothing");
      }
      ocr = false;
    }
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    out.println("M8 web-task suite" + (ocr ? "" : " (--no-ocr)"));
    WebTaskSuiteResult result = measure(WebTasks.all(), ocr, out);
    out.println();
    out.print(BenchmarksMarkdown.section(result));
    out.flush();
    if (!result.regressions().isEmpty()) {
      System.exit(1);
    }
  }

  /** Opens the task's page (or the sim) and runs its flow; never throws for the task's failure. */
  public WebTaskRun run(WebTask task) {
    if (task.needsOcr() && !ocr) {
      return WebTaskRun.notRun(task, "needs OCR: tesseract is not installed, or OCR is off");
    }
    Agent agent;
    if (task.web()) {
      if (browser == null) {
        return WebTaskRun.notRun(task, noBrowser);
      }
      agent = web;
    } else {
      agent = sim();
    }
    Flow flow;
    try {
      flow = Flow.parse(WebTasks.read(task.flow()), task.flow(), agent.tools());
    } catch (InvalidInputException e) {
      return WebTaskRun.notRun(task, e.getMessage());
    }
    try {
      if (task.web()) {
        browser.launchApp(pages.url(task));
      }
      long start = System.nanoTime();
      AgentOutcome outcome = agent.run(flow);
      return new WebTaskRun(
          task,
          outcome.status(),
          outcome.steps(),
          Duration.ofNanos(System.nanoTime() - start),
          outcome.reason());
    } catch (ApexException e) {
      return WebTaskRun.notRun(task, e.getMessage());
    }
  }

  private Agent sim() {
    if (sim == null) {
      sim = agent().device(WebTask.SIM).build();
    }
    return sim;
  }

  private dev.apex.runtime.agent.AgentBuilder agent() {
    return Agent.builder().ocr(ocr).noTimeline();
  }

  /** Closes the browser, the sim and the page server. */
  @Override
  public void close() {
    try {
      if (web != null) {
        web.close();
      }
      if (sim != null) {
        sim.close();
      }
      if (browser != null) {
        browser.close();
      }
    } finally {
      pages.close();
    }
  }
}
