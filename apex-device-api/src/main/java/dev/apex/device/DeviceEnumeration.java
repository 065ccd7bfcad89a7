package dev.apex.device;

import dev.apex.core.Text;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every device the runtime can reach, with its state: the one enumeration behind {@code apex
 * devices}, the console's {@code GET /api/devices} and the MCP server's {@code list_devices}. Each
 * provider on the classpath gives its {@link DeviceProbe}s ({@link
 * DeviceProvider#probes(DeviceOptions)}): the sim, the adb server's phones, the configured
 * WebDriverAgent URL, web, the configured WebDriver endpoints. They run in parallel, at most
 * {@value #MAX_PARALLEL} at once, and each must answer within the deadline: one that does not (or
 * fails) is listed {@link DeviceState#UNREACHABLE} saying why, and never holds the others up.
 * Thread-safe; each call starts its own short-lived threads and ends them before it returns.
 */
public final class DeviceEnumeration {

  /** The default deadline of each probe. */
  public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(2);

  /** How many probes run at once. */
  static final int MAX_PARALLEL = 8;

  /** The most probes one call runs (the config bounds its lists well below this). */
  static final int MAX_PROBES = 32;

  /** How long past its deadline a probe may take to say why it gave up, before it is cut off. */
  static final Duration GRACE = Duration.ofMillis(250);

  /** The order kinds are listed in. */
  private static final List<String> ORDER = List.of("sim", "android", "ios", "web", "webdriver");

  private DeviceEnumeration() {}

  /** Lists the devices through the providers on the classpath. */
  public static List<DeviceListing> list(DeviceOptions options, Duration deadline) {
    Set<DeviceProvider> providers = Collections.newSetFromMap(new IdentityHashMap<>());
    providers.addAll(DeviceProviders.available().values());
    List<DeviceProbe> probes = new ArrayList<>();
    for (DeviceProvider provider : providers) {
      probes.addAll(provider.probes(options));
    }
    return run(probes, deadline);
  }

  /**
   * Runs {@code probes} (at most {@value #MAX_PROBES}) in parallel, each under {@code deadline}.
   */
  public static List<DeviceListing> run(List<DeviceProbe> probes, Duration deadline) {
    Objects.requireNonNull(probes, "probes");
    Objects.requireNonNull(deadline, "deadline");
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("deadline must be positive, was " + deadline);
    }
    List<DeviceProbe> sorted =
        probes.stream()
            .limit(MAX_PROBES)
            .sorted(java.util.Comparator.comparingInt(p -> rank(p.kind())))
            .toList();
    if (sorted.isEmpty()) {
      return List.of();
    }
    AtomicInteger count = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(MAX_PARALLEL, sorted.size()),
            r -> {
              Thread t = new Thread(r, "apex-device-probe-" + count.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<List<DeviceListing>>> answers = new ArrayList<>();
      for (DeviceProbe probe : sorted) {
        answers.add(pool.submit(() -> probe.question().ask(deadline)));
      }
      long end = System.nanoTime() + deadline.plus(GRACE).toNanos();
      List<DeviceListing> listed = new ArrayList<>();
      for (int i = 0; i < sorted.size(); i++) {
        listed.addAll(answer(sorted.get(i), answers.get(i), end, deadline));
      }
      return List.copyOf(listed);
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<DeviceListing> answer(
      DeviceProbe probe, Future<List<DeviceListing>> answer, long end, Duration deadline) {
    try {
      List<DeviceListing> found =
          answer.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
      return found == null ? List.of() : found;
    } catch (TimeoutException e) {
      answer.cancel(true);
      return List.of(
          DeviceListing.unreachable(
              probe.selector(),
              probe.kind(),
              "did not answer within " + DeviceLimits.describe(deadline)));
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      String why = message(cause);
      // A device error names its device first ("android: …"); the row names it already.
      if (why.startsWith(probe.kind() + ": ")) {
        why = why.substring(probe.kind().length() + 2);
      }
      return List.of(
          DeviceListing.unreachable(probe.selector(), probe.kind(), Text.oneLine(why, 300)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      answer.cancel(true);
      return List.of(DeviceListing.unreachable(probe.selector(), probe.kind(), "not asked"));
    }
  }

  private static String message(Throwable t) {
    String text = t.getMessage();
    return text == null || text.isBlank() ? t.getClass().getSimpleName() : text;
  }

  private static int rank(String kind) {
    int i = ORDER.indexOf(kind);
    return i < 0 ? ORDER.size() : i;
  }
}
