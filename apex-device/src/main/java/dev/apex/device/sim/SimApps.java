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

  /** Reads {@code /sim/apps.json} (home and app file names) and each app from the classpath. */
  static SimApps fromResources() {
    Index index = Json.read(resource(INDEX), Index.class);
    List<SimApp> apps = new ArrayList<>();
    for (String file : index.apps()) {
      apps.add(Json.read(resource("/sim/apps/" + file), SimApp.class));
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
