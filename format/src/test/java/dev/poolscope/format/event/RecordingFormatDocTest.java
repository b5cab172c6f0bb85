package dev.poolscope.format.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Name;
import jdk.jfr.ValueDescriptor;

import org.junit.jupiter.api.Test;

/**
 * docs/reference/recording-format.md is the human side of the contract: it must name every event type and every field the
 * event classes define, and no event type they do not.
 */
class RecordingFormatDocTest {
    /** Fields JFR adds to every event; the page describes them once, not per event. */
    private static final Set<String> IMPLICIT = Set.of("startTime", "duration", "eventThread", "stackTrace");
    private static final Pattern HEADING = Pattern.compile("^### `(poolscope\\.[A-Za-z0-9]+)`");
    private static final Pattern CODE = Pattern.compile("`([A-Za-z]+)`");

    @Test
    void thePageNamesEveryEventAndItsFields() throws IOException {
        Map<String, Set<String>> documented = documentedFields();
        List<Class<? extends Event>> classes = eventClasses();
        assertEquals(15, classes.size(), "the event classes found: " + classes);
        Set<String> names = new TreeSet<>();
        for (Class<? extends Event> c : classes) {
            EventType type = EventType.getEventType(c);
            names.add(type.getName());
            Set<String> fields = documented.get(type.getName());
            assertNotNull(fields,
                    "docs/reference/recording-format.md has no section '### `" + type.getName() + "`'");
            for (ValueDescriptor f : type.getFields()) {
                if (!IMPLICIT.contains(f.getName())) {
                    assertTrue(fields.contains(f.getName()),
                            type.getName() + "." + f.getName()
                                    + " is not in its table in docs/reference/recording-format.md");
                }
            }
        }
        assertEquals(names, documented.keySet(), "the page's sections and the event classes");
    }

    @Test
    void everyFieldIsNamedByItsConstant() throws Exception {
        for (Class<? extends Event> c : eventClasses()) {
            assertEquals(c.getField("NAME").get(null), c.getAnnotation(Name.class).value(), c.getName());
            for (Class<?> k = c; k != Event.class; k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    // JFR adds private fields of its own (startTime, duration, …) to an event class it loads.
                    if (Modifier.isStatic(f.getModifiers()) || Modifier.isPrivate(f.getModifiers())
                            || IMPLICIT.contains(f.getName())) {
                        continue;
                    }
                    Name name = f.getAnnotation(Name.class);
                    assertNotNull(name, k.getSimpleName() + "." + f.getName() + " has no @Name");
                    assertTrue(Modifier.isPublic(f.getModifiers()), k.getSimpleName() + "." + f.getName());
                    boolean constant = false;
                    for (Field s : c.getFields()) {
                        if (Modifier.isStatic(s.getModifiers()) && name.value().equals(s.get(null))) {
                            constant = true;
                        }
                    }
                    assertTrue(constant, c.getSimpleName() + " has no constant for " + name.value());
                }
            }
        }
    }

    /** The section of each poolscope event on the page and the names in backticks in its tables. */
    private static Map<String, Set<String>> documentedFields() throws IOException {
        Path page = Path.of("..", "docs", "reference", "recording-format.md");
        Map<String, Set<String>> out = new LinkedHashMap<>();
        Set<String> current = null;
        for (String line : Files.readAllLines(page)) {
            Matcher h = HEADING.matcher(line);
            if (h.find()) {
                current = new TreeSet<>();
                out.put(h.group(1), current);
            } else if (line.startsWith("#")) {
                current = null;
            } else if (current != null && line.startsWith("| `")) {
                // Only the first column names fields: "| `active`, `idle` | int | meaning |".
                Matcher m = CODE.matcher(line.substring(0, line.indexOf('|', 1)));
                while (m.find()) {
                    current.add(m.group(1));
                }
            }
        }
        assertFalse(out.isEmpty(), "no '### `poolscope.…`' section in " + page);
        return out;
    }

    /** Every concrete event class in this package, found on disk so a new one cannot be left out. */
    @SuppressWarnings("unchecked")
    static List<Class<? extends Event>> eventClasses() throws IOException {
        Path dir;
        try {
            dir = Path.of(RequestEvent.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolve(RequestEvent.class.getPackageName().replace('.', '/'));
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        List<Class<? extends Event>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                String file = p.getFileName().toString();
                if (!file.endsWith(".class") || file.contains("$")) {
                    continue;
                }
                Class<?> c;
                try {
                    c = Class.forName(RequestEvent.class.getPackageName() + "."
                            + file.substring(0, file.length() - ".class".length()));
                } catch (ClassNotFoundException e) {
                    throw new IOException(e);
                }
                if (Event.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
                    out.add((Class<? extends Event>) c);
                }
            }
        }
        return out;
    }
}
