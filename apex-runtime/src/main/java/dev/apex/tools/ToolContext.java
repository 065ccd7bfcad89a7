package dev.apex.tools;

import dev.apex.core.Scene;
import dev.apex.core.Sleeper;
import dev.apex.device.Device;
import dev.apex.perception.Handles;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a tool acts on: the device, the scene the step was planned on, a way to observe afresh, and
 * injected time. One context serves every step of a task; it is as thread-safe as its device.
 */
public final class ToolContext {

  private final Device device;
  private final Supplier<Scene> latestScene;
  private final Supplier<Scene> observer;
  private final Supplier<Scene> layoutObserver;
  private final Clock clock;
  private final Sleeper sleeper;
  private final Duration settleBound;
  private final Handles handles;

  /**
   * A context whose taps wait up to {@link TapTool#DEFAULT_SETTLE} for their element to hold still.
   *
   * @param device the device tools act on
   * @param latestScene the most recent scene the task observed; may supply null before the first
   * @param observer captures and perceives the screen now; may throw a {@link
   *     dev.apex.core.DeviceException}
   * @param clock the clock tools read
   * @param sleeper how tools wait
   */
  public ToolContext(
      Device device,
      Supplier<Scene> latestScene,
      Supplier<Scene> observer,
      Clock clock,
      Sleeper sleeper) {
    this(device, latestScene, observer, clock, sleeper, TapTool.DEFAULT_SETTLE);
  }

  /**
   * @param settleBound how long a tap waits for its element to hold still before tapping the last
   *     box seen (a step's {@code settle_ms} overrides it); zero taps at once, at most {@value
   *     TapTool#MAX_SETTLE_MS} ms
   */
  public ToolContext(
      Device device,
      Supplier<Scene> latestScene,
      Supplier<Scene> observer,
      Clock clock,
      Sleeper sleeper,
      Duration settleBound) {
    this(device, latestScene, observer, observer, clock, sleeper, settleBound);
  }

  /**
   * @param layoutObserver observes the screen for a tool that only needs where things are (a tap
   *     waiting for its element to hold still); may skip semantic labelling
   * @param settleBound as in {@link #ToolContext(Device, Supplier, Supplier, Clock, Sleeper,
   *     Duration)}
   */
  public ToolContext(
      Device device,
      Supplier<Scene> latestScene,
      Supplier<Scene> observer,
      Supplier<Scene> layoutObserver,
      Clock clock,
      Sleeper sleeper,
      Duration settleBound) {
    this(device, latestScene, observer, layoutObserver, clock, sleeper, settleBound, new Handles());
  }

  /**
   * @param handles the task's element handles: a listing names elements by them and an {@code
   *     element} argument is read against them
   */
  public ToolContext(
      Device device,
      Supplier<Scene> latestScene,
      Supplier<Scene> observer,
      Supplier<Scene> layoutObserver,
      Clock clock,
      Sleeper sleeper,
      Duration settleBound,
      Handles handles) {
    this.handles = Objects.requireNonNull(handles, "handles");
    this.settleBound = TapTool.requireSettleBound("settleBound", settleBound);
    this.device = Objects.requireNonNull(device, "device");
    this.latestScene = Objects.requireNonNull(latestScene, "latestScene");
    this.observer = Objects.requireNonNull(observer, "observer");
    this.layoutObserver = Objects.requireNonNull(layoutObserver, "layoutObserver");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
  }

  public Device device() {
    return device;
  }

  /** The scene the step was planned on, or null when none was observed yet. */
  public Scene latestScene() {
    return latestScene.get();
  }

  /** Observes the screen now. Never null. */
  public Scene observe() {
    return Objects.requireNonNull(observer.get(), "observer returned no scene");
  }

  /** Observes the screen now, without semantic labels where the observer can skip them. */
  public Scene observeLayout() {
    return Objects.requireNonNull(layoutObserver.get(), "observer returned no scene");
  }

  /** The latest scene if there is one, else a fresh observation. */
  public Scene sceneOrObserve() {
    Scene scene = latestScene();
    return scene != null ? scene : observe();
  }

  public Clock clock() {
    return clock;
  }

  public Sleeper sleeper() {
    return sleeper;
  }

  /** The task's element handles. */
  public Handles handles() {
    return handles;
  }

  /** How long a tap waits for its element to hold still when its step does not say. */
  public Duration settleBound() {
    return settleBound;
  }
}
