package dev.apex.timeline;

import dev.apex.core.InvalidInputException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds the timeline store on the classpath ({@link ServiceLoader}) and opens files with it. */
public final class TimelineProviders {

  /** The store used when none is named: SQLite, from {@value #DEFAULT_MODULE}. */
  public static final String DEFAULT = "sqlite";

  static final String DEFAULT_MODULE = "apex-storage";

  private TimelineProviders() {}

  /** Every store on the classpath, by name. */
  public static Map<String, TimelineProvider> available() {
    Map<String, TimelineProvider> found = new TreeMap<>();
    for (TimelineProvider p :
        ServiceLoader.load(TimelineProvider.class, TimelineProviders.class.getClassLoader())) {
      found.putIfAbsent(p.name(), p);
    }
    return found;
  }

  /**
   * The default store.
   *
   * @throws InvalidInputException naming the module to add when no store is on the classpath
   */
  public static TimelineProvider require() {
    Map<String, TimelineProvider> found = available();
    TimelineProvider provider = found.get(DEFAULT);
    if (provider == null && found.size() == 1) {
      provider = found.values().iterator().next();
    }
    if (provider == null) {
      throw new InvalidInputException(
          found.isEmpty()
              ? "no timeline store is on the classpath: add the "
                  + DEFAULT_MODULE
                  + " module (dev.apex:"
                  + DEFAULT_MODULE
                  + ") to record tasks in a file, or record no timeline"
              : "no "
                  + DEFAULT
                  + " timeline store on the classpath, and several others: "
                  + String.join(", ", found.keySet()));
    }
    return provider;
  }

  /**
   * The store that opens {@code location}: a path goes to the default store, a URL to the store of
   * its scheme.
   *
   * @throws InvalidInputException when no store on the classpath takes it, naming the module to add
   *     for a {@code postgresql://} URL
   */
  public static TimelineProvider forLocation(String location) {
    Objects.requireNonNull(location, "location");
    if (!location.contains("://")) {
      return require();
    }
    for (TimelineProvider provider : available().values()) {
      if (!provider.name().equals(DEFAULT) && provider.accepts(location)) {
        return provider;
      }
    }
    String scheme = location.substring(0, location.indexOf("://"));
    throw new InvalidInputException(
        scheme.startsWith("postgres")
            ? "no PostgreSQL timeline store is on the classpath: add the apex-timeline-postgres"
                + " module (dev.apex:apex-timeline-postgres)"
            : "no timeline store on the classpath opens " + scheme + ":// locations");
  }

  /**
   * Opens the timeline at {@code location} (a file path or a server URL) with the store that takes
   * it; the caller closes the timeline.
   *
   * @throws InvalidInputException when no store on the classpath takes it
   */
  public static TaskTimeline open(String location, TimelineOptions options) {
    Objects.requireNonNull(options, "options");
    return forLocation(location).open(location, options);
  }

  /**
   * Opens {@code file} with the default store; the caller closes the timeline.
   *
   * @throws InvalidInputException when no store is on the classpath, naming the module to add
   */
  public static TaskTimeline open(Path file) {
    Objects.requireNonNull(file, "file");
    return require().open(file);
  }
}
