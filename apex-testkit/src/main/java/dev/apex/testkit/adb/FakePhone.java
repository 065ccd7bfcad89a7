package dev.apex.testkit.adb;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.imageio.ImageIO;

/**
 * One device of a {@link FakeAdbServer}: what it shows (a dump, a PNG), what is installed and in
 * front, what it was told to do, and the faults it will play. Configure it from the test thread;
 * the server's threads read and change it under its lock. Thread-safe.
 */
public final class FakePhone {

  /** The launcher, in front at start and after HOME. */
  public static final String LAUNCHER = "com.android.launcher3/.Launcher";

  private static final byte[] EMPTY_DUMP =
      ("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
              + "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\""
              + " package=\"com.android.launcher3\" content-desc=\"\" bounds=\"[0,0][1080,1920]\" />"
              + "</hierarchy>")
          .getBytes(StandardCharsets.UTF_8);

  private final String serial;
  private String state = "device";
  private byte[] dump = EMPTY_DUMP;
  private byte[] ttyOutput;
  private byte[] screenshot;
  private String wmSize = "Physical size: 1080x1920\n";
  private int sdkLevel = 34;
  private boolean systemWindowFocused;
  private String foreground = LAUNCHER;
  private final Map<String, String> launchers = new LinkedHashMap<>();
  private final Map<String, byte[]> files = new HashMap<>();
  private final Deque<String> dumpErrors = new ArrayDeque<>();
  private final List<ArmedFault> faults = new ArrayList<>();
  private final List<String> commands = new ArrayList<>();
  private final List<String> events = new ArrayList<>();
  private final StringBuilder typed = new StringBuilder();

  FakePhone(String serial) {
    this.serial = Objects.requireNonNull(serial, "serial");
    launchers.put("com.android.launcher3", ".Launcher");
  }

  public String serial() {
    return serial;
  }

  // ---- configuration (fluent) ----

  /**
   * The state {@code host:devices} lists: {@code device}, {@code offline}, {@code unauthorized}…
   */
  public synchronized FakePhone state(String state) {
    this.state = Objects.requireNonNull(state, "state");
    return this;
  }

  /** What {@code uiautomator dump} writes to its file, byte for byte. */
  public synchronized FakePhone dump(byte[] dump) {
    this.dump = Objects.requireNonNull(dump, "dump").clone();
    this.ttyOutput = null;
    return this;
  }

  /**
   * What {@code uiautomator dump /dev/tty} prints, byte for byte (a real capture already holds the
   * trailer). Without it, the tty form prints the dump and the usual trailer.
   */
  public synchronized FakePhone ttyOutput(byte[] output) {
    this.ttyOutput = Objects.requireNonNull(output, "output").clone();
    return this;
  }

  /** What {@code screencap -p} sends; by default a black PNG of the {@code wm size}. */
  public synchronized FakePhone screenshot(byte[] png) {
    this.screenshot = Objects.requireNonNull(png, "png").clone();
    return this;
  }

  /**
   * The API level {@code getprop ro.build.version.sdk} prints (34 by default); below 24, {@code
   * input draganddrop} is an unknown command, as on a real phone of that age.
   */
  public synchronized FakePhone sdkLevel(int level) {
    this.sdkLevel = level;
    return this;
  }

  public synchronized FakePhone screenSize(int width, int height) {
    this.wmSize = "Physical size: " + width + "x" + height + "\n";
    return this;
  }

  /** Installs an app whose launcher activity is {@code activity} (e.g. {@code .Settings}). */
  public synchronized FakePhone install(String pkg, String activity) {
    launchers.put(Objects.requireNonNull(pkg, "pkg"), Objects.requireNonNull(activity, "activity"));
    return this;
  }

  /**
   * Focuses a system window ({@code NotificationShade}) over the app, so {@code dumpsys window}
   * names no app and a client must fall back to {@code dumpsys activity}.
   */
  public synchronized FakePhone systemWindowFocused(boolean focused) {
    this.systemWindowFocused = focused;
    return this;
  }

