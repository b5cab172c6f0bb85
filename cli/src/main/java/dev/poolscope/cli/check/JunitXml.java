package dev.poolscope.cli.check;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** The outcomes as a JUnit XML report (the format CI servers read): one testcase per condition. */
final class JunitXml {

    private JunitXml() {
    }

    static void write(Path file, String suite, List<Outcome> outcomes) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        long failures = outcomes.stream().filter(o -> !o.holds()).count();
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuite");
            x.writeAttribute("name", suite);
            x.writeAttribute("tests", Integer.toString(outcomes.size()));
            x.writeAttribute("failures", Long.toString(failures));
            x.writeAttribute("errors", "0");
            x.writeAttribute("skipped", "0");
            for (Outcome o : outcomes) {
                x.writeCharacters("\n  ");
                x.writeStartElement("testcase");
                x.writeAttribute("classname", suite);
                x.writeAttribute("name", o.condition());
                if (o.holds()) {
                    x.writeStartElement("system-out");
                    x.writeCharacters(o.detail());
                    x.writeEndElement();
                } else {
                    x.writeStartElement("failure");
                    x.writeAttribute("message", o.detail());
                    x.writeCharacters(o.detail());
                    x.writeEndElement();
                }
                x.writeEndElement();
            }
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
