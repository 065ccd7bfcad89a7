package dev.apex.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.console.SuiteCase;
import dev.apex.console.SuiteResult;
import dev.apex.core.Secrets;
import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.NodeList;

/**
 * The JUnit XML {@code apex test --junit} writes is valid against Jenkins' {@code junit-10.xsd}
 * (test resources, with its source), whatever the flows' names and errors hold.
 */
class JunitXmlTest {

  private static final String SECRET = "sk-ant-api03-junitxmlsecret0123456789";

  static final String NASTY = "a <b> & \"c\" 'd' \u0007bell \u001b[31mred\u001b[0m \ud800 \uffff";

  private static SuiteResult suite() {
    Secrets.register(SECRET);
    List<SuiteCase> cases = new ArrayList<>();
    cases.add(
        new SuiteCase(
            "flows/a.yaml",
            "flows",
            "passes",
            List.of("smoke"),
            "sim#1",
            TaskStatus.SUCCEEDED,
            "goal reached",
            Duration.ofMillis(1234),
            TaskId.of("aaaa")));
    cases.add(
        new SuiteCase(
            "flows/deep/b.yaml",
            "flows.deep",
            "fails " + NASTY,
            List.of(),
            "sim#2",
            TaskStatus.FAILED,
            "step 3 (tap) failed after 1 attempt(s): no element with text \""
                + SECRET
                + "\" "
                + NASTY,
            Duration.ofSeconds(2),
            TaskId.of("bbbb")));
    cases.add(
        new SuiteCase(
            "flows/c.yaml",
            "flows",
            "cancelled",
            List.of(),
            "sim#1",
            TaskStatus.CANCELLED,
            "cancelled: SIGINT after 1 step(s)",
            Duration.ofMillis(5),
            TaskId.of("cccc")));
    cases.add(
        SuiteCase.skipped(
            "flows/d.yaml", "flows", "skipped", List.of(), "not run: cancelled: SIGINT"));
    return new SuiteResult(
        "suite1",
        "apex test flows",
        Instant.parse("2026-12-06T21:05:19.123456Z"),
        Duration.ofMillis(3500),
        cases);
  }

  @Test
  void itIsValidAgainstJenkinsJunit10SchemaWithNastyText() throws Exception {
    byte[] xml = JunitXml.render(suite(), "suite.html");

    JunitXmlTestSupport.assertValidAgainstJenkinsSchema(xml);
    assertThat(new String(xml, java.nio.charset.StandardCharsets.UTF_8))
        .doesNotContain(SECRET)
        .doesNotContain("\u001b")
        .doesNotContain("\u0007");
  }

  @Test
  void eachFlowIsATestcaseWithItsFolderItsNameAndWhatCiNeedsToFindItsRun() throws Exception {
    Document doc = JunitXmlTestSupport.parse(JunitXml.render(suite(), "suite.html"));
    Element suites = doc.getDocumentElement();
    assertThat(suites.getTagName()).isEqualTo("testsuites");
    assertThat(suites.getAttribute("tests")).isEqualTo("4");
    assertThat(suites.getAttribute("failures")).isEqualTo("1");
    assertThat(suites.getAttribute("errors")).isEqualTo("1");
    Element suite = (Element) suites.getElementsByTagName("testsuite").item(0);
    assertThat(suite.getAttribute("skipped")).isEqualTo("1");
    assertThat(suite.getAttribute("timestamp")).isEqualTo("2026-12-06T21:05:19");
    assertThat(suite.getAttribute("time")).isEqualTo("3.500");

    NodeList cases = doc.getElementsByTagName("testcase");
    assertThat(cases.getLength()).isEqualTo(4);
    for (int i = 0; i < cases.getLength(); i++) {
      NamedNodeMap attributes = cases.item(i).getAttributes();
      for (int a = 0; a < attributes.getLength(); a++) {
        assertThat(attributes.item(a).getNodeName()).isIn("name", "classname", "time");
      }
    }
    Element passed = (Element) cases.item(0);
    assertThat(passed.getAttribute("classname")).isEqualTo("flows");
    assertThat(passed.getAttribute("name")).isEqualTo("passes");
    assertThat(passed.getAttribute("time")).isEqualTo("1.234");
    assertThat(passed.getElementsByTagName("system-out").item(0).getTextContent())
        .contains("flow: flows/a.yaml", "task: aaaa", "report: suite.html");

    Element failed = (Element) cases.item(1);
    assertThat(failed.getAttribute("classname")).isEqualTo("flows.deep");
    Element failure = (Element) failed.getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("message"))
        .startsWith("step 3 (tap) failed after 1 attempt(s): no element with text")
        .doesNotContain(SECRET);
    assertThat(failed.getElementsByTagName("system-out").item(0).getTextContent())
        .contains("flow: flows/deep/b.yaml", "task: bbbb");

    assertThat(((Element) cases.item(2)).getElementsByTagName("error").getLength()).isEqualTo(1);
    Element skipped = (Element) cases.item(3);
    assertThat(((Element) skipped.getElementsByTagName("skipped").item(0)).getAttribute("message"))
        .isEqualTo("not run: cancelled: SIGINT");
    assertThat(skipped.getElementsByTagName("system-out").item(0).getTextContent())
        .doesNotContain("task:");
  }

  @Test
  void withoutAReportEachTestcaseSaysHowToMakeOne() throws Exception {
    Document doc = JunitXmlTestSupport.parse(JunitXml.render(suite(), null));

    assertThat(doc.getElementsByTagName("system-out").item(0).getTextContent())
        .contains("report: apex report aaaa");
  }
}
