package dev.apex.device.sim;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.apex.core.Bounds;
import java.util.List;
import java.util.Objects;

/**
 * One widget of a sim page, as written in the app's JSON. Widgets without {@code bounds} are laid
 * out top to bottom in the page's scrolling content; widgets with {@code bounds} sit at those
 * screen pixels and do not scroll.
 *
 * @param type what it is; decides its Android class, its flags and how it is drawn
 * @param id the resource id: a bare name becomes {@code <package>:id/<name>}; one with a colon is
 *     kept as written
 * @param text the label; in a {@code row}'s summary and a {@code text}, {@code {key}} is replaced
 *     by the switch's {@code On}/{@code Off}
 * @param summary a {@code row}'s second line, or null
 * @param hint what an empty {@code edit} shows, or null
 * @param key the state it shows: a switch key ({@code switch}), field key ({@code edit}) or list
 *     key ({@code list}); null for the others
 * @param empty what an empty {@code list} shows, or null
 * @param description the content description (uiautomator's {@code content-desc}), or null
 * @param bounds {@code [left, top, right, bottom]} in screen pixels, or null to flow
 * @param onTap what a tap does, in order; empty for inert widgets. A {@code switch} toggles and an
 *     {@code edit} takes the focus without being told.
 * @param onEnter what ENTER does while this {@code edit} has the focus
 * @param onLongPress what pressing and holding it does (a context menu), in order; empty when a
 *     long press does nothing, as on a view with no long-click handler
 */
public record SimWidget(
    Type type,
    String id,
    String text,
    String summary,
    String hint,
    String key,
    String empty,
    String description,
    List<Integer> bounds,
    List<SimAction> onTap,
    List<SimAction> onEnter,
    List<SimAction> onLongPress) {

  /** The kinds of widget the engine knows. */
  public enum Type {
    /** A label ({@code TextView}). */
    @JsonProperty("text")
    TEXT,
    /** A two-line list entry ({@code LinearLayout}: title and summary), usually tappable. */
    @JsonProperty("row")
    ROW,
    /** A labelled on/off switch row whose summary reads On or Off. */
    @JsonProperty("switch")
    SWITCH,
    /** A push button. */
    @JsonProperty("button")
    BUTTON,
    /** An editable text field. */
    @JsonProperty("edit")
    EDIT,
    /** The items of a list key ({@code RecyclerView}). */
    @JsonProperty("list")
    LIST,
    /** A launcher icon with its label underneath; needs {@code bounds}. */
    @JsonProperty("icon")
    ICON
  }

  public SimWidget {
    Objects.requireNonNull(type, "type");
    onTap = onTap == null ? List.of() : List.copyOf(onTap);
    onEnter = onEnter == null ? List.of() : List.copyOf(onEnter);
    onLongPress = onLongPress == null ? List.of() : List.copyOf(onLongPress);
    bounds = bounds == null ? null : List.copyOf(bounds);
    if (bounds != null && bounds.size() != 4) {
      throw new IllegalArgumentException(
          "widget " + id + ": bounds must be [left, top, right, bottom], got " + bounds);
    }
  }

  /** The fixed bounds, or null when the widget flows in the page. */
  public Bounds fixedBounds() {
    return bounds == null
        ? null
        : new Bounds(bounds.get(0), bounds.get(1), bounds.get(2), bounds.get(3));
  }
}
