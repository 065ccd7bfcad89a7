package dev.apex.device.sim;

import java.util.List;
import java.util.Objects;

/**
 * One screen of a sim app.
 *
 * @param id the page's name within its app, the target of {@code navigate}
 * @param title the toolbar's title; null for a page without a toolbar (the launcher)
 * @param widgets top to bottom
 */
public record SimPage(String id, String title, List<SimWidget> widgets) {

  public SimPage {
    Objects.requireNonNull(id, "page.id");
    widgets = widgets == null ? List.of() : List.copyOf(widgets);
  }

  public boolean hasToolbar() {
    return title != null;
  }
}
