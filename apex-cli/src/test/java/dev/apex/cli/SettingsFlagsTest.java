package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.config.ConfigField;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

  @Test
  void eachCommandOffersTheFlagsOfTheScopesItTakesAndNoOther() {
    assertThat(settingFlags("run"))
        .containsExactlyInAnyOrderElementsOf(flagsOf(EnumSet.allOf(ConfigField.Scope.class)));
    assertThat(settingFlags("mcp"))
        .containsExactlyInAnyOrderElementsOf(flagsOf(EnumSet.allOf(ConfigField.Scope.class)));
    assertThat(settingFlags("describe"))
        .containsExactlyInAnyOrderElementsOf(
            flagsOf(
                EnumSet.of(
                    ConfigField.Scope.MODEL, ConfigField.Scope.DEVICE, ConfigField.Scope.ADB)))
        .doesNotContain("--max-steps", "--db");
    assertThat(settingFlags("console"))
        .containsExactlyInAnyOrder("--adb", "--device-timeout", "--db");
    assertThat(settingFlags("devices")).containsExactly("--adb");
    assertThat(settingFlags("timeline")).containsExactly("--db");
    assertThat(settingFlags("report")).containsExactly("--db");
  }

  @Test
  void aFlagIsAppliedByItsDeclarationWhicheverCommandTakesIt() {
    Cli.Result run = Cli.run(Map.of(), "run", "--flow", "x.yaml", "--semantic-timeout", "0");
    Cli.Result describe = Cli.run(Map.of(), "describe", "--device-timeout", "2h");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("--semantic-timeout must be a number of seconds from 0.1 to");
    assertThat(describe.exit()).isEqualTo(2);
    assertThat(describe.err()).contains("--device-timeout must be milliseconds or a duration");
  }

  private List<String> settingFlags(String command) {
    return cli.getSubcommands().get(command).getCommandSpec().options().stream()
        .filter(o -> ConfigField.byKey(o.descriptionKey()).isPresent())
        .map(OptionSpec::longestName)
        .toList();
  }

  private static List<String> flagsOf(Set<ConfigField.Scope> scopes) {
    return ConfigField.settable().stream()
        .flatMap(f -> f.flag().stream())
        .filter(flag -> scopes.contains(flag.scope()))
        .map(ConfigField.Flag::name)
        .toList();
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
