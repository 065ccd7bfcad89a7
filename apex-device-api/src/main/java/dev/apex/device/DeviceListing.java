package dev.apex.device;

import java.util.Objects;

/**
 * One device the runtime can reach, or could if a person acted, as {@link DeviceEnumeration} lists
 * it. Immutable.
 *
 * @param selector what {@code --device} and the console take to open it ({@code sim}, {@code
 *     android:emulator-5554}, {@code ios:http://127.0.0.1:8100}, {@code web}, {@code
 *     webdriver:http://grid:4444}); for a kind whose server did not answer, the kind alone
 * @param kind the selector's kind
 * @param state whether it can run a task now
 * @param detail what it is, or for a device that is not ready, what to do, e.g. {@code
 *     unauthorised: accept the USB debugging prompt on the phone}; never a secret (URLs lose their
 *     user info)
 * @param takesUrl whether the selector wants a URL after it ({@code web:URL}): a picker shows a URL
 *     field
 */
public record DeviceListing(
    String selector, String kind, DeviceState state, String detail, boolean takesUrl) {

  public DeviceListing {
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(detail, "detail");
  }

  public static DeviceListing ready(String selector, String kind, String detail) {
    return new DeviceListing(selector, kind, DeviceState.READY, detail, false);
  }

  public static DeviceListing unreachable(String selector, String kind, String detail) {
    return new DeviceListing(selector, kind, DeviceState.UNREACHABLE, detail, false);
  }

  /** Whether a task can start on it now. */
  public boolean ready() {
    return state == DeviceState.READY;
  }
}
