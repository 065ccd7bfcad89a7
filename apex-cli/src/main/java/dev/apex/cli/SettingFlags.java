package dev.apex.cli;

import dev.apex.config.ConfigField;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The flags of the declared settings, made from their declarations: a command (or a mixin of it)
 * names the {@linkplain ConfigField.Scope scopes} it takes, and gets an option for every setting
 * whose flag is of one of them, with the declaration's name, value label, arity and help. What was
 * given is read back as text by setting ({@link #given}) and applied by {@link
 * dev.apex.config.Settings#withFlags}, so no command holds a field or a line of its own for a
 * setting, and a new flag is one declaration.
 */
final class SettingFlags {

  private SettingFlags() {}

  /** A command or mixin that takes the flags of some scopes. */
  interface Scoped {
    Set<ConfigField.Scope> scopes();
  }

  /** Adds the flags each command of {@code cli} (and its subcommands) takes. */
  static void addTo(CommandLine cli) {
    CommandSpec spec = cli.getCommandSpec();
    Set<ConfigField.Scope> scopes = EnumSet.noneOf(ConfigField.Scope.class);
    collect(spec.userObject(), scopes);
    for (CommandSpec mixin : spec.mixins().values()) {
      collect(mixin.userObject(), scopes);
    }
    for (ConfigField field : ConfigField.settable()) {
      field
          .flag()
          .filter(flag -> scopes.contains(flag.scope()))
          .filter(flag -> spec.findOption(flag.name()) == null)
          .ifPresent(flag -> spec.addOption(option(field)));
    }
    for (CommandLine sub : cli.getSubcommands().values()) {
      addTo(sub);
    }
  }

  private static void collect(Object userObject, Set<ConfigField.Scope> scopes) {
    if (userObject instanceof Scoped scoped) {
      scopes.addAll(scoped.scopes());
    }
  }

  /** The option of {@code field}'s flag: its name, label, arity and the declaration's help. */
  static OptionSpec option(ConfigField field) {
    ConfigField.Flag flag = field.flag().orElseThrow();
    OptionSpec.Builder option =
        OptionSpec.builder(flag.name())
            .descriptionKey(field.key())
            .description(SettingsHelp.description(field));
    if (!flag.takesValue()) {
      return option.arity("0").type(boolean.class).build();
    }
    option.paramLabel(field.flagLabel()).arity("1");
    if (flag.repeatable()) {
      return option.type(List.class).auxiliaryTypes(String.class).build();
    }
    return option.type(String.class).build();
  }

  /**
   * The settings' flags {@code command} was given, as the text of each value in order (a switch as
   * one empty text), by the setting each sets.
   */
  static Map<ConfigField, List<String>> given(CommandSpec command) {
    Map<ConfigField, List<String>> given = new EnumMap<>(ConfigField.class);
    ParseResult parsed = command.commandLine().getParseResult();
    if (parsed == null) {
      return given;
    }
    for (ConfigField field : ConfigField.settable()) {
      field
          .flag()
          .filter(flag -> parsed.hasMatchedOption(flag.name()))
          .ifPresent(
              flag -> {
                OptionSpec matched = parsed.matchedOption(flag.name());
                List<String> texts = new ArrayList<>(matched.stringValues());
                if (!flag.takesValue()) {
                  texts = List.of("");
                }
                given.put(field, List.copyOf(texts));
              });
    }
    return given;
  }
}
