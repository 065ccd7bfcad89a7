package dev.apex.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A scene's JSON form, as the timeline stores it: a field's hint round-trips, is left out when
 * empty, and a row written before elements had one still reads.
 */
class SceneElementJsonTest {

  private static final Bounds BOX = new Bounds(0, 0, 20, 10);

  @Test
  void aFieldsHintRoundTrips() {
    SceneElement field =
        new SceneElement(
            "u",
            "input",
            BOX,
            "keli",
            1.0,
            Source.TREE,
            "user",
            Set.of(ElementFlag.EDITABLE),
            "Username");
    Scene scene = new Scene(100, 100, List.of(field));

    String json = Json.write(scene);

    assertThat(json).contains("\"hint\":\"Username\"");
    assertThat(Json.read(json, Scene.class)).isEqualTo(scene);
  }

  @Test
  void anEmptyHintIsLeftOutAndAnOldRowWithoutOneReads() {
    SceneElement button =
        new SceneElement(
            "b", "button", BOX, "OK", 1.0, Source.TREE, "", Set.of(ElementFlag.CLICKABLE));

    assertThat(Json.write(button)).doesNotContain("hint");
    String old =
        """
        {"width":100,"height":100,"elements":[{"id":"b","type":"button",
         "bounds":{"left":0,"top":0,"right":20,"bottom":10},"text":"OK","confidence":1.0,
         "source":"TREE","resourceId":"","flags":["CLICKABLE"]}]}
        """;
    Scene read = Json.read(old, Scene.class);
    assertThat(read.elements()).containsExactly(button);
    assertThat(read.elements().get(0).hint()).isEmpty();
  }
}
