package dev.apex.cli.suite;

import java.io.ByteArrayInputStream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;

/** Checks JUnit XML as a CI server does: against Jenkins' junit-10.xsd (test resources). */
public final class JunitXmlTestSupport {

  private JunitXmlTestSupport() {}

  /** Fails with the validator's message when {@code xml} is not valid against junit-10.xsd. */
  public static void assertValidAgainstJenkinsSchema(byte[] xml) throws Exception {
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    var schema = factory.newSchema(JunitXmlTestSupport.class.getResource("/junit/junit-10.xsd"));
    schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
  }

  /** The document, with no DTD allowed. */
  public static Document parse(byte[] xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
  }

  /** A folder as JUnit's classname: {@code /tmp/x/flows} is {@code tmp.x.flows}. */
  public static String dotted(String folder) {
    return folder.replaceFirst("^/+", "").replaceFirst("/+$", "").replace('/', '.');
  }
}
