package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.config.ConfigField;
import dev.apex.core.Json;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings page renders from the declarations the console serves: every declared setting is in
 * {@code GET /api/config/fields} with its label, help, type and section, has a value in {@code GET
 * /api/config}, and (but a secret) takes a value through {@code PUT /api/config}.
 */
class ConsoleSettingsFieldsTest {

  @TempDir Path home;
  private TestConsole console;

  @BeforeEach
  void start() {
    console = TestConsole.start(home, SimLauncher.free());
  }

  @AfterEach
  void stop() {
    console.close();
    assertThat(console.responses).noneMatch(r -> r.contains(TestConsole.CANARY));
  }

  @Test
  void everyDeclaredSettingIsServedWithWhatThePageNeeds() {
    JsonNode fields = TestConsole.json(console.get("/api/config/fields"));
    JsonNode config = TestConsole.json(console.get("/api/config"));

    List<String> keys = new ArrayList<>();
    fields.forEach(f -> keys.add(f.get("key").asText()));
    assertThat(keys)
        .containsExactlyInAnyOrderElementsOf(
            List.of(ConfigField.values()).stream().map(ConfigField::key).toList());
    for (JsonNode field : fields) {
      ConfigField declared = ConfigField.byKey(field.get("key").asText()).orElseThrow();
      assertThat(field.get("label").asText()).isEqualTo(declared.label());
      assertThat(field.get("help").asText()).isEqualTo(declared.help());
      assertThat(field.get("type").asText()).isEqualTo(declared.uiType());
      assertThat(field.get("env").asText()).isEqualTo(declared.envVar());
      assertThat(field.get("section_title").asText()).isEqualTo(declared.section().title());
      JsonNode value = config.at("/" + declared.key().replace('.', '/'));
      assertThat(value.isMissingNode()).as(declared.key()).isFalse();
      if (declared.secret()) {
        assertThat(value.asText()).isIn("set", "unset");
        assertThat(field.get("default").isNull()).isTrue();
      }
    }
    assertThat(config.get("anthropic_api_key").asText()).isEqualTo("set");
  }

  @Test
  void everySettableDeclarationTakesAValueThroughTheApi() {
    for (ConfigField field : ConfigField.settable()) {
      ObjectNode change = JsonNodeFactory.instance.objectNode();
      ObjectNode parent = field.group().map(change::putObject).orElse(change);
      parent.set(field.jsonName(), Json.mapper().valueToTree(field.example()));

      HttpResponse<String> put = console.put("/api/config", Json.write(change));

      assertThat(put.statusCode()).as(field.key() + ": " + put.body()).isEqualTo(200);
      JsonNode shown = TestConsole.json(put).at("/" + field.key().replace('.', '/'));
      assertThat(shown).as(field.key()).isEqualTo(Json.mapper().valueToTree(field.example()));
    }
  }
}
