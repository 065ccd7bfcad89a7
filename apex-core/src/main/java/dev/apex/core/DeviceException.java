package dev.apex.core;

/**
 * A device did not answer, disconnected or timed out. Retriable. The message often quotes what the
 * device sent, so it is passed through {@link DeviceText#escape}: no control byte or escape
 * sequence from a device reaches a terminal or a task's reason raw.
 */
public class DeviceException extends RetriableException {

  private final String deviceId;

  public DeviceException(String deviceId, String message) {
    super(DeviceText.escape(deviceId + ": " + message));
    this.deviceId = deviceId;
  }

  public DeviceException(String deviceId, String message, Throwable cause) {
    super(DeviceText.escape(deviceId + ": " + message), cause);
    this.deviceId = deviceId;
  }

  public String deviceId() {
    return deviceId;
  }
}
