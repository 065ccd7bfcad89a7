package dev.apex.device.web;

import dev.apex.device.ForwardingDevice;

/**
 * A fresh-looking device over one shared browser session: it starts on the given page and its
 * {@code close()} releases it without ending the session, so a contract suite that wants a new
 * device per test does not start Chromium per test. Every other call goes to the real device.
 */
final class ReusedDevice extends ForwardingDevice {

  private boolean closed;

  ReusedDevice(WebDevice shared, String startUrl) {
    super(shared);
    shared.navigate(startUrl);
  }

  @Override
  public void close() {
    closed = true;
  }

  boolean closed() {
    return closed;
  }
}
