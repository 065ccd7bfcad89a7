package dev.apex.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchDataTest {

  @TempDir Path tmp;

  private Path dataAt(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("MANIFEST.json"), "[]");
    return dir;
  }

  @Test
  void theFolderGivenWins() throws IOException {
    Path given = dataAt(tmp.resolve("given"));
    Path env = dataAt(tmp.resolve("env"));

    assertThat(BenchData.locate(given, Map.of(BenchData.ENV, env.toString()), tmp))
        .isEqualTo(given);
  }

  @Test
  void thenTheEnvironmentVariable() throws IOException {
    Path env = dataAt(tmp.resolve("env"));

    assertThat(BenchData.locate(null, Map.of(BenchData.ENV, env.toString()), tmp)).isEqualTo(env);
  }

  @Test
  void thenSharedDataBesideAnAncestorOfTheWorkingDirectory() throws IOException {
    Path data = dataAt(tmp.resolve("work/shared/data"));
    Path module = Files.createDirectories(tmp.resolve("work/project/apex-bench"));

    assertThat(BenchData.locate(null, Map.of(), module)).isEqualTo(data);
  }

  @Test
  void aFolderWithoutManifestIsRefusedNamingTheFix() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("empty"));

    assertThatThrownBy(() -> BenchData.locate(empty, Map.of(), tmp))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--data")
        .hasMessageContaining("MANIFEST.json");
  }

  @Test
  void nothingFoundSaysWhatToSet() throws IOException {
    Path lonely = Files.createDirectories(tmp.resolve("a/b"));

    assertThatThrownBy(() -> BenchData.locate(null, Map.of(), lonely))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--data DIR")
        .hasMessageContaining(BenchData.ENV);
  }
}
