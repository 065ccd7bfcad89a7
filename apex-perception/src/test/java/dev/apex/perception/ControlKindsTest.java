package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.RawCapture;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A web page's checkboxes, radio buttons and switches are listed as Android's are: {@code checkbox
 * on/off}, {@code radio}, {@code switch}, their state said once — not {@code tap off}, which tells
 * a model nothing about what it taps.
 */
class ControlKindsTest {

  /** What the browser's DOM walk sends for native and ARIA controls (an input's implied role). */
  private static final String WEB =
      """
      {"url":"http://127.0.0.1/","title":"t","viewport":[400,300],"nodes":[
        {"tag":"input","role":"checkbox","type":"checkbox","label":"Apple","box":[0,0,16,16],
         "click":true,"check":true},
        {"tag":"input","role":"checkbox","type":"checkbox","label":"Cherry","box":[0,20,16,16],
         "click":true,"check":true,"checked":true},
        {"tag":"input","role":"radio","type":"radio","label":"Small","box":[0,40,16,16],
         "click":true,"check":true,"checked":true},
        {"tag":"div","role":"switch","box":[0,60,40,20],"click":true,"check":true,
         "label":"Dark mode"},
        {"tag":"li","role":"menuitemcheckbox","box":[0,90,90,20],"click":true,"check":true,
         "text":"Bold"},
        {"tag":"input","role":"slider","type":"range","box":[0,120,200,20],"click":true},
        {"tag":"button","role":"button","box":[0,150,80,20],"click":true,"text":"Submit"}]}
      """;

  /** The same controls as an Android dump lists them. */
  private static final String ANDROID =
      """
      <hierarchy rotation="0">
        <node class="android.widget.CheckBox" text="Apple" checkable="true" checked="false"
              clickable="true" bounds="[0,0][100,40]"/>
        <node class="android.widget.RadioButton" text="Small" checkable="true" checked="true"
              clickable="true" bounds="[0,40][100,80]"/>
        <node class="android.widget.Switch" text="OFF" checkable="true" checked="false"
              clickable="true" bounds="[0,80][100,120]"/>
      </hierarchy>
      """;

  @Test
  void webControlsAreListedByWhatTheyAreWithTheirStateOnce() {
    Scene scene = scene(TreeFormat.WEB_JSON, WEB, new ScreenSize(400, 300, 1.0));

    assertThat(scene.elements())
        .extracting(SceneElement::type)
        .containsExactly("checkbox", "checkbox", "radio", "switch", "checkbox", "slider", "button");
    assertThat(lines(scene))
        .containsExactly(
            "1 checkbox off @8,8 Apple",
            "2 checkbox on @8,28 Cherry",
            "3 radio on @8,48 Small",
            "4 switch off @20,70 Dark mode",
            "5 checkbox off @45,100 Bold",
            "6 slider @100,130",
            "7 tap @40,160 Submit");
  }

  @Test
  void androidControlsReadTheSameWayAndAStateTextIsNotSaidTwice() {
    Scene scene = scene(TreeFormat.UIAUTOMATOR_XML, ANDROID, ScreenSize.pixels(100, 200));

    assertThat(lines(scene))
        .containsExactly(
            "1 checkbox off @50,20 Apple", "2 radio on @50,60 Small", "3 switch off @50,100");
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
