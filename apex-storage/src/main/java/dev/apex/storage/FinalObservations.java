package dev.apex.storage;

import dev.apex.core.TaskId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** Reads of {@code final_observations} (schema version 4). Stateless. */
final class FinalObservations {

  private FinalObservations() {}

  static Optional<StoredObservation> read(Connection connection, TaskId id) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT after_step, observed_at, scene, png IS NOT NULL FROM final_observations"
                + " WHERE task_id = ?")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        String at = rs.getString(2);
        return Optional.of(
            new StoredObservation(
                id,
                rs.getInt(1),
                at == null ? null : Instant.parse(at),
                rs.getString(3),
                rs.getBoolean(4)));
      }
    }
  }

  static Optional<byte[]> screenshot(Connection connection, TaskId id) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT png FROM final_observations WHERE task_id = ? AND png IS NOT NULL")) {
      query.setString(1, id.value());
      try (ResultSet rs = query.executeQuery()) {
        return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
      }
    }
  }
}
