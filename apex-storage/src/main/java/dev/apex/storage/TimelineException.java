package dev.apex.storage;

import dev.apex.core.NonRetriableException;

/**
 * The timeline file could not be read or written: the disk is full or read-only, the file is not a
 * timeline, it is locked by another writer for longer than the busy timeout, or it was written by a
 * newer apex. The message names the file and the operation, never a row's contents.
 */
public class TimelineException extends NonRetriableException {

  public TimelineException(String message) {
    super(message);
  }

  public TimelineException(String message, Throwable cause) {
    super(message, cause);
  }
}
