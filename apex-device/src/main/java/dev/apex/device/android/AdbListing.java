package dev.apex.device.android;

import dev.apex.device.DeviceListing;
import dev.apex.device.DeviceState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The adb server's phones as the device list shows them: ready ones as {@code android:SERIAL},
 * offline and unauthorised ones with what to do, and the server itself, unreachable, when it does
 * not answer. Stateless.
 */
final class AdbListing {

  static final String UNAUTHORIZED = "unauthorised: accept the USB debugging prompt on the phone";
  static final String OFFLINE =
      "offline: reconnect the cable, or run 'adb reconnect offline' and unlock the phone";

  private AdbListing() {}

  /**
   * Asks the server at {@code address} within {@code deadline}.
   *
   * @throws dev.apex.core.DeviceException when no server answers (its message says how to start
   *     one)
   */
  static List<DeviceListing> list(AdbAddress address, Duration deadline) {
    List<AdbDevices.Entry> entries =
        new AdbDevices(new AdbServerClient(address, deadline, deadline)).list();
    if (entries.isEmpty()) {
      return List.of(
          DeviceListing.unreachable(
              "android",
              "android",
              "the adb server at "
                  + address
                  + " lists no phone: plug one in with USB debugging on, or start an emulator"));
    }
    List<DeviceListing> listed = new ArrayList<>();
    for (AdbDevices.Entry e : entries) {
      DeviceState state =
          e.isReady()
              ? DeviceState.READY
              : e.isUnauthorized()
                  ? DeviceState.UNAUTHORIZED
                  : e.isOffline() ? DeviceState.OFFLINE : DeviceState.UNREACHABLE;
      String detail =
          switch (state) {
            case READY -> "Android over the adb server at " + address;
            case UNAUTHORIZED -> UNAUTHORIZED;
            case OFFLINE -> OFFLINE;
            default -> "adb reports it as '" + e.state() + "': wait for it, or reconnect it";
          };
      listed.add(new DeviceListing("android:" + e.serial(), "android", state, detail, false));
    }
    return listed;
  }
}
