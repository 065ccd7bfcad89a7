package dev.apex.runtime.planner;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which actions need a person's confirmation, and which are allowed without it. Immutable.
 *
 * <p>By default every {@link SensitiveKind} needs confirmation: typing into a password field;
 * tapping an element whose text or purpose has a word of {@link #DEFAULT_WORDS} (whole words, any
 * case: pay, buy, purchase, checkout, place order… for {@link SensitiveKind#PAYMENT}; delete,
 * erase, wipe for {@link SensitiveKind#DELETION}; send for {@link SensitiveKind#SENDING});
 * launching an app not in {@code allowedApps} (empty by default, so every launch asks); opening a
 * URL whose origin is not in {@code allowedOrigins} ({@link OriginRule}: schemes other than http
 * and https are refused outright, local addresses never open silently).
 *
 * @param allowedKinds kinds that run without asking (an explicit allow); never {@link
 *     SensitiveKind#URL_OPEN}, which only {@code allowedOrigins} allows
 * @param allowedApps app ids (packages, bundle ids) that launch without asking
 * @param words the words, per kind, that make a tap sensitive; matched as whole words ignoring case
 * @param allowedOrigins web origins that open without asking, in {@link OriginRule#normalise}'s
 *     form ({@code https://example.com}, {@code https://*.example.com}, {@code *}); normalised here
 */
public record SafetyPolicy(
    Set<SensitiveKind> allowedKinds,
    Set<String> allowedApps,
    Map<SensitiveKind, List<String>> words,
    Set<String> allowedOrigins) {

  /** The default words per kind. */
  public static final Map<SensitiveKind, List<String>> DEFAULT_WORDS =
      Map.of(
          SensitiveKind.PAYMENT,
          List.of(
              "pay",
              "pay now",
              "payment",
              "buy",
              "buy now",
              "purchase",
              "confirm purchase",
              "checkout",
              "check out",
              "place order",
              "order now",
              "subscribe"),
          SensitiveKind.DELETION,
          List.of("delete", "delete all", "erase", "wipe"),
          SensitiveKind.SENDING,
          List.of("send", "send now"));

  public SafetyPolicy {
    allowedKinds =
        allowedKinds == null || allowedKinds.isEmpty()
            ? Set.of()
            : Set.copyOf(EnumSet.copyOf(allowedKinds));
    allowedApps = allowedApps == null ? Set.of() : Set.copyOf(allowedApps);
    Map<SensitiveKind, List<String>> copy = new EnumMap<>(SensitiveKind.class);
    Objects.requireNonNull(words, "words").forEach((k, v) -> copy.put(k, List.copyOf(v)));
    words = Map.copyOf(copy);
    allowedOrigins =
        allowedOrigins == null
            ? Set.of()
            : Set.copyOf(allowedOrigins.stream().map(OriginRule::normalise).toList());
  }

  /** No origin allowed. */
  public SafetyPolicy(
      Set<SensitiveKind> allowedKinds,
      Set<String> allowedApps,
      Map<SensitiveKind, List<String>> words) {
    this(allowedKinds, allowedApps, words, Set.of());
  }

  /** Everything asks; no app and no origin is allowed. */
  public static SafetyPolicy defaults() {
    return new SafetyPolicy(Set.of(), Set.of(), DEFAULT_WORDS);
  }

  /** These kinds run without asking. */
  public SafetyPolicy withAllowedKinds(Set<SensitiveKind> kinds) {
    return new SafetyPolicy(kinds, allowedApps, words, allowedOrigins);
  }

  /** These apps launch without asking. */
  public SafetyPolicy withAllowedApps(Set<String> apps) {
    return new SafetyPolicy(allowedKinds, apps, words, allowedOrigins);
  }

  /**
   * These origins open without asking ({@link OriginRule#normalise}).
   *
   * @throws dev.apex.core.InvalidInputException for an entry that is not an origin
   */
  public SafetyPolicy withAllowedOrigins(Set<String> origins) {
    return new SafetyPolicy(allowedKinds, allowedApps, words, origins);
  }

  /** Whether {@code kind} runs without asking; never so for {@link SensitiveKind#URL_OPEN}. */
  public boolean allows(SensitiveKind kind) {
    return kind != SensitiveKind.URL_OPEN && allowedKinds.contains(kind);
  }
}
