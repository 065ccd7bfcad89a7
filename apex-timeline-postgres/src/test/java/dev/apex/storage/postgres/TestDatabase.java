package dev.apex.storage.postgres;

import dev.apex.testkit.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/** A database of its own on a test server, dropped on close: tests never see each other's rows. */
final class TestDatabase implements AutoCloseable {

  private final PostgresServer server;
  private final String name;

  private TestDatabase(PostgresServer server, String name) {
    this.server = server;
    this.name = name;
  }

  /** A new empty database on {@code server}. */
  static TestDatabase create(PostgresServer server) {
    String name =
        "apex_test_" + UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT);
    admin(server, "CREATE DATABASE " + name);
    return new TestDatabase(server, name);
  }

  /** {@code postgresql://USER:PASSWORD@HOST:PORT/NAME} of this database. */
  String url() {
    return server.url(name);
  }

  PostgresLocation location() {
    return PostgresLocation.parse(url());
  }

  /** Runs {@code sql} on this database. */
  void execute(String sql) {
    PostgresLocation at = location();
    try (Connection c = connect(at);
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new AssertionError("cannot run " + sql + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try {
      admin(server, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (AssertionError e) {
      // a server a test stopped for good: its files go with it
    }
  }

  static Connection connect(PostgresLocation at) throws SQLException {
    java.util.Properties props = new java.util.Properties();
    props.setProperty("user", at.user());
    at.password(Map.of()).ifPresent(p -> props.setProperty("password", p));
    props.setProperty("connectTimeout", "5");
    props.setProperty("socketTimeout", "30");
    return DriverManager.getConnection(at.jdbcUrl(), props);
  }

  private static void admin(PostgresServer server, String sql) {
    try (Connection c = connect(PostgresLocation.parse(server.url()));
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new AssertionError("cannot run " + sql + " on " + server + ": " + e.getMessage(), e);
    }
  }
}
