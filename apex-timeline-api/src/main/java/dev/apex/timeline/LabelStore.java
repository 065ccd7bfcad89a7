package dev.apex.timeline;

import java.time.Duration;
import java.util.Optional;

/**
 * Labellings kept across tasks (and processes, and restarts), with an expiry: the port a cross-task
 * label cache reads and writes. Time is the store's own clock (the timeline's). An entry older than
 * the {@code ttl} a call gives is expired: never returned, and deleted when a read or a write finds
 * it. A store is bounded (entries and bytes per entry; see the implementation) and evicts its
 * oldest entries first. Never throws for a miss, an expired entry or an entry it cannot read back
 * (those read as empty). Thread-safe.
 */
public interface LabelStore {

  /**
   * The labelling stored under {@code key} less than {@code ttl} ago, or empty.
   *
   * @param ttl how old an entry may be to be served, positive
   */
  Optional<CachedLabels> get(LabelKey key, Duration ttl);

  /**
   * Stores {@code labels} under {@code key}, now, replacing what was there; deletes the entries
   * older than {@code ttl} and, past the store's bound, the oldest ones. An entry too large for the
   * store is not stored (a later read misses).
   *
   * @param ttl how long entries live, positive
   */
  void put(LabelKey key, CachedLabels labels, Duration ttl);
}
