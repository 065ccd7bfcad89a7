package dev.apex.core;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place every outgoing string is cleaned of secrets: log lines, exception messages, the
 * timeline, console responses and the CLI's output all pass through {@link #redact(String)}.
 *
 * <p>Two kinds of secret are removed. <b>Known</b> ones were {@link #register registered} when they
 * entered the process (the provider keys read from the environment, the password in a device URL):
 * every occurrence, in any case, <em>and every run of {@value #MIN_FRAGMENT} or more of their
 * characters</em> is replaced, so a key cut mid-way by some other code (a message shortened before
 * it got here, a line wrapped) still does not survive in part. <b>Recognisable</b> ones are removed
 * even when nobody registered them: anything shaped like an Anthropic or OpenAI key ({@code
 * sk-ant-…}, {@code sk-…} of 20 or more characters), the value of a header-like {@code x-api-key:
 * …} or {@code Authorization: Bearer …}, and the user info of a URL ({@code https://user:pw@host}).
 *
 * <p>Anything that shortens, wraps or quotes a string must redact it first: {@link
 * Text#oneLine(String, int)} does. Redacting twice is harmless ({@value #MASK} contains no secret).
 *
 * <p>The registry is process-wide (a secret printed by any thread must be caught), only grows, and
 * is thread-safe: registration copies an immutable list, so {@link #redact} never locks.
 */
public final class Secrets {

  /** What a secret, or a fragment of one, is replaced with. */
  public static final String MASK = "[redacted]";

  /**
   * The shortest value {@link #register} accepts: a shorter one would blank ordinary words. Such a
   * value is still removed where its shape gives it away (a URL's user info, a key header).
   */
  public static final int MIN_LENGTH = 8;

  /** The shortest run of a known secret's characters that is removed on its own. */
  public static final int MIN_FRAGMENT = 12;

  /**
   * Key shapes: Anthropic's ({@code sk-ant-api03-…}) and OpenAI's ({@code sk-…}, {@code
   * sk-proj-…}).
   */
  private static final Pattern KEY_SHAPE =
      Pattern.compile("sk-ant-[A-Za-z0-9_-]{8,}|(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{20,}");

  /** The value of a credential header: {@code x-api-key: …}, {@code Authorization: Bearer …}. */
  private static final Pattern KEY_HEADER =
      Pattern.compile(
          "(?i)((?:x-api-key|x-goog-api-key|api-key)[\"']?\\s*[:=]\\s*[\"']?"
              + "|(?:proxy-)?authorization[\"']?\\s*[:=]\\s*[\"']?(?:bearer|basic|token)\\s+)"
              + "[^\\s\"'\\\\,;&<>]{8,}");

  /** A URL's user info: RFC 3986 userinfo characters, so a match never crosses a JSON quote. */
  private static final Pattern URL_USER_INFO =
      Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*://)[a-z0-9._~%!$&'()*+,;=:-]+@");

  private static final String ENV_SECRET_NAME =
      "(?i).*(API_KEY|APIKEY|_SECRET|_PASSWORD|_PASSWD|_ACCESS_KEY|_AUTH_TOKEN|_API_TOKEN)$";

  private static volatile List<KnownSecret> known = List.of();

  private Secrets() {}

  /**
   * Adds {@code secret} to the values removed from every outgoing string. Null, blank and values
   * shorter than {@value #MIN_LENGTH} characters are ignored; registering twice is harmless.
   */
  public static void register(String secret) {
    if (secret == null) {
      return;
    }
    String value = secret.strip();
    if (value.length() < MIN_LENGTH) {
      return;
    }
    synchronized (Secrets.class) {
      for (KnownSecret k : known) {
        if (k.is(value)) {
          return;
        }
      }
      List<KnownSecret> more = new ArrayList<>(known);
      more.add(new KnownSecret(value));
      String escaped = JsonEscapes.escaped(value);
      if (!escaped.equals(value)) {
        // As it appears inside JSON (the timeline, console answers), escapes and all.
        more.add(new KnownSecret(escaped));
      }
      known = List.copyOf(more);
    }
  }

  /**
   * Registers the values of the variables whose names say they hold a credential ({@code
   * ANTHROPIC_API_KEY}, {@code OPENAI_API_KEY}, {@code *_SECRET}, {@code *_PASSWORD}, {@code
   * *_AUTH_TOKEN}…), and the user info of any URL-valued one ({@code ANTHROPIC_BASE_URL} with
   * credentials in it).
   */
  public static void registerFromEnv(Map<String, String> env) {
    if (env == null) {
      return;
    }
    env.forEach(
        (name, value) -> {
          if (name != null && name.matches(ENV_SECRET_NAME)) {
            register(value);
          } else if (value != null && value.contains("://")) {
            registerUserInfo(value);
          }
        });
  }

  /**
   * Registers the password (and the whole user info) of the URL inside {@code text}, e.g. {@code
   * webdriver:https://user:key@hub:4444/wd/hub}, raw and percent-decoded. Does nothing when there
   * is none.
   */
  public static void registerUserInfo(String text) {
    if (text == null) {
      return;
    }
    Matcher m = URL_USER_INFO.matcher(text);
    while (m.find()) {
      String info = text.substring(m.end(1), m.end() - 1);
      register(info);
      register(decode(info));
      int colon = info.indexOf(':');
      if (colon >= 0) {
        register(info.substring(colon + 1));
        register(decode(info.substring(colon + 1)));
      }
    }
  }

  /**
   * {@code text} (a URL, or a device selector holding one) without its user info: {@code
   * webdriver:https://u:p@hub/x} gives {@code webdriver:https://hub/x}. Null stays null.
   */
  public static String withoutUserInfo(String text) {
    return text == null ? null : URL_USER_INFO.matcher(text).replaceAll("$1");
  }

  /**
   * {@code text} with every known secret, every run of {@value #MIN_FRAGMENT} or more of a known
   * secret's characters (ignoring case), and every recognisable credential replaced by {@value
   * #MASK}. Null stays null. Linear in the length of {@code text} for each known secret.
   */
  public static String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = shapes(text);
    List<KnownSecret> secrets = known;
    if (secrets.isEmpty()) {
      return out;
    }
    boolean[] hidden = new boolean[out.length()];
    boolean any = false;
    for (KnownSecret secret : secrets) {
      any |= secret.mark(out, hidden);
    }
    if (!any) {
      return out;
    }
    JsonEscapes.keepWhole(out, hidden);
    return masked(out, hidden);
  }

  private static String shapes(String text) {
    String out = text;
    if (out.contains("sk-")) {
      out = KEY_SHAPE.matcher(out).replaceAll(MASK);
    }
    if (out.contains("://")) {
      out = URL_USER_INFO.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "@");
    }
    String lower = out.toLowerCase(Locale.ROOT);
    if (lower.contains("key") || lower.contains("authorization")) {
      out = KEY_HEADER.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(MASK));
    }
    return out;
  }

  private static String masked(String text, boolean[] hidden) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      if (!hidden[i]) {
        out.append(text.charAt(i));
      } else if (i == 0 || !hidden[i - 1]) {
        out.append(MASK);
      }
    }
    return out.toString();
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }
}
