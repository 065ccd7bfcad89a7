package dev.apex.device.web;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated page of at least a given number of elements: cards of nested layout divs, text with
 * inline markup, and one interactive element each in one of the forms pages use (button, link,
 * input, checkbox in a label, role=button, onclick, cursor:pointer, tabindex), plus elements that
 * are hidden in the ways pages hide them. The markup carries what a framework-built page carries
 * (utility class lists, test ids, icon SVGs), so its size is comparable to real HTML.
 * Deterministic: the same size gives the same page.
 *
 * @param html the page
 * @param elements how many elements the body holds
 * @param visibleInteractive ids of the interactive elements a user could see by scrolling
 * @param hidden ids of interactive elements that are display:none, inside one, or invisible
 */
record BigPage(String html, int elements, List<String> visibleInteractive, List<String> hidden) {

  /** A decorative icon, as component libraries inline them: two elements, no text. */
  private static final String ICON =
      "<svg class=\"h-5 w-5 text-gray-400\" viewBox=\"0 0 20 20\" fill=\"currentColor\""
          + " aria-hidden=\"true\"><path fill-rule=\"evenodd\" d=\"M10 18a8 8 0 100-16 8 8 0"
          + " 000 16zm3.707-9.293a1 1 0 00-1.414-1.414L9 10.586 7.707 9.293a1 1 0 00-1.414"
          + " 1.414l2 2a1 1 0 001.414 0l4-4z\" clip-rule=\"evenodd\"/></svg>";

  static BigPage generate(int minElements) {
    StringBuilder html =
        new StringBuilder(
            "<!doctype html><html><head><title>Catalogue</title><style>"
                + ".card{margin:8px;padding:8px;border:1px solid #ccc}"
                + ".row{display:flex;gap:8px}</style></head><body><h1>Catalogue</h1>");
    List<String> visible = new ArrayList<>();
    List<String> hidden = new ArrayList<>();
    int elements = 1;
    for (int k = 0; elements < minElements; k++) {
      String id = "i-" + k;
      html.append("<div class=\"card rounded-lg shadow-sm border border-gray-200 bg-white\"")
          .append(" data-testid=\"card-")
          .append(k)
          .append("\"><div class=\"inner p-4 md:p-6\"><div class=\"row flex items-center gap-2\">")
          .append(ICON)
          .append("<h3 class=\"text-lg font-semibold text-gray-900\">Card ")
          .append(k)
          .append("</h3><p>Some <b>bold</b> words about item <span>")
          .append(k)
          .append("</span>.</p><div class=\"actions\"><div>");
      elements += 11;
      switch (k % 8) {
        case 0 -> html.append("<button id=\"" + id + "\">Buy " + k + "</button>");
        case 1 -> html.append("<a id=\"" + id + "\" href=\"#" + k + "\">Open " + k + "</a>");
        case 2 -> html.append("<input id=\"" + id + "\" placeholder=\"Note " + k + "\">");
        case 3 -> {
          html.append("<label><input type=\"checkbox\" id=\"" + id + "\"> Pick " + k + "</label>");
          elements++;
        }
        case 4 -> {
          html.append("<div id=\"" + id + "\" role=\"button\"><span>Role " + k + "</span></div>");
          elements++;
        }
        case 5 -> html.append("<span id=\"" + id + "\" onclick=\"void 0\">Tap " + k + "</span>");
        case 6 -> {
          html.append(
              "<div id=\""
                  + id
                  + "\" style=\"cursor:pointer\"><div><span>Pointer "
                  + k
                  + "</span></div></div>");
          elements += 2;
        }
        default -> html.append("<div id=\"" + id + "\" tabindex=\"0\">Focus " + k + "</div>");
      }
      elements++;
      visible.add(id);
      if (k % 7 == 0) {
        html.append("<select id=\"s-" + k + "\"><option>One</option><option>Two</option></select>");
        visible.add("s-" + k);
        elements += 3;
      }
      if (k % 5 == 0) {
        html.append("<button id=\"h-" + k + "\" style=\"display:none\">Gone</button>")
            .append("<div style=\"display:none\"><button id=\"hh-" + k + "\">Gone</button></div>")
            .append("<button id=\"hv-" + k + "\" style=\"visibility:hidden\">Ghost</button>")
            .append("<a id=\"ho-" + k + "\" href=\"#\" style=\"opacity:0\">Faded</a>")
            .append("<input type=\"hidden\" id=\"hi-" + k + "\" value=\"secret\">");
        hidden.addAll(List.of("h-" + k, "hh-" + k, "hv-" + k, "ho-" + k, "hi-" + k));
        elements += 6;
      }
      html.append("</div></div></div><div><div><div></div></div></div></div></div>");
      elements += 3;
    }
    html.append("</body></html>");
    return new BigPage(html.toString(), elements, List.copyOf(visible), List.copyOf(hidden));
  }
}
