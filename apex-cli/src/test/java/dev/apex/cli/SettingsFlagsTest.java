package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.config.ConfigField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every declared setting that has a flag is an option of the CLI, and every such option is bound to
 * its declaration: its help is the declaration's (what it does, the config key, the variable, the
 * default), never a text of its own that could drift.
 */
class SettingsFlagsTest {

  private final CommandLine cli = ApexCli.commandLine(Map.of(), Wiring.DEFAULT);

  @Test
  void everyDeclaredFlagIsAnOptionWithTheDeclarationsHelp() {
    for (ConfigField field : ConfigField.settable()) {
      if (field.flag().isEmpty()) {
        continue;
      }
      String flag = field.flag().get().name();
      List<OptionSpec> options = options(flag);

      assertThat(options).as("commands with %s (%s)", flag, field.key()).isNotEmpty();
      for (OptionSpec option : options) {
        assertThat(option.descriptionKey()).as(flag).isEqualTo(field.key());
        assertThat(String.join(" ", option.description()))
            .as(flag)
            .isEqualTo(SettingsHelp.description(field))
            .contains(field.key(), field.envVar(), field.help());
      }
    }
  }

  @Test
  void theHelpShowsTheDeclaredDefaultAndVariable() {
    String help = cli.getSubcommands().get("run").getUsageMessage();

    assertThat(help)
        .contains("APEX_DEVICE_TIMEOUT_MS")
        .contains("else " + ConfigField.DEVICE_TIMEOUT_MS.defaultValue())
        .contains("APEX_MAX_STEPS");
  }

  private List<OptionSpec> options(String flag) {
    List<OptionSpec> found = new ArrayList<>();
    for (CommandLine command : cli.getSubcommands().values()) {
      OptionSpec option = command.getCommandSpec().findOption(flag);
      if (option != null) {
        found.add(option);
      }
    }
    return found;
  }
}
