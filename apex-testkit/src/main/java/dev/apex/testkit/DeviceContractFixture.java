package dev.apex.testkit;

import dev.apex.core.TreeFormat;
import dev.apex.device.Gestures;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a {@link DeviceContract} subclass tells the suite about its device: ids to launch and to
 * reject, the tree format, a point safe to tap, and which optional abilities it has. Abilities a
 * device lacks turn the tests that need them into skips, never failures.
 *
 * @param knownAppId an app the device can launch (e.g. {@code com.android.settings})
 * @param unknownAppId an app it does not have; launching it must fail with an {@code
 *     InvalidInputException} naming it
 * @param treeFormat the format {@code capture()} states
 * @param safeTap a point whose tap changes nothing harmful, or null for the screen's centre
 * @param reportsCurrentApp whether {@code currentApp()} tells the foreground app
 * @param screenshots whether captures carry a PNG
 * @param textEntry whether {@code typeText} is supported
 * @param launchesApps whether {@code launchApp}/{@code terminateApp} are supported
 * @param roles the {@link Gestures} roles the device makes; {@code Device.role} must answer for
 *     exactly these (none by default)
 */
public record DeviceContractFixture(
    String knownAppId,
    String unknownAppId,
    TreeFormat treeFormat,
    Point safeTap,
    boolean reportsCurrentApp,
    boolean screenshots,
    boolean textEntry,
    boolean launchesApps,
    Set<Class<?>> roles) {

  /** The roles a device may declare: every interface in {@link Gestures}. */
  public static final List<Class<?>> ALL_ROLES =
      List.of(
          Gestures.LongPress.class,
          Gestures.Drag.class,
          Gestures.Hover.class,
          Gestures.ModifierTap.class,
          Gestures.SelectOption.class);

  /** A point in screenshot pixels. */
  public record Point(int x, int y) {}

  public DeviceContractFixture {
    Objects.requireNonNull(treeFormat, "treeFormat");
    Objects.requireNonNull(unknownAppId, "unknownAppId");
    if (launchesApps && (knownAppId == null || knownAppId.isBlank())) {
      throw new IllegalArgumentException("knownAppId is required when launchesApps is true");
    }
    roles = Set.copyOf(Objects.requireNonNull(roles, "roles"));
    for (Class<?> role : roles) {
      if (!ALL_ROLES.contains(role)) {
        throw new IllegalArgumentException(role.getName() + " is not one of Gestures' roles");
      }
    }
  }

  /** Whether the device declares {@code role}. */
  public boolean supports(Class<?> role) {
    return roles.contains(role);
  }

  /** Starts with every ability on and {@code com.example.no.such.app} as the unknown app. */
  public static Builder builder(TreeFormat treeFormat) {
    return new Builder(treeFormat);
  }

  /**
   * Builds a fixture; ability switches default to on, so a subclass names only what its device
   * lacks; gesture roles default to none, so it names those it has.
   */
  public static final class Builder {
    private final TreeFormat treeFormat;
    private String knownAppId;
    private String unknownAppId = "com.example.no.such.app";
    private Point safeTap;
    private boolean reportsCurrentApp = true;
    private boolean screenshots = true;
    private boolean textEntry = true;
    private boolean launchesApps = true;
    private final Set<Class<?>> roles = new LinkedHashSet<>();

    private Builder(TreeFormat treeFormat) {
      this.treeFormat = Objects.requireNonNull(treeFormat, "treeFormat");
    }

    public Builder knownApp(String appId) {
      this.knownAppId = appId;
      return this;
    }

    public Builder unknownApp(String appId) {
      this.unknownAppId = Objects.requireNonNull(appId, "appId");
      return this;
    }

    public Builder safeTap(int x, int y) {
      this.safeTap = new Point(x, y);
      return this;
    }

    public Builder reportsCurrentApp(boolean on) {
      this.reportsCurrentApp = on;
      return this;
    }

    public Builder screenshots(boolean on) {
      this.screenshots = on;
      return this;
    }

    public Builder textEntry(boolean on) {
      this.textEntry = on;
      return this;
    }

    public Builder launchesApps(boolean on) {
      this.launchesApps = on;
      return this;
    }

    /** Declares gesture roles the device makes, e.g. {@code Gestures.LongPress.class}. */
    public Builder supports(Class<?>... roles) {
      for (Class<?> role : roles) {
        this.roles.add(Objects.requireNonNull(role, "role"));
      }
      return this;
    }

    public DeviceContractFixture build() {
      return new DeviceContractFixture(
          knownAppId,
          unknownAppId,
          treeFormat,
          safeTap,
          reportsCurrentApp,
          screenshots,
          textEntry,
          launchesApps,
          roles);
    }
  }
}
