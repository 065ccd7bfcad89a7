package dev.apex.device.android;

import dev.apex.core.DeviceException;
import dev.apex.core.InvalidInputException;
import dev.apex.core.NonRetriableException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The devices the adb server knows ({@code host:devices}), and the choice of one for {@code
 * --device android[:SERIAL]}.
 *
 * <p>Errors: an unreachable server or an offline device is a {@link DeviceException} (retriable);
 * an unknown serial, no device at all, or several devices and no serial, an {@link
 * InvalidInputException}; an unauthorized device a {@link NonRetriableException} telling to accept
 * the prompt on the phone.
 */
public final class AdbDevices {

  /** Id used in errors raised before a device is chosen. */
  static final String LISTING_ID = "android";

  /** One attached device: its serial and the state the server reports. */
  public record Entry(String serial, String state) {

    public Entry {
      Objects.requireNonNull(serial, "serial");
      Objects.requireNonNull(state, "state");
    }

    /** Online and authorized: ready for commands. */
    public boolean isReady() {
      return state.equals("device");
    }

    public boolean isOffline() {
      return state.equals("offline");
    }

    /** Attached, but the phone has not accepted this computer's RSA key. */
    public boolean isUnauthorized() {
      return state.equals("unauthorized");
    }

    @Override
    public String toString() {
      return serial + " (" + state + ")";
    }
  }

  private final AdbServerClient client;

  public AdbDevices(AdbServerClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /** Every device the server lists, in its order, whatever the state. */
  public List<Entry> list() {
    try {
      return parse(client.devices());
    } catch (IOException e) {
      throw AdbErrors.serverUnreachable(LISTING_ID, client.address(), "host:devices", e);
    }
  }

  /**
   * The device to drive: the one with {@code serial}, or, when serial is null or blank, the only
   * one attached. Fails clearly when it is unknown, offline, unauthorized or ambiguous.
   */
  public Entry select(String serial) {
    List<Entry> all = list();
    Entry chosen;
    if (serial == null || serial.isBlank()) {
      if (all.isEmpty()) {
        // Bad input like an unknown serial (exit 2): the device asked for is not there; nothing
        // failed.
        throw new InvalidInputException(
            "no Android device attached to the adb server at "
                + client.address()
                + ": plug one in with USB debugging on, or start an emulator");
      }
      if (all.size() > 1) {
        throw new InvalidInputException(
            "several Android devices attached ("
                + describe(all)
                + "): choose one with --device android:SERIAL");
      }
      chosen = all.get(0);
    } else {
      chosen =
          all.stream()
              .filter(e -> e.serial().equals(serial.strip()))
              .findFirst()
              .orElseThrow(
                  () ->
                      new InvalidInputException(
                          "no Android device '"
                              + serial
                              + "' attached to the adb server at "
                              + client.address()
                              + (all.isEmpty()
                                  ? " (none attached)"
                                  : "; attached: " + describe(all))));
    }
    return requireReady(chosen);
  }

  static Entry requireReady(Entry entry) {
    String id = "android:" + entry.serial();
    if (entry.isUnauthorized()) {
      throw new NonRetriableException(
          id
              + ": unauthorized: accept the 'Allow USB debugging?' prompt on the phone"
              + " (unlock it first), then try again");
    }
    if (entry.isOffline()) {
      throw new DeviceException(
          id, "offline: reconnect the cable or restart adb on the device, then try again");
    }
    if (!entry.isReady()) {
      throw new DeviceException(
          id, "is in state '" + entry.state() + "', not 'device': wait until it has booted");
    }
    return entry;
  }

  static List<Entry> parse(String listing) {
    List<Entry> entries = new ArrayList<>();
    for (String line : listing.split("\n")) {
      String trimmed = line.strip();
      if (trimmed.isEmpty()) {
        continue;
      }
      String[] parts = trimmed.split("\\s+", 2);
      entries.add(new Entry(parts[0], parts.length > 1 ? parts[1].strip() : "unknown"));
    }
    return List.copyOf(entries);
  }

  private static String describe(List<Entry> entries) {
    return entries.stream().map(Entry::toString).collect(Collectors.joining(", "));
  }
}
