package dev.apex.console;

import dev.apex.core.Bounds;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.llm.SemanticScene;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One screen of the report: the downscaled screenshot with the scene's boxes drawn over it as an
 * SVG in scene pixels (tree, fused and OCR boxes in their own colours, the step's target outlined
 * and its tap point ringed, never filled over), each box titled with the element's id, resource id,
 * text and purpose, so hovering shows them without a script. A screen without a screenshot draws
 * the boxes on a blank screen of the scene's size.
 */
final class ReportScreen {

  private ReportScreen() {}

  /**
   * @param png the screenshot, or null
   * @param scene the scene, or null
   * @param labels the scene's semantic labels (for purposes), or null
   * @param target the id of the element the step acted on, or null
   * @param tap the tapped point in scene pixels, or null
   * @param alt what the picture shows, e.g. {@code the screen before step 3}
   */
  static String html(
      byte[] png, Scene scene, SemanticScene labels, String target, int[] tap, String alt) {
    Optional<String> image = ReportImages.dataUri(png);
    if (image.isEmpty() && scene == null) {
      return "<p class=\"muted\">No screenshot or scene was recorded.</p>";
    }
    StringBuilder out = new StringBuilder(4_096);
    out.append("<figure class=\"shot").append(image.isEmpty() ? " blank" : "").append("\">");
    if (image.isPresent()) {
      out.append("<img alt=\"")
          .append(ReportHtml.text(alt))
          .append("\" src=\"")
          .append(image.get())
          .append("\">");
    }
    if (scene != null && scene.width() > 0 && scene.height() > 0) {
      boxes(out, scene, labels, target, tap, image.isPresent());
    }
    out.append("</figure>");
    if (image.isEmpty()) {
      out.append("<p class=\"muted\">No screenshot kept (retention, or none taken).</p>");
    }
    return out.toString();
  }

  private static void boxes(
      StringBuilder out,
      Scene scene,
      SemanticScene labels,
      String target,
      int[] tap,
      boolean overImage) {
    Map<String, String> purposes = new HashMap<>();
    if (labels != null) {
      labels.widgets().forEach(w -> purposes.putIfAbsent(w.elementId(), w.purpose()));
    }
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
        .append(scene.width())
        .append(' ')
        .append(scene.height())
        .append("\" preserveAspectRatio=\"none\">");
    if (!overImage) {
      out.append("<rect class=\"bg\" width=\"")
          .append(scene.width())
          .append("\" height=\"")
          .append(scene.height())
          .append("\"/>");
    }
    List<SceneElement> drawn =
        scene.elements().stream()
            .filter(e -> e.bounds().hasArea())
            // Big boxes first, so a small one on top keeps its title; the target last of all.
            .sorted(
                Comparator.comparing((SceneElement e) -> e.id().equals(target))
                    .thenComparing(e -> -(long) e.bounds().width() * e.bounds().height()))
            .toList();
    for (SceneElement e : drawn) {
      Bounds b = e.bounds();
      out.append("<rect class=\"box ")
          .append(e.source().name().toLowerCase(java.util.Locale.ROOT))
          .append(e.id().equals(target) ? " target" : "")
          .append("\" x=\"")
          .append(b.left())
          .append("\" y=\"")
          .append(b.top())
          .append("\" width=\"")
          .append(b.width())
          .append("\" height=\"")
          .append(b.height())
          .append("\"><title>")
          .append(ReportHtml.text(title(e, purposes.get(e.id()))))
          .append("</title></rect>");
    }
    if (tap != null) {
      int r = Math.max(8, scene.width() / 45);
      out.append("<circle class=\"tap\" cx=\"")
          .append(tap[0])
          .append("\" cy=\"")
          .append(tap[1])
          .append("\" r=\"")
          .append(r)
          .append("\"/>");
    }
    out.append("</svg>");
  }

  private static String title(SceneElement e, String purpose) {
    StringBuilder t = new StringBuilder(e.id());
    if (e.resourceId() != null && !e.resourceId().isEmpty()) {
      t.append(" · ").append(e.resourceId());
    }
    if (e.text() != null && !e.text().isBlank()) {
      t.append(" · \"").append(e.text()).append('"');
    }
    t.append(" · ").append(e.type()).append(" · ").append(e.source().name().toLowerCase());
    if (purpose != null) {
      t.append(" · ").append(purpose);
    }
    return t.toString();
  }
}
