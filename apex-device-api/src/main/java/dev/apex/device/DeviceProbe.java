package dev.apex.device;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One question a provider asks to list its devices (the adb server's {@code host:devices}, a
 * WebDriverAgent's {@code /status}), run by {@link DeviceEnumeration} beside the others, under a
 * deadline.
 *
 * @param selector the selector the answer is about, listed {@link DeviceState#UNREACHABLE} when the
 *     probe fails or runs past the deadline
 * @param kind the selector's kind
 * @param question asks; it should give up by the deadline it is given, and may throw: its one-line
 *     message (redacted) says why the device is unreachable
 */
public record DeviceProbe(String selector, String kind, Question question) {

  /** What a probe asks. */
  @FunctionalInterface
  public interface Question {
    /**
     * @param deadline how long the whole question may take
     * @return the devices it found (several for an adb server, one for a URL)
     */
    List<DeviceListing> ask(Duration deadline) throws Exception;
  }

  public DeviceProbe {
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(question, "question");
  }

  /** A probe that asks nothing: the listing is known without I/O (the sim). */
  public static DeviceProbe known(DeviceListing listing) {
    return new DeviceProbe(listing.selector(), listing.kind(), deadline -> List.of(listing));
  }
}
