package dev.apex.console;

import dev.apex.core.Scene;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * One device the inspector holds open: the device, the screen it read last, and a permit that lets
 * one user of the device at a time (a screen read, or a task the inspector started) touch it. A
 * read runs on the session's own thread, so the HTTP thread can give up at the device deadline
 * while the permit stays taken until the device answers. Thread-safe.
 */
final class InspectorSession {

  /**
   * A screen the inspector read.
   *
   * @param number counts the session's reads from 1, so the UI asks for this read's PNG
   */
  record Capture(long number, Instant at, Scene scene, byte[] png) {}

  private final String id;
  private final String device;
  private final HeldDevice held;
  private final Instant connectedAt;
  private final ExecutorService reader;
  private final Semaphore use = new Semaphore(1);
  private volatile long lastUsedNanos;
  private Capture last;
  private long reads;
  private String lastTask;

  InspectorSession(String id, String device, HeldDevice held, Instant connectedAt, long nanos) {
    this.id = Objects.requireNonNull(id, "id");
    this.device = Objects.requireNonNull(device, "device");
    this.held = Objects.requireNonNull(held, "held");
    this.connectedAt = connectedAt;
    this.lastUsedNanos = nanos;
    this.reader =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread thread = new Thread(r, "apex-inspector-" + id);
              thread.setDaemon(true);
              return thread;
            });
  }

  String id() {
    return id;
  }

  String device() {
    return device;
  }

  HeldDevice held() {
    return held;
  }

  Instant connectedAt() {
    return connectedAt;
  }

  ExecutorService reader() {
    return reader;
  }

  /** The permit a screen read or an inspector task holds while it uses the device. */
  Semaphore use() {
    return use;
  }

  void touch(long nanos) {
    lastUsedNanos = nanos;
  }

  long lastUsedNanos() {
    return lastUsedNanos;
  }

  synchronized Capture record(HeldDevice.Screen screen, Instant at) {
    last = new Capture(++reads, at, screen.scene(), screen.png());
    return last;
  }

  synchronized Optional<Capture> last() {
    return Optional.ofNullable(last);
  }

  synchronized void taskStarted(String taskId) {
    lastTask = taskId;
  }

  /** The last task the inspector started on this device, or null. */
  synchronized String lastTask() {
    return lastTask;
  }

  /** Stops the reader and closes the device. */
  void close() {
    reader.shutdownNow();
    held.close();
  }
}
