package dev.apex.runtime.safety;

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
 * tapping an element whose text or purpose has a word of {@link #DEFAULT_WORDS} in one of its forms
 * (any case; pay, paying, payment, buy, purchase, checkout, place order, subscription… for {@link
 * SensitiveKind#PAYMENT}; delete, deleting, deletion, erase, wipe, remove, removal for {@link
 * SensitiveKind#DELETION}; send, sending, resend for {@link SensitiveKind#SENDING}); launching an
 * app not in {@code allowedApps} (empty by default, so every launch asks); opening a URL whose
 * origin is not in {@code allowedOrigins} ({@link OriginRule}: schemes other than http and https
 * are refused outright, local addresses never open silently).
 *
 * @param allowedKinds kinds that run without asking (an explicit allow); never {@link
 *     SensitiveKind#URL_OPEN}, which only {@code allowedOrigins} allows
 * @param allowedApps app ids (packages, bundle ids) that launch without asking
 * @param words the words and phrases, per kind, that make a tap sensitive; each matches at word
 *     edges, ignoring case, with its regular inflections (-s, -es, -ed, -ing; a final e dropped:
 *     deleting); derived words (deletion) and irregular forms are words of their own
 * @param allowedOrigins web origins that open without asking, in {@link OriginRule#normalise}'s
 *     form ({@code https://example.com}, {@code https://*.example.com}, {@code *}); normalised here
 */
public record SafetyPolicy(
    Set<SensitiveKind> allowedKinds,
    Set<String> allowedApps,
    Map<SensitiveKind, List<String>> words,
    Set<String> allowedOrigins) {

  /**
   * The default words per kind. Each takes its regular inflections when matched, so the list holds
   * base words and the derived nouns rules would not guess. {@code remove} is a deletion (remove an
   * account, a photo, a card); {@code resend} and {@code repay} are listed as the acts they are,
   * since a word's edge keeps them from {@code send} and {@code pay} (as it keeps display from
   * pay); agent nouns (sender, payer) and irregular past forms (sent, paid) are left out: on a
   * screen they name a person or a state, not an act.
   */
  public static final Map<SensitiveKind, List<String>> DEFAULT_WORDS =
      Map.of(
          SensitiveKind.PAYMENT,
          List.of(
              "pay",
              "repay",
              "payment",
              "buy",
              "purchase",
              "checkout",
              "check out",
              "place order",
              "place your order",
              "order now",
              "subscribe",
              "subscription"),
          SensitiveKind.DELETION,
          List.of("delete", "deletion", "erase", "erasure", "wipe", "remove", "removal"),
          SensitiveKind.SENDING,
          List.of("send", "resend"));

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
