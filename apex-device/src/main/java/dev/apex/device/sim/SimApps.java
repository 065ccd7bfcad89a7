package dev.apex.device.sim;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The apps a {@link SimDevice} runs, checked once when built: every page, key and app a widget
 * refers to exists, so the engine never meets a dangling reference. Immutable and thread-safe; one
 * instance may serve many devices.
 */
public final class SimApps {

  private static final String INDEX = "/sim/apps.json";

  private final String home;
  private final Map<String, SimApp> apps;
  private final SimAppState initialState;

  private SimApps(String home, List<SimApp> apps) {
    Objects.requireNonNull(home, "home");
    Map<String, SimApp> byId = new LinkedHashMap<>();
    for (SimApp app : apps) {
      if (byId.put(app.id(), app) != null) {
        throw new InvalidInputException("sim apps: app id '" + app.id() + "' is declared twice");
      }
    }
    if (!byId.containsKey(home)) {
      throw new InvalidInputException(
          "sim apps: home app '" + home + "' is not among " + byId.keySet());
    }
    this.home = home;
    this.apps = Map.copyOf(byId);
    this.initialState = SimAppsValidator.mergeStates(apps);
    SimAppsValidator.check(this);
  }

  /** Settings, Notes, Messages and the launcher, read from the bundled resources (cached). */
  public static SimApps defaults() {
    return Defaults.INSTANCE;
  }

  /** A custom set of apps; {@code home} is the launcher BACK and HOME return to. */
  public static SimApps of(String home, List<SimApp> apps) {
    return new SimApps(home, List.copyOf(apps));
  }

  /**
   * The drift variants of the default apps, the ways real apps change under a recorded flow, as
   * {@code --device sim:NAME} selects them: {@code drift-renamed} (Settings' Wi-Fi row renamed
   * WLAN, with a new resource id, and moved below Bluetooth), {@code drift-popup} (a Wi-Fi
   * Assistant dialog page on the way to the Wi-Fi page, dismissed with "Not now"), {@code
   * drift-row} (an Airplane mode row inserted above Wi-Fi).
   */
  public static final List<String> DRIFTS = List.of("drift-renamed", "drift-popup", "drift-row");

  private static final Map<String, SimApps> VARIANTS =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The default apps with the drift {@code name} applied (one of {@link #DRIFTS}).
   *
   * @throws InvalidInputException naming the variants for an unknown name
   */
  public static SimApps drift(String name) {
    if (!DRIFTS.contains(name)) {
      throw new InvalidInputException(
          "unknown sim variant '" + name + "': use sim, or sim:" + String.join(", sim:", DRIFTS));
    }
    return VARIANTS.computeIfAbsent(name, SimApps::fromResources);
  }

  /** Reads {@code /sim/apps.json} (home and app file names) and each app from the classpath. */
  static SimApps fromResources() {
    return fromResources(null);
  }

  /**
   * As {@link #fromResources()}, each app replaced by its {@code /sim/variants/NAME/} file if any.
   */
  private static SimApps fromResources(String variant) {
    Index index = Json.read(resource(INDEX), Index.class);
    List<SimApp> apps = new ArrayList<>();
    for (String file : index.apps()) {
      String drifted = variant == null ? null : "/sim/variants/" + variant + "/" + file;
      String path =
          drifted != null && SimApps.class.getResource(drifted) != null
              ? drifted
              : "/sim/apps/" + file;
      apps.add(Json.read(resource(path), SimApp.class));
    }
    return new SimApps(index.home(), apps);
  }

  public String home() {
    return home;
  }

  public Optional<SimApp> app(String id) {
    return Optional.ofNullable(apps.get(id));
  }

  /** The app, or an {@link InvalidInputException} naming the id and the known ones. */
  public SimApp require(String id) {
    SimApp app = id == null ? null : apps.get(id);
    if (app == null) {
      throw new InvalidInputException(
          "unknown app '" + id + "' on the sim device: use one of " + String.join(", ", ids()));
    }
    return app;
  }

  /** Every app id, sorted. */
  public List<String> ids() {
    return apps.keySet().stream().sorted().toList();
  }

  List<SimApp> all() {
    return apps.values().stream().sorted((a, b) -> a.id().compareTo(b.id())).toList();
  }

  /** Every app's declared state, merged (keys are device-wide). */
  SimAppState initialState() {
    return initialState;
  }

  private static String resource(String path) {
    try (InputStream in = SimApps.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("sim resource missing from the classpath: " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read sim resource " + path, e);
    }
  }

  private record Index(String home, List<String> apps) {
    Index {
      Objects.requireNonNull(home, "home");
      apps = apps == null ? List.of() : List.copyOf(apps);
    }
  }

  /** Loaded on first use; the resources are part of the jar, so a failure is a build bug. */
  private static final class Defaults {
    static final SimApps INSTANCE = fromResources();
  }
}
