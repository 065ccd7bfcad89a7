package dev.apex.mcp;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code tools/call} requests read from stdin and not yet answered, bounded. Calls run one at a
 * time, so past {@link #MAX_PENDING} a client only queues work it cannot see the end of; the guard
 * answers such a call at once with {@link #BUSY} instead of handing it to the SDK. {@code ping},
 * notifications and other requests are never counted: they are answered without waiting for a call.
 * Thread-safe: the stdin reader adds, the stdout writer removes.
 *
 * <p>A request is known by its JSON-RPC id ({@link #key}): a string, or a number compared by value,
 * since the SDK writes back the number it read ({@code 1e2} comes back as {@code 100.0}).
 */
final class PendingCalls {

  /**
   * The most calls pending at once. Under the SDK's 256 messages in handling at once, so a {@code
   * ping} read behind a full queue is still handled at once.
   */
  static final int MAX_PENDING = 64;

  /** The JSON-RPC error code of a call refused because {@link #MAX_PENDING} are pending. */
  static final int BUSY = -32000;

  private final int max;
  private final Map<String, Integer> byId = new HashMap<>();
  private int size;

  PendingCalls(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, got " + max);
    }
    this.max = max;
  }

  /** Counts a call read with {@code id}; false, counting nothing, when {@code max} are pending. */
  synchronized boolean tryAdd(Object id) {
    if (size >= max) {
      return false;
    }
    byId.merge(key(id), 1, Integer::sum);
    size++;
    return true;
  }

  /** Uncounts the call with {@code id}, if one is pending: its answer was written. */
  synchronized void answered(Object id) {
    String key = key(id);
    Integer n = byId.get(key);
    if (n == null) {
      return;
    }
    if (n == 1) {
      byId.remove(key);
    } else {
      byId.put(key, n - 1);
    }
    size--;
  }

  synchronized int size() {
    return size;
  }

  /** The busy error's message, saying what the client can do. */
  String busyMessage() {
    return "server busy: "
        + max
        + " calls pending (apex runs one at a time); retry after one is answered";
  }

  /** A request id's identity: numbers by value, anything else by its text. */
  static String key(Object id) {
    if (id instanceof Number n) {
      try {
        return "n:" + new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
      } catch (NumberFormatException notFinite) {
        return "n:" + n;
      }
    }
    return "s:" + id;
  }
}
