package dev.apex.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * M3's baseline: the least any Java runtime does with a dump — one pass of the JDK's SAX parser
 * over the same bytes, reading every attribute value and building nothing.
 *
 * <p>It is set up as a careful peer would: namespace-unaware, non-validating, secure processing;
 * the parser reused; a UTF-16 byte-order mark decoded first (the JDK parser would otherwise believe
 * the {@code encoding='UTF-8'} declaration devices write over UTF-16); parsing stopped at the end
 * of the root element, so a {@code /dev/tty} trailer is not read. Not thread-safe: one per thread.
 */
final class SaxBaseline {

  private final SAXParser parser;
  private final Handler handler = new Handler();

  SaxBaseline() {
    SAXParserFactory factory = SAXParserFactory.newInstance();
    factory.setNamespaceAware(false);
    factory.setValidating(false);
    try {
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      parser = factory.newSAXParser();
    } catch (ParserConfigurationException | SAXException e) {
      throw new IllegalStateException("cannot set up the JDK SAX parser", e);
    }
  }

  /** Parses {@code xml}; returns a checksum of what it read, for the blackhole. */
  long parse(byte[] xml) {
    handler.reset();
    try {
      parser.parse(source(xml), handler);
    } catch (Stop done) {
      return handler.sum;
    } catch (SAXException e) {
      throw new IllegalArgumentException(
          "the baseline cannot parse the dump: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return handler.sum;
  }

  private static InputSource source(byte[] b) {
    if (b.length >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE) {
      return new InputSource(
          new InputStreamReader(
              new ByteArrayInputStream(b, 2, b.length - 2), StandardCharsets.UTF_16LE));
    }
    if (b.length >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF) {
      return new InputSource(
          new InputStreamReader(
              new ByteArrayInputStream(b, 2, b.length - 2), StandardCharsets.UTF_16BE));
    }
    return new InputSource(new ByteArrayInputStream(b));
  }

  private static final class Stop extends SAXException {
    Stop() {
      super("root element closed");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }

  private static final Stop STOP = new Stop();

  private static final class Handler extends DefaultHandler {
    int depth;
    long sum;

    void reset() {
      depth = 0;
      sum = 0;
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) {
      depth++;
      for (int i = 0, n = attributes.getLength(); i < n; i++) {
        sum += attributes.getQName(i).length() + attributes.getValue(i).length();
      }
    }

    @Override
    public void endElement(String uri, String localName, String qName) throws SAXException {
      if (--depth == 0) {
        throw STOP;
      }
    }
  }
}
