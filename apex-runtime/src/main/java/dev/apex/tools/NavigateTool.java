package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import dev.apex.device.Device;
import dev.apex.device.Gestures;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code navigate}: on a web page, opens a {@code url} in the tab, or moves through its history
 * ({@code go}: {@code back}, {@code forward}, {@code reload}); exactly one of them. Web devices
 * only ({@link Gestures.Navigate}); elsewhere it fails with one line naming the device kind. Which
 * addresses may open is not this tool's to decide: the runtime's safety guard asks about or refuses
 * a URL the user has not allowed, as for {@code launch_app} of a URL, before this runs. Parsed into
 * a {@link Move}.
 */
public final class NavigateTool implements Tool<NavigateTool.Move> {

  /** A parsed navigation: {@link Open} a URL or a {@link History} move. */
  public sealed interface Move permits Open, History {}

  /** Opens {@code url} in the tab. */
  public record Open(String url) implements Move {}

  /** Back, forward or reload. */
  public record History(String go) implements Move {}

  private static final List<ArgSpec> ARGS =
      List.of(
          ArgSpec.optional("url", ArgSpec.Type.STRING, "the address to open, http or https"),
          ArgSpec.optional("go", ArgSpec.Type.STRING, "a move in the tab's history")
              .oneOf("back", "forward", "reload"));

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
    return Optional.of("url");
  }

  @Override
  public boolean supports(Device device) {
    return device.role(Gestures.Navigate.class).isPresent();
  }

  @Override
  public Move parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    String url = Args.string(args, "url");
    String go = Args.string(args, "go");
    if ((url == null) == (go == null)) {
      throw new InvalidInputException(
          "navigate: give 'url' (an address to open) or 'go' (back, forward or reload), not both");
    }
    if (url != null) {
      if (url.isBlank()) {
        throw new InvalidInputException("navigate: 'url' must not be empty");
      }
      return new Open(url.strip());
    }
    return new History(go.strip().toLowerCase(Locale.ROOT));
  }

  @Override
  public Map<String, Object> execute(Move move, ToolContext ctx) {
    Gestures.Navigate tab =
        PointTarget.role(ctx.device(), Gestures.Navigate.class, name(), "navigate");
    if (move instanceof Open open) {
      tab.navigate(open.url());
      return Map.of("url", Secrets.redact(open.url()));
    }
    String go = ((History) move).go();
    switch (go) {
      case "back" -> tab.back();
      case "forward" -> tab.forward();
      default -> tab.reload();
    }
    return Map.of("go", go);
  }
}
