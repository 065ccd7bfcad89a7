package dev.apex.storage.postgres;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Secrets;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.jdbcurlresolver.PgPassParser;

/**
 * Where a PostgreSQL timeline is: {@code postgresql://USER[:PASSWORD]@HOST[:PORT]/DBNAME} (the port
 * 5432 when left out; {@code postgres://} is read the same). The password is a secret: it is
 * registered with {@link Secrets} as soon as the URL is parsed, never part of {@link #toString()},
 * and when the URL has none it comes from {@code PGPASSWORD}, else from the password file ({@code
 * PGPASSFILE}, else {@code ~/.pgpass}), as {@code psql} takes it. Immutable.
 *
 * @param user the role to log in as
 * @param host the server's host name or address (an IPv6 one in brackets)
 * @param port its port
 * @param database the database the timeline's tables live in
 * @param password the password the URL gave, or null
 */
public record PostgresLocation(
    String user, String host, int port, String database, String password) {

  /** The port when the URL names none. */
  public static final int DEFAULT_PORT = 5432;

  private static final Pattern URL =
      Pattern.compile(
          "postgres(?:ql)?://([^:@/\\s]+)(?::([^@/\\s]*))?@(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+)"
              + "(?::(\\d{1,5}))?/([A-Za-z0-9_$.-]{1,63})");

  public PostgresLocation {
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(database, "database");
    if (port < 1 || port > 65_535) {
      throw new IllegalArgumentException("port must be 1 to 65535, was " + port);
    }
  }

  /**
   * Whether {@code location} is a PostgreSQL URL (by its scheme; {@link #parse} checks the rest).
   */
  public static boolean isPostgres(String location) {
    return location.startsWith("postgresql://") || location.startsWith("postgres://");
  }

  /**
   * Reads {@code url}; its password, if any, is a secret from here on.
   *
   * @throws InvalidInputException in one line showing the expected form (never the password)
   */
  public static PostgresLocation parse(String url) {
    Objects.requireNonNull(url, "url");
    Matcher m = URL.matcher(url.strip());
    if (!m.matches()) {
      Secrets.registerUserInfo(url.strip());
      throw new InvalidInputException(
          "a PostgreSQL timeline is postgresql://USER[:PASSWORD]@HOST:PORT/DBNAME, not "
              + Secrets.redact(Secrets.withoutUserInfo(url.strip())));
    }
    String password = m.group(2) == null ? null : decode(m.group(2));
    if (password != null && !password.isEmpty()) {
      Secrets.register(password);
      Secrets.register(m.group(2));
    }
    int port = m.group(4) == null ? DEFAULT_PORT : Integer.parseInt(m.group(4));
    if (port < 1 || port > 65_535) {
      throw new InvalidInputException(
          "the port of a PostgreSQL timeline must be 1 to 65535, was " + port);
    }
    return new PostgresLocation(
        decode(m.group(1)),
        m.group(3),
        port,
        m.group(5),
        password == null || password.isEmpty() ? null : password);
  }

  /** {@code jdbc:postgresql://HOST:PORT/DBNAME}: no user, no password. */
  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database;
  }

  /** {@code HOST:PORT}, for "cannot reach" lines. */
  public String address() {
    return host + ":" + port;
  }

  /**
   * The password to log in with: the URL's, else {@code PGPASSWORD} in {@code env}, else the
   * password file's entry for this host, port, database and user; empty when none (the server may
   * trust the connection). Whatever is found is registered as a secret.
   */
  public Optional<String> password(Map<String, String> env) {
    String found = password;
    if (found == null) {
      String variable = env.get("PGPASSWORD");
      found = variable == null || variable.isEmpty() ? null : variable;
    }
    if (found == null) {
      found = PgPassParser.getPassword(host, Integer.toString(port), database, user);
    }
    if (found != null && !found.isEmpty()) {
      Secrets.register(found);
      return Optional.of(found);
    }
    return Optional.empty();
  }

  /**
   * {@code postgresql://HOST:PORT/DBNAME}: where the timeline is, for a person, with no user info
   * (which every line apex prints would mask anyway).
   */
  @Override
  public String toString() {
    return "postgresql://" + host + ":" + port + "/" + database;
  }

  private static String decode(String text) {
    return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
