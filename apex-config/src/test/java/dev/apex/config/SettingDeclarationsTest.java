package dev.apex.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every declared setting is read from the file and from its environment variable, shows in the
 * public JSON the console serves, and has what the CLI and the console need to show it. A setting
 * some reader skips fails here by name, so a declaration cannot be dropped from a reader unseen.
 */
class SettingDeclarationsTest {

  @TempDir Path home;

  private ApexConfigStore open(Map<String, String> env) {
    return ApexConfigStore.open(home.resolve("config.json"), env);
  }

  @ParameterizedTest
  @EnumSource(ConfigField.class)
  void theExampleIsValidAndNotTheDefault(ConfigField field) {
    assertThat(field.example()).isNotEqualTo(field.defaultValue());
    assertThat(field.check(field.example())).isEqualTo(field.example());
    assertThat(ApexConfig.defaults().get(field)).isEqualTo(field.defaultValue());
  }

  @ParameterizedTest
  @EnumSource(ConfigField.class)
  void isReadFromTheFileAndShownInThePublicJson(ConfigField field) throws IOException {
    if (field.secret()) {
      return; // a key never comes from the file: see isReadFromTheEnvironment
    }
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    ObjectNode parent = field.group().map(root::putObject).orElse(root);
    parent.set(field.jsonName(), Json.mapper().valueToTree(field.example()));
    Files.writeString(home.resolve("config.json"), Json.write(root));

    ApexConfigStore store = open(Map.of());

    assertThat(store.current().get(field)).isEqualTo(field.example());
    assertThat(Json.mapper().treeToValue(at(store.publicJson(), field), Object.class))
        .isEqualTo(field.example());
    assertThat(store.envOverrides()).doesNotContain(field);
  }

  @ParameterizedTest
  @EnumSource(ConfigField.class)
  void isReadFromTheEnvironment(ConfigField field) {
    Object example = field.example();
    String text = example instanceof List<?> list ? String.join(", ", strings(list)) : "" + example;

    ApexConfigStore store = open(Map.of(field.envVar(), text));

    assertThat(store.current().get(field)).isEqualTo(example);
    JsonNode shown = at(store.publicJson(), field);
    if (field.secret()) {
      assertThat(shown.asText()).isEqualTo("set");
      assertThat(Json.write(store.publicJson())).doesNotContain(text);
      assertThat(store.current().toString()).doesNotContain(text);
      assertThat(store.envOverrides()).doesNotContain(field);
    } else {
      assertThat(store.envOverrides()).contains(field);
      assertThat(store.publicJson().at("/env_overrides/" + field.key().replace("/", "~1")).asText())
          .isEqualTo(field.envVar());
    }
  }

  @ParameterizedTest
  @EnumSource(ConfigField.class)
  void isDocumentedForTheCliAndTheConsole(ConfigField field) {
    assertThat(field.label()).isNotBlank();
    assertThat(field.help()).isNotBlank().endsWith(".");
    assertThat(field.section()).isNotNull();
    assertThat(field.envVar()).matches("[A-Z][A-Z0-9_]*");
    field.flag().ifPresent(flag -> assertThat(flag.name()).matches("--[a-z][a-z-]*"));
  }

  private static JsonNode at(JsonNode json, ConfigField field) {
    return json.at("/" + field.key().replace('.', '/'));
  }

  private static List<String> strings(List<?> list) {
    return list.stream().map(String::valueOf).toList();
  }
}
