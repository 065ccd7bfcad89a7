package dev.apex.tools;

import dev.apex.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code launch_app} and {@code terminate_app}: take the app by {@code app_id} (an Android package)
 * or {@code bundle_id} (an iOS bundle id), exactly one of them, parsed into an {@link App}. An app
 * the device does not know fails with {@link InvalidInputException} from the device. A web page is
 * not offered them ({@link #supports}): its addresses open with {@code navigate}.
 */
public abstract sealed class AppTool implements Tool<AppTool.App> {

  /**
   * The app a step names.
   *
   * @param id its Android package or iOS bundle id, without surrounding spaces; not blank
   */
  public record App(String id) {
    public App {
      Objects.requireNonNull(id, "id");
    }
  }

  private static final List<ArgSpec> ARGS =
      List.of(
          ArgSpec.optional(
              "app_id", ArgSpec.Type.STRING, "the app's id, e.g. com.android.settings"),
          ArgSpec.optional(
              "bundle_id",
              ArgSpec.Type.STRING,
              "the app's iOS bundle id, e.g. com.apple.Preferences"));

  @Override
  public List<ArgSpec> args() {
    return ARGS;
  }

  @Override
  public Optional<String> shorthandArg() {
    return Optional.of("app_id");
  }

  /**
   * Not on a web page ({@link dev.apex.device.Gestures.Navigate}), whose apps are addresses: a
   * catalogue offers {@code navigate} there. A flow's step naming an app (a URL) still runs.
   */
  @Override
  public boolean supports(dev.apex.device.Device device) {
    return device.role(dev.apex.device.Gestures.Navigate.class).isEmpty();
  }

  @Override
  public App parse(Map<String, Object> args) {
    ArgSpec.validate(name(), args(), args);
    boolean app = args.get("app_id") != null;
    boolean bundle = args.get("bundle_id") != null;
    if (app == bundle) {
      throw new InvalidInputException(name() + ": give exactly one of 'app_id' or 'bundle_id'");
    }
    return new App(Args.requireString(name(), args, app ? "app_id" : "bundle_id").strip());
  }

  @Override
  public Map<String, Object> execute(App app, ToolContext ctx) {
    act(app.id(), ctx);
    return Map.of("app_id", app.id());
  }

  abstract void act(String appId, ToolContext ctx);

  /** {@code launch_app}: brings the app to the foreground, starting it if needed. */
  public static final class Launch extends AppTool {
    @Override
    public String name() {
      return "launch_app";
    }

    @Override
    public String description() {
      return "Bring an app to the foreground, starting it if needed.";
    }

    @Override
    void act(String appId, ToolContext ctx) {
      ctx.device().launchApp(appId);
    }
  }

  /** {@code terminate_app}: stops the app. */
  public static final class Terminate extends AppTool {
    @Override
    public String name() {
      return "terminate_app";
    }

    @Override
    public String description() {
      return "Stop an app.";
    }

    @Override
    void act(String appId, ToolContext ctx) {
      ctx.device().terminateApp(appId);
    }
  }
}
