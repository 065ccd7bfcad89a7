package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code navigate}: on a web page, goes {@code to} an address (opened in the tab) or through the
 * tab's history ({@code back}, {@code forward}, {@code reload}). One argument, so a catalogue pays
 * for no optional one. Web devices only ({@link Gestures.Navigate}); elsewhere it fails with one
 * line naming the device kind. Which addresses may open is not this tool's to decide: the runtime's
 * safety guard asks about or refuses a URL the user has not allowed, as for {@code launch_app} of a
 * URL, before this runs. Parsed into a {@link Move}.
 */
public final class NavigateTool implements Tool<NavigateTool.Move> {

  /** The history moves {@code to} may name instead of an address. */
  public static final Set<String> HISTORY = Set.of("back", "forward", "reload");

  /** A parsed navigation: {@link Open} an address or a {@link History} move. */
  public sealed interface Move permits Open, History {}

  /** Opens {@code url} in the tab. */
  public record Open(String url) implements Move {}

  /** {@code back}, {@code forward} or {@code reload}. */
  public record History(String go) implements Move {}

  private static final List<ArgSpec> ARGS =
      List.of(
          ArgSpec.required(
              "to", ArgSpec.Type.STRING, "an http(s) URL to open, or back, forward or reload"));

  @Override
  public String name() {
    return "navigate";
  }

  @Override
  public String description() {
    return "Open a URL in the page's tab, or go back, forward or reload (web).";
  }

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("to");
  }

  @Override
  public boolean supports(Device device) {
    return device.role(Gestures.Navigate.class).isPresent();
  }

  /** The address a {@code navigate} step opens, or empty for a history move; for the guard. */
  public static Optional<String> url(Map<String, Object> args) {
    String to = Args.string(args, "to");
    return to == null || HISTORY.contains(to.strip().toLowerCase(Locale.ROOT))
        ? Optional.empty()
        : Optional.of(to.strip());
  }

  @Override
  public Move parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    String to = Args.requireString(name(), args, "to").strip();
    if (to.isEmpty()) {
      throw new InvalidInputException(
          "navigate: 'to' must be a URL or one of back, forward, reload");
    }
    String move = to.toLowerCase(Locale.ROOT);
    return HISTORY.contains(move) ? new History(move) : new Open(to);
  }

  @Override
  public Map<String, Object> execute(Move move, ToolContext ctx) {
    Gestures.Navigate tab =
        PointTarget.role(ctx.device(), Gestures.Navigate.class, name(), "navigate");
    if (move instanceof Open open) {
      tab.navigate(open.url());
      return Map.of("to", Secrets.redact(open.url()));
    }
    String go = ((History) move).go();
    switch (go) {
      case "back" -> tab.back();
      case "forward" -> tab.forward();
      default -> tab.reload();
    }
    return Map.of("to", go);
  }
}
