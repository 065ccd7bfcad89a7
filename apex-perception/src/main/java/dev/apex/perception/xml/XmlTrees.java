package dev.apex.perception.xml;

import dev.apex.core.ParseException;
import dev.apex.perception.tree.TreeDepth;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Runs a {@link TreeHandler} over a device's XML bytes with the JDK's SAX parser.
 *
 * <p>Encoding: a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) or a BOM-less UTF-16 {@code <?}
 * decides the encoding and the XML declaration is ignored, because devices write {@code
 * encoding='UTF-8'} over UTF-16 bytes; a UTF-16 declaration over one-byte characters is read as
 * UTF-8 (WinAppDriver's sources); otherwise the parser reads the bytes as the declaration (or
 * UTF-8) says. Parsing stops at the end of the root element, so a trailer after it (uiautomator's
 * {@code UI hierchary dumped to: /dev/tty}) is never read. DOCTYPEs are refused (no external
 * entities). Thread-safe: each thread reuses its own parser from one shared factory.
 */
public final class XmlTrees {

  private static final SAXParserFactory FACTORY = newFactory();
  private static final ThreadLocal<SAXParser> PARSER = ThreadLocal.withInitial(XmlTrees::newParser);

  private XmlTrees() {}

  /**
   * Parses {@code bytes} into {@code handler}.
   *
   * @param what what the bytes are, for the error message (e.g. {@code "uiautomator dump"})
   * @throws ParseException naming the 1-based line and column when the XML is malformed
   * @throws TreeDepth.TooDeepException when it nests deeper than {@link TreeDepth#limit()}
   */
  public static void parse(byte[] bytes, TreeHandler handler, String what) {
    SAXParser parser = PARSER.get();
    try {
      parser.parse(source(bytes), handler);
    } catch (TreeHandler.RootClosed done) {
      return;
    } catch (TreeHandler.TooDeep e) {
      throw TreeDepth.refusal(what, e.limit, " at line " + e.line + ", column " + e.column);
    } catch (SAXParseException e) {
      throw new ParseException(
          what,
          Math.max(1, e.getLineNumber()),
          Math.max(1, e.getColumnNumber()),
          e.getMessage(),
          e);
    } catch (SAXException | IOException e) {
      throw new ParseException(what, 1, 1, String.valueOf(e.getMessage()), e);
    }
    if (!handler.finished()) {
      throw new ParseException(what, 1, 1, "no root element");
    }
  }

  private static InputSource source(byte[] b) {
    int n = b.length;
    if (n >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
      return reader(b, 3, StandardCharsets.UTF_8);
    }
    if (n >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE) {
      return reader(b, 2, StandardCharsets.UTF_16LE);
    }
    if (n >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF) {
      return reader(b, 2, StandardCharsets.UTF_16BE);
    }
    if (n >= 4 && b[0] == '<' && b[1] == 0 && b[2] != 0 && b[3] == 0) {
      return reader(b, 0, StandardCharsets.UTF_16LE);
    }
    if (n >= 4 && b[0] == 0 && b[1] == '<' && b[2] == 0 && b[3] != 0) {
      return reader(b, 0, StandardCharsets.UTF_16BE);
    }
    if (declaresUtf16(b)) {
      // One byte per ASCII character, so not UTF-16 whatever the declaration says: WinAppDriver
      // declares encoding="utf-16" over a source that reaches us (and files saved from it) in
      // UTF-8.
      return reader(b, 0, StandardCharsets.UTF_8);
    }
    return new InputSource(new ByteArrayInputStream(b));
  }

  private static boolean declaresUtf16(byte[] b) {
    if (b.length < 6 || b[0] != '<' || b[1] != '?') {
      return false;
    }
    int end = Math.min(b.length, 200);
    String head = new String(b, 0, end, StandardCharsets.ISO_8859_1);
    int close = head.indexOf("?>");
    String declaration = (close < 0 ? head : head.substring(0, close)).toLowerCase(Locale.ROOT);
    return declaration.contains("encoding=\"utf-16") || declaration.contains("encoding='utf-16");
  }

  private static InputSource reader(byte[] b, int offset, Charset charset) {
    return new InputSource(
        new InputStreamReader(new ByteArrayInputStream(b, offset, b.length - offset), charset));
  }

  private static SAXParserFactory newFactory() {
    SAXParserFactory factory = SAXParserFactory.newInstance();
    factory.setNamespaceAware(false);
    factory.setValidating(false);
    try {
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    } catch (ParserConfigurationException | SAXException e) {
      throw new IllegalStateException("the JDK SAX parser lacks secure-processing features", e);
    }
    return factory;
  }

  private static SAXParser newParser() {
    try {
      return FACTORY.newSAXParser();
    } catch (ParserConfigurationException | SAXException e) {
      throw new IllegalStateException("cannot create a SAX parser", e);
    }
  }
}
