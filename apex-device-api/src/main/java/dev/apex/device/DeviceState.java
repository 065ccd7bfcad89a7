package dev.apex.device;

import java.util.Locale;

/** What a listed device can do now, as {@link DeviceEnumeration} found it. */
public enum DeviceState {
  /** It answered and can run a task. */
  READY,
  /** adb sees it but cannot talk to it (a cable, a stalled adbd). */
  OFFLINE,
  /** adb sees it, and the phone has not accepted this computer's USB debugging key. */
  UNAUTHORIZED,
  /** It did not answer, answered wrongly, or did not answer within the deadline. */
  UNREACHABLE;

  /** The lower-case form the CLI prints and the API answers, e.g. {@code unauthorized}. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
