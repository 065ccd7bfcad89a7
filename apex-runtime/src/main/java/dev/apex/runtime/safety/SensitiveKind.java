package dev.apex.runtime.safety;

import java.util.Locale;

/** The kinds of action the {@link SafetyPolicy} holds back for a person's confirmation. */
public enum SensitiveKind {
  /** Typing into a password field. */
  PASSWORD_ENTRY,
  /** Tapping something that pays, buys or confirms a purchase. */
  PAYMENT,
  /** Tapping something that deletes. */
  DELETION,
  /** Tapping something that sends (a message, a mail, a form to someone). */
  SENDING,
  /** Launching an app outside the policy's allow-list. */
  APP_LAUNCH,
  /**
   * Opening a web origin the user has not allowed ({@link OriginRule}). Never allowed as a kind:
   * only {@link SafetyPolicy#allowedOrigins} lets an origin open without asking.
   */
  URL_OPEN;

  /** The lower-case code, e.g. {@code payment}. */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }
}
