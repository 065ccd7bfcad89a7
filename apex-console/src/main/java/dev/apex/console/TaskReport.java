package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.TaskId;
import dev.apex.core.TaskRecord;
import dev.apex.perception.SceneDiff;
import dev.apex.storage.StoredObservation;
import dev.apex.storage.StoredStep;
import dev.apex.storage.Timeline;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepUsage;
import dev.apex.world.WorldState;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A task as one self-contained HTML file a person can send to a colleague: {@code apex report} and
 * the console's "Download report" serve the same bytes. Each step shows the screen it was planned
 * on (the screenshot downscaled and inlined as a {@code data:} URI, the scene's boxes over it), its
 * action, result, what changed on screen after it, the world state after it, tokens, cost and time;
 * the screen the task left after its last step closes the list.
 *
 * <p>It opens offline and needs no server: the file has no script, no link and no URL but its
 * {@code data:} images, and its Content-Security-Policy ({@link #CSP}) forbids any other load, so
 * "no network request" holds by construction. Every string from the timeline goes through {@link
 * ReportHtml#text}: redacted at the one redaction point, then escaped. Stateless, thread-safe.
 */
public final class TaskReport {

  static final String STYLE =
      """
      body{font:14px/1.45 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}\
      header,main,footer{max-width:1100px;margin:0 auto;padding:16px 20px}\
      h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:0 0 6px}\
      .facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:0}.facts div{white-space:nowrap}\
      .facts dt,.kv dt{display:inline;color:#5b6478}.facts dd,.kv dd{display:inline;margin:0 0 0 4px}\
      ol.steps{list-style:none;padding:0;margin:0}\
      .step,.final{display:flex;gap:18px;background:#fff;border:1px solid #dde1e8;border-radius:8px;\
      padding:14px;margin:0 0 14px;align-items:flex-start}\
      .step.failed{border-color:#d9534f}.info{flex:1;min-width:0}\
      .kv{margin:0}.kv div{margin:2px 0}.kv dd{overflow-wrap:anywhere}\
      .mono{font-family:ui-monospace,monospace;font-size:12px}\
      .ok{color:#1e7d3a;font-weight:600}.no{color:#c0392b;font-weight:600}.muted{color:#5b6478}\
      .shot{position:relative;margin:0;flex:0 0 auto;max-width:min(360px,45%);line-height:0}\
      .shot.blank{width:240px}.shot img{display:block;width:100%;height:auto}\
      .shot svg{position:absolute;left:0;top:0;width:100%;height:100%}\
      .shot.blank svg{position:static;height:auto}.bg{fill:#1f2430}\
      .box{fill:transparent;stroke:#3b82f6;stroke-width:2;vector-effect:non-scaling-stroke}\
      .box.fused{stroke:#8b5cf6}.box.ocr{stroke:#f59e0b;stroke-dasharray:4 3}\
      .box.target{stroke:#ef4444;stroke-width:3}\
      .tap{fill:none;stroke:#ef4444;stroke-width:3;vector-effect:non-scaling-stroke}\
      pre{white-space:pre-wrap;word-break:break-word;margin:2px 0}\
      @media print{.step,.final{break-inside:avoid}}""";

  /**
   * The report's policy: nothing may load but its {@code data:} images and its one style block,
   * allowed by its hash (no {@code 'unsafe-inline'}).
   */
  public static final String CSP =
      "default-src 'none'; img-src data:; style-src '" + sha256(STYLE) + "'";

  private TaskReport() {}

  /** The file {@code apex report} writes when not told where: {@code apex-report-TASK_ID.html}. */
  public static String defaultFileName(TaskId id) {
    return "apex-report-" + id.value() + ".html";
  }

  /**
   * The report of task {@code id}, or empty when the timeline has no such task.
   *
   * @param version the apex version named at the foot of the file
   */
  public static Optional<byte[]> render(Timeline timeline, TaskId id, String version) {
    Objects.requireNonNull(timeline, "timeline");
    Objects.requireNonNull(id, "id");
    Optional<TaskRecord> task = timeline.task(id);
    if (task.isEmpty()) {
      return Optional.empty();
    }
    List<StoredStep> steps = timeline.steps(id);
    Optional<StoredObservation> last = timeline.finalObservation(id);
    StringBuilder html = new StringBuilder(64 * 1024);
    html.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(CSP)
        .append("\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<meta name=\"referrer\" content=\"no-referrer\"><title>apex report: ")
        .append(ReportHtml.text(task.get().goal()))
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>");
    header(html, task.get(), steps);
    html.append("<main><ol class=\"steps\">");
    for (int i = 0; i < steps.size(); i++) {
      StoredStep step = steps.get(i);
      Scene after =
          i + 1 < steps.size()
              ? steps.get(i + 1).scene().orElse(null)
              : last.map(StoredObservation::scene).orElse(null);
      ReportStep.html(html, step, timeline.screenshot(id, step.index()).orElse(null), after);
    }
    html.append("</ol>");
    last.ifPresent(o -> finalScreen(html, o, timeline.finalScreenshot(id).orElse(null)));
    html.append("</main><footer class=\"muted\">Made by apex ")
        .append(ReportHtml.text(version))
        .append(". Opens offline: no script, nothing loaded.</footer></body></html>\n");
    return Optional.of(html.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static void header(StringBuilder html, TaskRecord task, List<StoredStep> steps) {
    long in = 0;
    long out = 0;
    double cost = 0;
    boolean costKnown = false;
    for (StoredStep step : steps) {
      for (StepUsage u : ReportStep.extras(step).llmUsage()) {
        in += u.tokens().totalInputTokens();
        out += u.tokens().outputTokens();
        if (u.costUsd() != null) {
          cost += u.costUsd();
          costKnown = true;
        }
      }
    }
    html.append("<header><h1 id=\"goal\">")
        .append(ReportHtml.text(task.goal()))
        .append("</h1><dl class=\"facts\">");
    fact(html, "Status", task.status().name());
    fact(html, "Task", task.id().value());
    fact(html, "Device", task.device());
    fact(html, "Steps", String.valueOf(steps.size()));
    fact(html, "Started", task.startedAt() == null ? "—" : task.startedAt().toString());
    if (task.startedAt() != null && task.endedAt() != null) {
      fact(html, "Duration", duration(Duration.between(task.startedAt(), task.endedAt())));
    }
    fact(html, "Tokens", in + " in · " + out + " out");
    fact(html, "Cost", costKnown ? usd(cost) : "—");
    html.append("</dl>");
    if (task.reason() != null) {
      html.append("<p class=\"")
          .append(task.status().name().equals("SUCCEEDED") ? "muted" : "no")
          .append("\">")
          .append(ReportHtml.text(task.reason()))
          .append("</p>");
    }
    html.append("</header>");
  }

  static void finalScreen(StringBuilder html, StoredObservation o, byte[] png) {
    html.append("<section class=\"final\" id=\"final\">")
        .append(
            ReportScreen.html(
                png, o.scene(), null, null, null, "the screen after step " + o.afterStep()))
        .append("<div class=\"info\"><h2>After step ")
        .append(o.afterStep())
        .append(": the screen the task left</h2><p class=\"muted\">")
        .append(o.scene().elements().size())
        .append(" elements")
        .append(o.observedAt() == null ? "" : ", observed " + o.observedAt())
        .append("</p></div></section>");
  }

  static void fact(StringBuilder html, String name, String value) {
    html.append("<div><dt>")
        .append(ReportHtml.escape(name))
        .append("</dt><dd>")
        .append(ReportHtml.text(value))
        .append("</dd></div>");
  }

  static String duration(Duration d) {
    long ms = d.toMillis();
    return ms < 1_000 ? ms + " ms" : String.format(Locale.ROOT, "%.2f s", ms / 1000.0);
  }

  static String usd(double value) {
    return String.format(Locale.ROOT, "$%.4f", value);
  }

  /** What changed between a step's screen and the next one, in one line. */
  static String changed(Scene before, Scene after) {
    if (before == null || after == null) {
      return "not known (no screen recorded after this step)";
    }
    return SceneDiff.between(before, after).summary();
  }

  static String world(StepExtras extras) {
    WorldState w = extras.world();
    if (w == null) {
      return null;
    }
    StringBuilder s = new StringBuilder();
    if (w.currentApp() != null) {
      s.append("app ").append(w.currentApp());
    }
    if (w.currentPage() != null) {
      s.append(s.isEmpty() ? "" : " · ").append("page ").append(w.currentPage());
    }
    if (!w.variables().isEmpty()) {
      s.append(s.isEmpty() ? "" : " · ").append("variables ").append(Json.write(w.variables()));
    }
    if (w.screenSignature() != null) {
      String sig = w.screenSignature();
      s.append(s.isEmpty() ? "" : " · ")
          .append("screen ")
          .append(sig.length() > 12 ? sig.substring(0, 12) : sig);
    }
    return s.isEmpty() ? "nothing known yet" : s.toString();
  }

  static String compact(JsonNode node) {
    return node == null || node.isNull() ? "" : Json.write(node);
  }

  static String sha256(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return "sha256-" + Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }
}
