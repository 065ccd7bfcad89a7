package dev.apex.perception.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.ParseException;
import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.TreeFormat;
import dev.apex.perception.tree.TreeParser;
import dev.apex.perception.tree.UiNode;
import dev.apex.perception.tree.UiTree;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WebTreeParserTest {

  private static final String FORM =
      """
      {"url":"http://127.0.0.1:8123/form.html?x=1","title":"Sign in","viewport":[400,300],
       "scroll":[0,0],"page":[400,900],"dpr":2,"future":"ignored","nodes":[
        {"tag":"h1","role":"heading","box":[10,10,200,30.4],"text":"Welcome back"},
        {"tag":"form","box":[0,50,400,200],"text":"Your details","children":[
          {"tag":"input","role":"textbox","type":"email","name":"email","label":"E-mail",
           "box":[10,60,300,20],"edit":true,"focused":true,"text":"a@b.c"},
          {"tag":"input","role":"textbox","type":"password","id":"pw","placeholder":"Password",
           "box":[10,90,300,20],"edit":true,"password":true},
          {"tag":"input","role":"checkbox","type":"checkbox","id":"keep","label":"Keep me",
           "box":[10,120,16,16],"click":true,"check":true,"checked":true},
          {"tag":"button","role":"button","box":[10,150,80,24],"click":true,"disabled":true,
           "text":"Sign in"}]},
        {"tag":"a","role":"link","box":[10,700,50,20],"click":true,"off":true,"text":"Terms"}]}
      """;

  private final TreeParser parser = new WebTreeParser();

  @Test
  void aScrolledPageIsItsDocumentAroundTheViewportAndFlagsHoverAndClippedNodes() {
    String page =
        """
        {"url":"http://127.0.0.1/","title":"t","viewport":[400,300],"scroll":[0,500],
         "page":[400,2000],"nodes":[
          {"tag":"div","box":[0,0,90,20],"hover":true,"text":"Menu"},
          {"tag":"select","role":"listbox","box":[0,30,90,40],"click":true,"children":[
            {"tag":"option","role":"option","box":[0,80,90,20],"click":true,"clip":true,
             "text":"Far"}]}]}
        """;

    UiTree tree = parser.parse(capture(page, new ScreenSize(400, 300, 1.0)));

    assertThat(tree.root().bounds()).isEqualTo(new Bounds(0, -500, 400, 1500));
    assertThat(tree.root().children().get(0).flags()).containsExactly(ElementFlag.HOVERABLE);
    assertThat(tree.root().children().get(1).children().get(0).flags())
        .contains(ElementFlag.OFF_VIEW, ElementFlag.CLICKABLE);
  }

  @Test
  void aDropDownListsItsOptionsAfterTheSelectedOneAndATextareaIsItsOwnClass() {
    String page =
        """
        {"url":"http://127.0.0.1/","title":"t","viewport":[400,300],"nodes":[
          {"tag":"select","role":"combobox","box":[0,0,90,20],"click":true,"text":"Pro",
           "options":["Free","Pro"]},
          {"tag":"select","role":"combobox","box":[0,30,90,20],"click":true,"text":"AD",
           "options":["AD","AE"],"more":248},
          {"tag":"textarea","role":"textbox","box":[0,60,90,40],"edit":true,"multiline":true},
          {"tag":"input","role":"textbox","box":[0,110,90,20],"edit":true}]}
        """;

    UiTree tree = parser.parse(capture(page, new ScreenSize(400, 300, 1.0)));

    java.util.List<UiNode> nodes = tree.root().children();
    assertThat(nodes.get(0).text()).isEqualTo("Pro | options: Free, Pro");
    assertThat(nodes.get(1).text()).isEqualTo("AD | options: AD, AE, … (248 more)");
    assertThat(nodes.get(2).className()).isEqualTo("textarea");
    assertThat(nodes.get(3).className()).isEqualTo("textbox");
  }

  @Test
  void scalesCssPixelsToScreenshotPixelsAndMapsTheFields() {
    UiTree tree = parser.parse(capture(FORM, new ScreenSize(800, 600, 2.0)));

    assertThat(tree.width()).isEqualTo(800);
    assertThat(tree.height()).isEqualTo(600);
    UiNode root = tree.root();
    assertThat(root.path()).isEmpty();
    assertThat(root.className()).isEqualTo("page");
    assertThat(root.text()).isEqualTo("Sign in");
    // A page taller than its viewport: the root is the whole document, 900 CSS px at ratio 2.
    assertThat(root.bounds()).isEqualTo(new Bounds(0, 0, 800, 1800));
    assertThat(root.flags()).containsExactly(ElementFlag.SCROLLABLE);

    UiNode heading = root.children().get(0);
    assertThat(heading.path()).isEqualTo("0");
    assertThat(heading.className()).isEqualTo("heading");
    assertThat(heading.text()).isEqualTo("Welcome back");
    assertThat(heading.packageName()).isEqualTo("http://127.0.0.1:8123");
    // 10..210 x 10..40.4 CSS px at ratio 2, each edge rounded.
    assertThat(heading.bounds()).isEqualTo(new Bounds(20, 20, 420, 81));
    assertThat(heading.interactive()).isFalse();

    UiNode form = root.children().get(1);
    assertThat(form.className()).isEqualTo("form");
    assertThat(form.children()).hasSize(4);
    UiNode email = form.children().get(0);
    assertThat(email.path()).isEqualTo("1/0");
    assertThat(email.className()).isEqualTo("textbox");
    assertThat(email.text()).isEqualTo("a@b.c");
    assertThat(email.description()).isEqualTo("E-mail");
    assertThat(email.resourceId()).as("the form name when there is no id").isEqualTo("email");
    assertThat(email.flags()).containsExactlyInAnyOrder(ElementFlag.EDITABLE, ElementFlag.FOCUSED);

    UiNode password = form.children().get(1);
    assertThat(password.description())
        .as("placeholder when there is no label")
        .isEqualTo("Password");
    assertThat(password.resourceId()).isEqualTo("pw");
    assertThat(password.flags()).contains(ElementFlag.PASSWORD, ElementFlag.EDITABLE);

    UiNode keep = form.children().get(2);
    assertThat(keep.flags())
        .containsExactlyInAnyOrder(
            ElementFlag.CLICKABLE, ElementFlag.CHECKABLE, ElementFlag.CHECKED);
    assertThat(form.children().get(3).flags())
        .containsExactlyInAnyOrder(ElementFlag.CLICKABLE, ElementFlag.DISABLED);

    UiNode terms = root.children().get(2);
    assertThat(terms.visible()).as("off the viewport").isFalse();
    assertThat(terms.bounds())
        .as("kept at its true place")
        .isEqualTo(new Bounds(20, 1400, 120, 1440));
    assertThat(tree.nodes()).hasSize(7);
  }

  @Test
  void sameCaptureGivesTheSamePaths() {
    RawCapture capture = capture(FORM, new ScreenSize(800, 600, 2.0));
    assertThat(parser.parse(capture).nodes().stream().map(UiNode::path))
        .containsExactly("0", "1", "1/0", "1/1", "1/2", "1/3", "2");
  }

  @Test
  void takesTheViewportWhenTheCaptureHasNoSize() {
    UiTree tree = parser.parse(capture(FORM, new ScreenSize(0, 0, 1.5)));
    assertThat(tree.width()).isEqualTo(600);
    assertThat(tree.height()).isEqualTo(450);
  }

  @Test
  void anEmptyPageIsARootWithoutChildren() {
    UiTree tree =
        parser.parse(
            capture(
                "{\"url\":\"about:blank\",\"viewport\":[10,10],\"page\":[10,10],\"nodes\":[]}",
                ScreenSize.pixels(10, 10)));
    assertThat(tree.nodes()).isEmpty();
    assertThat(tree.root().packageName()).isEmpty();
    assertThat(tree.root().flags()).isEmpty();
  }

  @Test
  void malformedJsonNamesLineAndColumn() {
    String broken = "{\"url\":\"x\",\n \"nodes\":[{\"tag\":\"a\",, }]}";
    assertThatThrownBy(() -> parser.parse(capture(broken, ScreenSize.pixels(1, 1))))
        .isInstanceOfSatisfying(
            ParseException.class,
            e -> {
              assertThat(e.line()).isEqualTo(2);
              assertThat(e.column()).isGreaterThan(1);
            })
        .hasMessageContaining("web page tree is malformed at line 2");
  }

  @Test
  void aJsonValueThatIsNotAnObjectIsMalformed() {
    assertThatThrownBy(() -> parser.parse(capture("[1,2]", ScreenSize.pixels(1, 1))))
        .isInstanceOf(ParseException.class)
        .hasMessageContaining("expected a JSON object");
    assertThatThrownBy(() -> parser.parse(capture("", ScreenSize.pixels(1, 1))))
        .isInstanceOf(ParseException.class);
  }

  @Test
  void refusesOtherFormats() {
    RawCapture xml =
        new RawCapture(
            "sim", TreeFormat.UIAUTOMATOR_XML, new byte[0], null, ScreenSize.pixels(1, 1));
    assertThatThrownBy(() -> parser.parse(xml))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("UIAUTOMATOR_XML");
  }

  private static RawCapture capture(String json, ScreenSize screen) {
    return new RawCapture(
        "web", TreeFormat.WEB_JSON, json.getBytes(StandardCharsets.UTF_8), null, screen);
  }
}
