package dev.apex.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The version the fast path of {@link PostgresSchema#migrate} trusts is the last one shipped. */
class PostgresSchemaTest {

  @Test
  void latestVersionIsTheHighestMigrationFile() throws IOException, URISyntaxException {
    URL folder = getClass().getClassLoader().getResource("db/timeline/postgresql");
    assertThat(folder).isNotNull();
    Pattern name = Pattern.compile("V(\\d+)__.+\\.sql");
    int highest;
    try (Stream<Path> files = Files.list(Path.of(folder.toURI()))) {
      highest =
          files
              .map(f -> name.matcher(f.getFileName().toString()))
              .filter(Matcher::matches)
              .mapToInt(m -> Integer.parseInt(m.group(1)))
              .max()
              .orElseThrow();
    }
    assertThat(PostgresSchema.LATEST_VERSION).isEqualTo(highest);
  }
}
