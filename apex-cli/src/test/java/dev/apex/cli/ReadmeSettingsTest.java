package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.config.ConfigField;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The README's Settings table names every declared setting, so a new one is documented too. */
class ReadmeSettingsTest {

  @Test
  void theSettingsSectionNamesEveryDeclaredKeyAndEachSecretsVariable() throws IOException {
    String readme = Files.readString(Cli.projectRoot().resolve("README.md"));
    int start = readme.indexOf("\n## Settings\n");
    String section = readme.substring(start, readme.indexOf("\n## ", start + 1));

    for (ConfigField field : ConfigField.values()) {
      assertThat(section)
          .as("README's Settings section names %s", field.key())
          .contains("`" + (field.secret() ? field.envVar() : field.key()) + "`");
    }
  }
}
