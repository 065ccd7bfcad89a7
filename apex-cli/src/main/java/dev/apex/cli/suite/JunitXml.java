package dev.apex.cli.suite;

import dev.apex.console.SuiteCase;
import dev.apex.console.SuiteResult;
import dev.apex.core.Secrets;
import dev.apex.core.TerminalText;
import dev.apex.core.Text;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A suite run as JUnit XML, the form CI servers import (Jenkins, GitLab, GitHub test reporters),
 * valid against Jenkins' {@code junit-10.xsd}: {@code testsuites} (name, tests, failures, errors,
 * time) holding one {@code testsuite} (with skipped, a timestamp without fractions, the suite id as
 * a property), a {@code testcase} per flow with only {@code name} (the flow's), {@code classname}
 * (its folder) and {@code time} (seconds). A flow that failed has a {@code failure} whose message
 * names the failed step and its reason; one that was cancelled an {@code error}; one that did not
 * run {@code skipped}. Each testcase's {@code system-out} holds the flow file, the task id and the
 * report's file name. Every string is redacted, its controls made visible, and escaped by the XML
 * writer. Stateless.
 */
public final class JunitXml {

  /** The longest {@code message} attribute; the element's text holds the whole reason. */
  static final int MAX_MESSAGE = 1_000;

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private JunitXml() {}

  /**
   * @param report the {@code --report} file's name to point at from each testcase, or null
   */
  public static byte[] render(SuiteResult suite, String report) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(bytes, "UTF-8");
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeCharacters("\n");
      xml.writeStartElement("testsuites");
      attribute(xml, "name", suite.title());
      attribute(xml, "tests", String.valueOf(suite.cases().size()));
      attribute(xml, "failures", String.valueOf(suite.failed()));
      attribute(xml, "errors", String.valueOf(suite.stopped()));
      attribute(xml, "time", seconds(suite.took()));
      xml.writeCharacters("\n  ");
      xml.writeStartElement("testsuite");
      attribute(xml, "name", suite.title());
      attribute(xml, "tests", String.valueOf(suite.cases().size()));
      attribute(xml, "failures", String.valueOf(suite.failed()));
      attribute(xml, "errors", String.valueOf(suite.stopped()));
      attribute(xml, "skipped", String.valueOf(suite.skipped()));
      attribute(xml, "time", seconds(suite.took()));
      attribute(
          xml, "timestamp", TIMESTAMP.format(suite.startedAt().truncatedTo(ChronoUnit.SECONDS)));
      attribute(xml, "id", suite.suiteId());
      xml.writeCharacters("\n    ");
      xml.writeStartElement("properties");
      xml.writeEmptyElement("property");
      attribute(xml, "name", "apex.suite_id");
      attribute(xml, "value", suite.suiteId());
      xml.writeEndElement();
      for (SuiteCase c : suite.cases()) {
        xml.writeCharacters("\n    ");
        testcase(xml, c, report);
      }
      xml.writeCharacters("\n  ");
      xml.writeEndElement();
      xml.writeCharacters("\n");
      xml.writeEndElement();
      xml.writeCharacters("\n");
      xml.writeEndDocument();
      xml.close();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write JUnit XML: " + e.getMessage(), e);
    }
    return bytes.toByteArray();
  }

  private static void testcase(XMLStreamWriter xml, SuiteCase c, String report)
      throws XMLStreamException {
    xml.writeStartElement("testcase");
    attribute(xml, "name", c.name());
    attribute(xml, "classname", c.classname());
    attribute(xml, "time", seconds(c.took()));
    String reason = c.reason() == null ? c.shownStatus() : c.reason();
    String outcome = c.failed() ? "failure" : c.stopped() ? "error" : c.ran() ? null : "skipped";
    if (outcome != null) {
      xml.writeCharacters("\n      ");
      xml.writeStartElement(outcome);
      attribute(xml, "message", Text.shorten(reason, MAX_MESSAGE));
      attribute(xml, "type", c.shownStatus());
      xml.writeCharacters(clean(reason));
      xml.writeEndElement();
    }
    xml.writeCharacters("\n      ");
    xml.writeStartElement("system-out");
    StringBuilder out = new StringBuilder();
    out.append("flow: ").append(c.file()).append('\n');
    out.append("status: ").append(c.shownStatus()).append('\n');
    if (c.device() != null) {
      out.append("device: ").append(c.device()).append('\n');
    }
    if (c.taskId() != null) {
      out.append("task: ").append(c.taskId().value()).append('\n');
      out.append("report: ")
          .append(report != null ? report : "apex report " + c.taskId().value())
          .append('\n');
    }
    xml.writeCharacters(clean(out.toString()));
    xml.writeEndElement();
    xml.writeCharacters("\n    ");
    xml.writeEndElement();
  }

  private static void attribute(XMLStreamWriter xml, String name, String value)
      throws XMLStreamException {
    xml.writeAttribute(name, clean(value == null ? "" : value));
  }

  /**
   * Redacted, controls made visible ({@link TerminalText#escapeControls}), and what XML 1.0 cannot
   * hold at all (an unpaired surrogate, U+FFFE, U+FFFF) replaced by U+FFFD.
   */
  static String clean(String text) {
    String visible = TerminalText.escapeControls(Secrets.redact(text));
    StringBuilder out = new StringBuilder(visible.length());
    for (int i = 0; i < visible.length(); i++) {
      char c = visible.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < visible.length()
          && Character.isLowSurrogate(visible.charAt(i + 1))) {
        out.append(c).append(visible.charAt(++i));
      } else if (Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF') {
        out.append('\uFFFD');
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Seconds with milliseconds, {@code 1.234}. */
  static String seconds(Duration d) {
    return String.format(Locale.ROOT, "%.3f", d.toMillis() / 1000.0);
  }
}
