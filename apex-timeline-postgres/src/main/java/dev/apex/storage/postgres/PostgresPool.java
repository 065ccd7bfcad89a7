package dev.apex.storage.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.apex.timeline.TimelineUnreachableException;
import java.util.Map;

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
    config.addDataSourceProperty("connectTimeout", PostgresTimeline.CONNECT_TIMEOUT.toSeconds());
    config.addDataSourceProperty("loginTimeout", PostgresTimeline.CONNECT_TIMEOUT.toSeconds());
    config.addDataSourceProperty("socketTimeout", PostgresTimeline.SOCKET_TIMEOUT.toSeconds());
    config.addDataSourceProperty("tcpKeepAlive", true);
    config.addDataSourceProperty("ApplicationName", "apex");
    try {
      return new HikariDataSource(config);
    } catch (RuntimeException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new TimelineUnreachableException(
          "cannot reach the PostgreSQL timeline at "
              + location.address()
              + " ("
              + location
              + "): "
              + PostgresTimeline.firstLine(cause),
          e);
    }
  }
}
