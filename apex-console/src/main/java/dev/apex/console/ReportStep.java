package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Scene;
import dev.apex.storage.StepExtrasJson;
import dev.apex.storage.StoredStep;
import dev.apex.timeline.StepExtras;
import dev.apex.timeline.StepUsage;

/** One step of {@link TaskReport}: its screen and what it did, as an {@code <li>}. Stateless. */
final class ReportStep {

  private ReportStep() {}

  static void html(StringBuilder html, StoredStep step, byte[] png, Scene after) {
    StepExtras extras = extras(step);
    Scene before = step.scene().orElse(null);
    JsonNode result = readResult(step);
    JsonNode output = result == null ? null : result.get("output");
    html.append("<li class=\"step")
        .append(step.success() ? "" : " failed")
        .append("\" id=\"step-")
        .append(step.index())
        .append("\">")
        .append(
            ReportScreen.html(
                png,
                before,
                extras.semanticScene(),
                target(step, output),
                tap(output),
                "the screen before step " + step.index()))
        .append("<div class=\"info\"><h2>Step ")
        .append(step.index())
        .append(" · <span class=\"mono\">")
        .append(ReportHtml.text(step.action()))
        .append("</span> <span class=\"")
        .append(step.success() ? "ok\">OK" : "no\">FAILED")
        .append("</span></h2><dl class=\"kv\">");
    JsonNode planned = readTree(step.stepJson());
    row(html, "Arguments", planned == null ? "" : TaskReport.compact(planned.get("args")), true);
    if (step.error() != null) {
      row(html, "Error", step.error(), false);
    }
    if (output != null && !output.isNull()) {
      row(html, "Result", TaskReport.compact(output), true);
    }
    if (result != null && result.path("attempts").asInt(1) > 1) {
      row(html, "Attempts", result.path("attempts").asText(), false);
    }
    row(html, "What changed", TaskReport.changed(before, after), false);
    String world = TaskReport.world(extras);
    if (world != null) {
      row(html, "World after", world, false);
    }
    if (extras.semanticScene() != null) {
      row(html, "Page (labels)", extras.semanticScene().page(), false);
    }
    usage(html, extras);
    row(
        html,
        "Time",
        "observe "
            + TaskReport.duration(step.observeTime())
            + " · plan "
            + TaskReport.duration(step.planTime())
            + " · act "
            + TaskReport.duration(step.actTime())
            + " · total "
            + TaskReport.duration(step.observeTime().plus(step.planTime()).plus(step.actTime())),
        false);
    html.append("</dl></div></li>");
  }

  private static void usage(StringBuilder html, StepExtras extras) {
    long in = 0;
    long out = 0;
    Double cost = null;
    for (StepUsage u : extras.llmUsage()) {
      in += u.tokens().totalInputTokens();
      out += u.tokens().outputTokens();
      if (u.costUsd() != null) {
        cost = (cost == null ? 0 : cost) + u.costUsd();
      }
    }
    String tokens =
        extras.llmUsage().isEmpty()
            ? "none (no model call)"
            : in + " in · " + out + " out (" + extras.llmUsage().size() + " call(s))";
    if (extras.labelCache() != null) {
      tokens += " · labels from the " + extras.labelCache().level() + " cache";
    }
    row(html, "Tokens", tokens, false);
    row(html, "Cost", cost == null ? "—" : TaskReport.usd(cost), false);
  }

  private static void row(StringBuilder html, String name, String value, boolean mono) {
    html.append("<div><dt>")
        .append(ReportHtml.escape(name))
        .append("</dt><dd")
        .append(mono ? " class=\"mono\"" : "")
        .append(">")
        .append(ReportHtml.text(value))
        .append("</dd></div>");
  }

  /** The element the step acted on: the tool's answer first, then the step's own argument. */
  private static String target(StoredStep step, JsonNode output) {
    if (output != null && output.path("element").isTextual()) {
      return output.get("element").textValue();
    }
    if (output != null && output.path("id").isTextual()) {
      return output.get("id").textValue();
    }
    JsonNode planned = readTree(step.stepJson());
    JsonNode element = planned == null ? null : planned.path("args").get("element");
    return element != null && element.isTextual() ? element.textValue() : null;
  }

  private static int[] tap(JsonNode output) {
    if (output != null && output.path("x").isNumber() && output.path("y").isNumber()) {
      return new int[] {output.get("x").asInt(), output.get("y").asInt()};
    }
    return null;
  }

  static StepExtras extras(StoredStep step) {
    JsonNode annotations = readTree(step.annotationsJson());
    return StepExtrasJson.read(
            annotations == null
                ? com.fasterxml.jackson.databind.node.NullNode.instance
                : annotations)
        .extras();
  }

  private static JsonNode readResult(StoredStep step) {
    return readTree(step.resultJson());
  }

  /** A stored JSON column as a tree; a row this version cannot read shows as missing. */
  private static JsonNode readTree(String json) {
    if (json == null) {
      return null;
    }
    try {
      return dev.apex.core.Json.mapper().readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return null;
    }
  }
}
