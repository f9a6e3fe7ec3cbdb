import java.io.StringReader;
import java.io.StringWriter;
import javax.xml.transform.Templates;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

/** A real workload for xalan (the interpretive processor): an XSLT transform of a generated document. */
public class XalanWorkload {
    static final String XSL = "<xsl:stylesheet version='1.0' xmlns:xsl='http://www.w3.org/1999/XSL/Transform'>"
            + "<xsl:output method='text'/>"
            + "<xsl:template match='/'>"
            + "<xsl:for-each select='orders/order[@qty &gt; 3]'><xsl:sort select='@id' data-type='number' order='descending'/>"
            + "<xsl:if test='position() &lt;= 5'><xsl:value-of select='@id'/>:<xsl:value-of select='concat(name, \"/\", @qty * 2)'/>;</xsl:if>"
            + "</xsl:for-each>"
            + " total=<xsl:value-of select='sum(orders/order/@qty)'/>"
            + " count=<xsl:value-of select='count(orders/order[starts-with(name, \"n1\")])'/>"
            + "</xsl:template></xsl:stylesheet>";

    public static void main(String[] args) throws TransformerException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        StringBuilder xml = new StringBuilder("<orders>");
        for (int i = 0; i < n; i++) {
            xml.append("<order id='").append(i).append("' qty='").append(i % 9).append("'><name>n")
                    .append(i % 31).append("</name></order>");
        }
        xml.append("</orders>");
        TransformerFactory f = new org.apache.xalan.processor.TransformerFactoryImpl();
        Templates t = f.newTemplates(new StreamSource(new StringReader(XSL)));
        String last = "";
        for (int r = 0; r < rounds; r++) {
            Transformer tr = t.newTransformer();
            StringWriter out = new StringWriter();
            tr.transform(new StreamSource(new StringReader(xml.toString())), new StreamResult(out));
            last = out.toString();
        }
        System.out.println(last);
    }
}