  /**
   * The next {@code uiautomator dump} prints this error line, e.g. {@code ERROR: could not get idle
   * state.}
   */
  public synchronized FakePhone nextDumpFails(String errorLine) {
    dumpErrors.add(Objects.requireNonNull(errorLine, "errorLine"));
    return this;
  }

  /** The next service whose command contains {@code commandPart} plays {@code fault}. */
  public synchronized FakePhone failNext(String commandPart, AdbFault fault) {
    faults.add(new ArmedFault(Objects.requireNonNull(commandPart, "commandPart"), fault, false));
    return this;
  }

  /**
   * Every service whose command contains {@code commandPart} plays {@code fault}, retries included,
   * from now on: a device that is broken, not glitching.
   */
  public synchronized FakePhone failEvery(String commandPart, AdbFault fault) {
    faults.add(new ArmedFault(Objects.requireNonNull(commandPart, "commandPart"), fault, true));
    return this;
  }

  // ---- what happened ----

  /** Every {@code shell:}/{@code exec:} command this device got, in order, as sent. */
  public synchronized List<String> commands() {
    return List.copyOf(commands);
  }

  /**
   * What {@code input} did, as {@code tap X Y}, {@code swipe …}, {@code draganddrop …}, {@code text
   * …}, {@code keyevent N}.
   */
  public synchronized List<String> events() {
    return List.copyOf(events);
  }

  /** All text {@code input text} typed, after the shell and {@code input} decoded it. */
  public synchronized String typedText() {
    return typed.toString();
  }

  /** The foreground app's package. */
  public synchronized String currentPackage() {
    return foreground.substring(0, foreground.indexOf('/'));
  }

  /** The foreground activity as {@code pkg/.Activity}. */
  public synchronized String currentActivity() {
    return foreground;
  }

  // ---- used by the server and the shell ----

  synchronized String stateNow() {
    return state;
  }

  synchronized void record(String command) {
    commands.add(command);
  }

  synchronized Optional<AdbFault> takeFault(String command) {
    for (Iterator<ArmedFault> it = faults.iterator(); it.hasNext(); ) {
      ArmedFault armed = it.next();
      if (command.contains(armed.commandPart())) {
        if (!armed.repeat()) {
          it.remove();
        }
        return Optional.of(armed.fault());
      }
    }
    return Optional.empty();
  }

  synchronized byte[] dumpBytes() {
    return dump.clone();
  }

  synchronized byte[] ttyBytes() {
    return ttyOutput == null ? null : ttyOutput.clone();
  }

  synchronized String pollDumpError() {
    return dumpErrors.poll();
  }

  synchronized int sdkLevelNow() {
    return sdkLevel;
  }

  synchronized String wmSizeOutput() {
    return wmSize;
  }

  /** A copy of what {@code screencap -p} sends. */
  public synchronized byte[] screenshot() {
    if (screenshot == null) {
      String[] size = wmSize.replaceAll("[^0-9x]", "").split("x");
      screenshot = png(Integer.parseInt(size[0]), Integer.parseInt(size[1]));
    }
    return screenshot.clone();
  }

  synchronized boolean systemWindowFocusedNow() {
    return systemWindowFocused;
  }

  synchronized Optional<String> launcherOf(String pkg) {
    return Optional.ofNullable(launchers.get(pkg));
  }

  synchronized void foreground(String component) {
    this.foreground = component;
  }

  synchronized void event(String event) {
    events.add(event);
  }

  synchronized void type(String text) {
    typed.append(text);
  }

  synchronized void writeFile(String path, byte[] content) {
    files.put(path, content.clone());
  }

  synchronized byte[] readFile(String path) {
    byte[] content = files.get(path);
    return content == null ? null : content.clone();
  }

  synchronized void removeFile(String path) {
    files.remove(path);
  }

  /** A black PNG, for tests that need a screenshot of a given size. */
  public static byte[] png(int width, int height) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private record ArmedFault(String commandPart, AdbFault fault, boolean repeat) {}
}
