package dev.apex.core;

/** A device did not answer, disconnected or timed out. Retriable. */
public class DeviceException extends RetriableException {

  private final String deviceId;

  public DeviceException(String deviceId, String message) {
    super(deviceId + ": " + message);
    this.deviceId = deviceId;
  }

  public DeviceException(String deviceId, String message, Throwable cause) {
    super(deviceId + ": " + message, cause);
    this.deviceId = deviceId;
  }

  public String deviceId() {
    return deviceId;
  }
}
