package dev.apex.storage;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A piece of a statement that a {@link JdbcDialect} writes its own way: its SQL text and the values
 * of the parameters ({@code ?}) in it, in order. {@code now()} on a server binds nothing; {@code ?}
 * with the local clock's instant binds one value. Part of the SPI for timeline backends.
 *
 * @param sql the text, spliced into the statement as it is
 * @param args the parameters' values, bound with {@link PreparedStatement#setObject}; none null
 */
public record SqlPart(String sql, List<Object> args) {

  public SqlPart {
    Objects.requireNonNull(sql, "sql");
    args = List.copyOf(args);
  }

  /** {@code sql} with the values of its parameters. */
  public static SqlPart of(String sql, Object... args) {
    return new SqlPart(sql, Arrays.asList(args));
  }

  /** {@code sql} with no parameter. */
  public static SqlPart of(String sql) {
    return new SqlPart(sql, Collections.emptyList());
  }

  /**
   * Binds the parameters from {@code index} on.
   *
   * @return the index of the statement's next parameter
   */
  public int bind(PreparedStatement statement, int index) throws SQLException {
    int i = index;
    for (Object arg : args) {
      statement.setObject(i++, arg);
    }
    return i;
  }
}
