package dev.apex.runtime.observe;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where the semantic labels of a screen are kept for reuse, so that a revisited screen costs no
 * labelling call ({@link LabelCache}). The setting {@code semantic.cache} names them by {@link
 * #code()}.
 */
public enum LabelCacheMode {
  /** Every observation is labelled by a call. */
  OFF,
  /** A screen labelled earlier in the same task is not labelled again (the default). */
  TASK,
  /**
   * As {@link #TASK}, and labellings are kept in the timeline database for later tasks, until they
   * expire ({@link #DEFAULT_TTL} unless set).
   */
  TIMELINE;

  /** The mode an agent starts with. */
  public static final LabelCacheMode DEFAULT = TASK;

  /** How long a labelling kept in the timeline is served: 7 days. */
  public static final Duration DEFAULT_TTL = Duration.ofHours(168);

  /** The name the settings use, e.g. {@code timeline}. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode named {@code code} (any case, surrounding blanks ignored), or empty. */
  public static Optional<LabelCacheMode> ofCode(String code) {
    if (code == null) {
      return Optional.empty();
    }
    String wanted = code.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(m -> m.code().equals(wanted)).findFirst();
  }

  /** Every code, for messages: {@code off, task, timeline}. */
  public static String codes() {
    return Arrays.stream(values()).map(LabelCacheMode::code).collect(Collectors.joining(", "));
  }
}
