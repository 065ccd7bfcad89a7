package dev.apex.device.sim;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A sim app as written in its JSON resource: a package name, the pages and the state it starts
 * with. Data, not code: the engine interprets it.
 *
 * @param id the package name, e.g. {@code com.android.settings}
 * @param label the name under its launcher icon
 * @param root the page it opens on
 * @param state the switches, lists and fields it declares, with their initial values
 * @param pages every page; ids are unique within the app
 */
public record SimApp(String id, String label, String root, SimAppState state, List<SimPage> pages) {

  public SimApp {
    Objects.requireNonNull(id, "app.id");
    Objects.requireNonNull(label, "app.label");
    Objects.requireNonNull(root, "app.root");
    state = state == null ? SimAppState.EMPTY : state;
    pages = pages == null ? List.of() : List.copyOf(pages);
  }

  public Optional<SimPage> page(String pageId) {
    return pages.stream().filter(p -> p.id().equals(pageId)).findFirst();
  }

  /** The page, which {@link SimApps} has checked exists. */
  SimPage requirePage(String pageId) {
    return page(pageId)
        .orElseThrow(() -> new IllegalStateException(id + " has no page '" + pageId + "'"));
  }
}
