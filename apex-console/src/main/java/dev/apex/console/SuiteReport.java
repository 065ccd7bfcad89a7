package dev.apex.console;

import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.Timeline;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A suite run ({@code apex test --report FILE}) as one self-contained HTML file, as {@link
 * TaskReport} is for a task: every flow with its status, device, duration and why it failed, and
 * each flow that ran and did not succeed with its steps and screens inline (the pieces of {@link
 * TaskReport}), so a CI artifact is enough to see why. No script, no link, nothing but {@code
 * data:} images, under a Content-Security-Policy ({@link #CSP}) that forbids any other load; every
 * string is redacted, then escaped ({@link ReportHtml#text}). Stateless, thread-safe.
 */
public final class SuiteReport {

  private static final String STYLE =
      TaskReport.STYLE
          + """
          table.flows{border-collapse:collapse;width:100%;background:#fff;margin:0 0 18px}\
          .flows th,.flows td{border:1px solid #dde1e8;padding:6px 8px;text-align:left;\
          vertical-align:top}.flows td.why{overflow-wrap:anywhere}\
          section.flow{margin:22px 0 0}section.flow>h2{margin:0 0 10px}""";

  /** The report's policy: nothing but its {@code data:} images and its one style block. */
  public static final String CSP =
      "default-src 'none'; img-src data:; style-src '" + TaskReport.sha256(STYLE) + "'";

  private SuiteReport() {}

  /**
   * The report of {@code suite}; the steps and screens of its failed flows are read from {@code
   * timeline} (a flow whose task the timeline lacks is shown without them).
   *
   * @param version the apex version named at the foot of the file
   */
  public static byte[] render(Timeline timeline, SuiteResult suite, String version) {
    Objects.requireNonNull(timeline, "timeline");
    Objects.requireNonNull(suite, "suite");
    StringBuilder html = new StringBuilder(64 * 1024);
    html.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(CSP)
        .append("\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<meta name=\"referrer\" content=\"no-referrer\"><title>")
        .append(ReportHtml.text(suite.title()))
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>");
    header(html, suite);
    html.append("<main>");
    table(html, suite.cases());
    for (int i = 0; i < suite.cases().size(); i++) {
      SuiteCase c = suite.cases().get(i);
      if (c.ran() && !c.passed() && c.taskId() != null) {
        failedFlow(html, timeline, c, i + 1);
      }
    }
    html.append("</main><footer class=\"muted\">Made by apex ")
        .append(ReportHtml.text(version))
        .append(". Opens offline: no script, nothing loaded.</footer></body></html>\n");
    return html.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void header(StringBuilder html, SuiteResult suite) {
    html.append("<header><h1 id=\"title\">")
        .append(ReportHtml.text(suite.title()))
        .append("</h1><dl class=\"facts\">");
    TaskReport.fact(html, "Flows", String.valueOf(suite.cases().size()));
    TaskReport.fact(html, "Passed", String.valueOf(suite.passed()));
    TaskReport.fact(html, "Failed", String.valueOf(suite.failed()));
    if (suite.stopped() > 0) {
      TaskReport.fact(html, "Cancelled", String.valueOf(suite.stopped()));
    }
    TaskReport.fact(html, "Skipped", String.valueOf(suite.skipped()));
    TaskReport.fact(html, "Duration", TaskReport.duration(suite.took()));
    TaskReport.fact(html, "Started", suite.startedAt().toString());
    TaskReport.fact(html, "Suite", suite.suiteId());
    html.append("</dl></header>");
  }

  private static void table(StringBuilder html, List<SuiteCase> cases) {
    html.append("<table class=\"flows\" id=\"flows\"><thead><tr><th>#</th><th>Status</th>")
        .append("<th>Flow</th><th>Device</th><th>Duration</th><th>Task</th><th>Why</th>")
        .append("</tr></thead><tbody>");
    for (int i = 0; i < cases.size(); i++) {
      SuiteCase c = cases.get(i);
      html.append("<tr class=\"flow\" id=\"flow-")
          .append(i + 1)
          .append("\"><td>")
          .append(i + 1)
          .append("</td><td class=\"")
          .append(c.passed() ? "ok" : c.ran() ? "no" : "muted")
          .append("\">")
          .append(ReportHtml.text(c.shownStatus()))
          .append("</td><td>")
          .append(ReportHtml.text(c.name()))
          .append("<br><span class=\"mono muted\">")
          .append(ReportHtml.text(c.file()))
          .append("</span></td><td>")
          .append(ReportHtml.text(c.device() == null ? "—" : c.device()))
          .append("</td><td>")
          .append(c.ran() ? TaskReport.duration(c.took()) : "—")
          .append("</td><td class=\"mono\">")
          .append(ReportHtml.text(c.taskId() == null ? "—" : c.taskId().value()))
          .append("</td><td class=\"why\">")
          .append(c.passed() ? "" : ReportHtml.text(c.reason()))
          .append("</td></tr>");
    }
    html.append("</tbody></table>");
  }

  /** A failed flow's steps (each with its screen) and the screen it left, as {@link TaskReport}. */
  private static void failedFlow(StringBuilder html, Timeline timeline, SuiteCase c, int number) {
    TaskId id = c.taskId();
    html.append("<section class=\"flow failed\" id=\"failed-")
        .append(number)
        .append("\"><h2>")
        .append(number)
        .append(". ")
        .append(ReportHtml.text(c.name()))
        .append(" · <span class=\"no\">")
        .append(ReportHtml.text(c.shownStatus()))
        .append("</span></h2><p class=\"no\">")
        .append(ReportHtml.text(c.reason()))
        .append("</p>");
    if (timeline.task(id).isEmpty()) {
      html.append("<p class=\"muted\">Task ")
          .append(ReportHtml.text(id.value()))
          .append(" is not in the timeline: no steps to show.</p></section>");
      return;
    }
    List<StoredStep> steps = timeline.steps(id);
    Optional<StoredObservation> last = timeline.finalObservation(id);
    html.append("<ol class=\"steps\">");
    for (int i = 0; i < steps.size(); i++) {
      StoredStep step = steps.get(i);
      Scene after =
          i + 1 < steps.size()
              ? steps.get(i + 1).scene().orElse(null)
              : last.map(StoredObservation::scene).orElse(null);
      ReportStep.html(html, step, timeline.screenshot(id, step.index()).orElse(null), after);
    }
    html.append("</ol>");
    last.ifPresent(o -> TaskReport.finalScreen(html, o, timeline.finalScreenshot(id).orElse(null)));
    html.append("</section>");
  }
}
