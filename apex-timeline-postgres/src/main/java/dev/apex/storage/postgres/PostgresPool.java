package dev.apex.storage.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.apex.timeline.TimelineUnreachableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * The connection pool of a PostgreSQL timeline (HikariCP): small, with every wait bounded (a
 * connection is opened within {@link PostgresTimeline#CONNECT_TIMEOUT}, a statement answers within
 * {@link PostgresTimeline#SOCKET_TIMEOUT}, a free connection is handed out within the connect
 * timeout), and a first connection opened at once so an unreachable server is one line at start.
 */
final class PostgresPool {

  private PostgresPool() {}

  /**
   * A pool of at most {@code size} connections to {@code location}.
   *
   * @throws TimelineUnreachableException naming host and port when the first connection fails
   */
  static HikariDataSource open(PostgresLocation location, Map<String, String> env, int size) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("apex-timeline");
    config.setJdbcUrl(location.jdbcUrl());
    config.setUsername(location.user());
    location.password(env).ifPresent(config::setPassword);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(1);
    long connectMillis = PostgresTimeline.CONNECT_TIMEOUT.toMillis();
    config.setConnectionTimeout(connectMillis);
    config.setValidationTimeout(Math.min(connectMillis, 3_000));
    config.setInitializationFailTimeout(connectMillis);
    Properties driver = new Properties();
    driver.setProperty(
        "connectTimeout", Long.toString(PostgresTimeline.CONNECT_TIMEOUT.toSeconds()));
    driver.setProperty("loginTimeout", Long.toString(PostgresTimeline.CONNECT_TIMEOUT.toSeconds()));
    driver.setProperty("socketTimeout", Long.toString(PostgresTimeline.SOCKET_TIMEOUT.toSeconds()));
    driver.setProperty("tcpKeepAlive", "true");
    driver.setProperty("ApplicationName", "apex");
    config.setDataSourceProperties(driver);
    refuseForGood(location, env, driver);
    try {
      return new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw unreachable(location, e.getCause() == null ? e : e.getCause(), e);
    }
  }

  /**
   * One login through the driver before the pool is built: a server that answers and refuses the
   * login or has no such database says so at once, where the pool would try again until its connect
   * timeout. Anything else is left to the pool, which waits for a server that is starting. It takes
   * the pool's driver properties ({@code driver}), whose login timeout bounds it.
   */
  private static void refuseForGood(
      PostgresLocation location, Map<String, String> env, Properties driver) {
    Properties props = new Properties();
    props.putAll(driver);
    props.setProperty("user", location.user());
    location.password(env).ifPresent(p -> props.setProperty("password", p));
    try (Connection probe = new Driver().connect(location.jdbcUrl(), props)) {
      // the server answers and takes the login
    } catch (SQLException e) {
      if (!whatToDo(sqlState(e), location).isEmpty()) {
        throw unreachable(location, e, e);
      }
    }
  }

  /** One line naming host and port, the server's words ({@code said}) and what to do. */
  private static TimelineUnreachableException unreachable(
      PostgresLocation location, Throwable said, Throwable e) {
    return new TimelineUnreachableException(
        "cannot reach the PostgreSQL timeline at "
            + location.address()
            + " ("
            + location
            + "): "
            + PostgresTimeline.firstLine(said)
            + whatToDo(sqlState(e), location),
        e);
  }

  /** The SQLSTATE of the first {@link SQLException} in {@code e}'s causes, else empty. */
  private static String sqlState(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql && sql.getSQLState() != null) {
        return sql.getSQLState();
      }
    }
    return "";
  }

  /** What to do about a refused login or a missing database, after the server's own words. */
  static String whatToDo(String sqlState, PostgresLocation location) {
    return switch (sqlState) {
      case "28P01", "28000" ->
          "; check the user and its password (in the URL, PGPASSWORD or ~/.pgpass)";
      case "3D000" ->
          "; create it (createdb -h HOST -p PORT -U "
              + location.user()
              + " NAME) or name one that exists in the URL";
      default -> "";
    };
  }
}
