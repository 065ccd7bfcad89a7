package dev.apex.core;

/**
 * A device sent more than one answer may carry (a screenshot, a UI tree, a command's output): the
 * read stopped at the cap instead of filling the heap. Not retriable: the same device sends the
 * same flood again; the message names the command, the cap and the setting that raises it.
 */
public class CaptureTooLargeException extends NonRetriableException {

  private final String deviceId;
  private final long limit;

  public CaptureTooLargeException(String deviceId, String what, long limit) {
    super(
        DeviceText.escape(
            deviceId
                + ": "
                + what
                + " sent more than "
                + limit
                + " bytes, the most one capture may read: the device is sending garbage, or"
                + " raise device.max_capture_bytes (APEX_DEVICE_MAX_CAPTURE_BYTES)"));
    this.deviceId = deviceId;
    this.limit = limit;
  }

  public String deviceId() {
    return deviceId;
  }

  /** The cap that was passed, in bytes. */
  public long limit() {
    return limit;
  }
}
