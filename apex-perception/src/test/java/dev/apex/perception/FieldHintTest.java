package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A field keeps its placeholder or accessible name beside the value it shows, from each platform's
 * source — a web page's placeholder and label, Android's {@code hint} (API 26+ dumps), iOS's {@code
 * placeholderValue} — so the listing and the change summaries name a filled field by it, never by
 * what was typed.
 */
class FieldHintTest {

  @Test
  void aWebFieldKeepsItsPlaceholderElseItsLabelBesideItsValue() {
    String page =
        """
        {"url":"http://127.0.0.1/","title":"t","viewport":[400,300],"nodes":[
          {"tag":"input","role":"textbox","name":"q","placeholder":"Search","label":"Search",
           "box":[0,0,200,20],"edit":true,"text":"wifi"},
          {"tag":"input","role":"textbox","label":"E-mail","placeholder":"you@example.com",
           "box":[0,30,200,20],"edit":true,"text":"a@b.c"},
          {"tag":"input","role":"textbox","placeholder":"Name","box":[0,60,200,20],"edit":true},
          {"tag":"button","role":"button","label":"Go","box":[0,90,40,20],"click":true}]}
        """;

    Scene scene = scene(TreeFormat.WEB_JSON, page, new ScreenSize(400, 300, 1.0));

    assertThat(scene.elements())
        .extracting(SceneElement::text, SceneElement::hint)
        .containsExactly(
            tuple("wifi", "Search"),
            tuple("a@b.c", "E-mail"),
            tuple("Name", "Name"),
            tuple("Go", ""));
    assertThat(lines(scene))
        .containsExactly(
            "1 input @100,10 \"Search\": wifi",
            "2 input @100,40 \"E-mail\": a@b.c",
            "3 input @100,70 Name",
            "4 tap @20,100 Go");
  }

  @Test
  void anAndroidFieldKeepsItsHintElseItsContentDescription() {
    String dump =
        """
        <hierarchy rotation="0">
          <node class="android.widget.EditText" text="keli" hint="Username" content-desc=""
                resource-id="com.app:id/user" clickable="true" bounds="[0,0][400,80]"/>
          <node class="android.widget.EditText" text="" hint="Password" password="true"
                resource-id="com.app:id/pass" clickable="true" bounds="[0,100][400,180]"/>
          <node class="android.widget.EditText" text="42" hint="Age" content-desc="Your age"
                clickable="true" bounds="[0,200][400,280]"/>
        </hierarchy>
        """;

    Scene scene = scene(TreeFormat.UIAUTOMATOR_XML, dump, ScreenSize.pixels(400, 800));

    assertThat(scene.elements())
        .extracting(SceneElement::hint)
        .containsExactly("Username", "Password", "Your age");
    assertThat(lines(scene))
        .containsExactly(
            "1 input @200,40 \"Username\": keli",
            "2 input password @200,140 Password",
            "3 input @200,240 \"Your age\": 42");
  }

  @Test
  void anIosFieldKeepsItsPlaceholderValueWhenItHasNoLabel() {
    String source =
        """
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" x="0" y="0"
            width="390" height="844">
          <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="keli"
              placeholderValue="Username" x="20" y="100" width="350" height="40"/>
          <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" value="••••"
              label="Password" placeholderValue="Required" x="20" y="160" width="350" height="40"/>
          <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="you@example.com"
              label="E-mail" placeholderValue="you@example.com" x="20" y="220" width="350"
              height="40"/>
        </XCUIElementTypeApplication>
        """;

    Scene scene = scene(TreeFormat.WDA_XML, source, new ScreenSize(390, 844, 1.0));

    assertThat(scene.elements())
        .filteredOn(e -> e.type().equals("input"))
        .extracting(SceneElement::text, SceneElement::hint)
        .containsExactly(
            tuple("keli", "Username"), tuple("••••", "Password"), tuple("E-mail", "E-mail"));
    assertThat(lines(scene))
        .as("an empty field, whose value WebDriverAgent gives as its placeholder, shows no value")
        .contains("3 input @195,240 E-mail");
  }

  @Test
  void onlyFieldsCarryAHint() {
    String dump =
        """
        <hierarchy rotation="0">
          <node class="android.widget.Button" text="Send" content-desc="Send message"
                clickable="true" bounds="[0,0][200,80]"/>
        </hierarchy>
        """;

    Scene scene = scene(TreeFormat.UIAUTOMATOR_XML, dump, ScreenSize.pixels(400, 800));

    assertThat(scene.elements()).singleElement().extracting(SceneElement::hint).isEqualTo("");
  }

  private static Scene scene(TreeFormat format, String tree, ScreenSize screen) {
    RawCapture capture =
        new RawCapture("d", format, tree.getBytes(StandardCharsets.UTF_8), null, screen);
    return SceneBuilder.build(TreeParsers.parse(capture), List.of());
  }

  private static List<String> lines(Scene scene) {
    List<String> lines = CompactEncoder.encode(scene).lines().toList();
    return lines.subList(1, lines.size());
  }
}
