package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import jdk.jfr.AnnotationElement;
import jdk.jfr.EventType;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.RequestEvent;

/**
 * The request on every JDK event: the lab app with a pool of 2 under 20 concurrent checkouts, so request threads park
 * in HikariCP. On JDK 25+ the JDK's own {@code jfr print}, from the JDK that ran the app, shows the enclosing
 * request's id, method and URI in each {@code jdk.ThreadPark} recorded inside it on its thread, and in no other; on
 * JDK 21–24 {@code poolscope.Request} is recorded exactly as the class is compiled. Runs on the JDK that runs the
 * tests, and on each {@code java} in {@code -Dpoolscope.it.javas=JAVA[,JAVA…]} (e.g. a JDK 21 runtime).
 */
class ContextualIT {
    private static final String CONTEXTUAL = "jdk.jfr.Contextual";
    private static final List<String> CONTEXT_FIELDS = List.of(RequestEvent.REQUEST_ID, RequestEvent.METHOD,
            RequestEvent.URI);
    private static final Pattern CONTEXT = Pattern.compile("^\\s+Context: Request\\.(\\w+) = \"(.*)\"$");

    static Stream<String> javas() {
        List<String> javas = new ArrayList<>(List.of(JvmProcess.java()));
        for (String more : System.getProperty("poolscope.it.javas", "").split(",")) {
            if (!more.isBlank()) {
                javas.add(more.strip());
            }
        }
        return javas.stream();
    }

    @ParameterizedTest
    @MethodSource("javas")
    void jdkToolsShowTheEnclosingRequestBesideEachPark(String java) throws Exception {
        Path runs = Path.of("target", "it", "contextual").toAbsolutePath();
        int feature = JvmProcess.featureVersion(java, runs);
        Path work = runs.resolve("jdk-" + feature);
        LabApp.Load load;
        try (LabApp app = LabApp.startOn(java, work, "asprof=false,console=false", "--pool-size", "2",
                "--connection-timeout", "5000")) {
            // The first checkouts of a cold app take seconds (JIT, Lettuce's lazy connect): warm it first.
            app.drive(2, Duration.ofSeconds(3), "ctx-warm", StarvedPoolIT::checkout);
            load = app.drive(20, Duration.ofSeconds(5), "ctx", StarvedPoolIT::checkout);
            assertEquals(0, app.stop() & ~(128 + 15), "app exits on SIGTERM");
        }
        // Answered, 200 or 503 (the pool's 5 s timeout): either way the request threads parked in HikariCP.
        assertTrue(load.statusById().size() - load.count(0) >= 10,
                "checkouts: " + load.statusById().values());
        Path recording = work.resolve("agent/recording.jfr");

        // Each park's enclosing request as the JDK's parser places it: the request's span on the park's thread
        // holds the park's end (jfr print shows an event when it ends).
        List<RecordedEvent> requests = new ArrayList<>();
        List<RecordedEvent> parks = new ArrayList<>();
        long suppressed = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            switch (e.getEventType().getName()) {
                case RequestEvent.NAME -> requests.add(e);
                case JdkTypes.THREAD_PARK -> parks.add(e);
                case AgentStatusEvent.NAME -> suppressed += e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS);
                default -> {
                }
            }
        }
        assertEquals(0, suppressed, "errors the agent swallowed");
        List<String> enclosing = new ArrayList<>();
        for (RecordedEvent park : parks) {
            enclosing.add(enclosing(park, requests));
        }
        long inside = enclosing.stream().filter(c -> !c.isEmpty()).count();
        assertTrue(inside >= 5, "parks inside a request: " + inside + " of " + parks.size());
        assertTrue(enclosing.stream().filter(c -> !c.isEmpty())
                .allMatch(c -> c.matches("requestId=ctx-[\\w-]+ method=POST uri=/api/checkout")),
                enclosing.toString());

        List<String> printed = printedContexts(java, work, recording);
        assertEquals(parks.size(), printed.size(), "jdk.ThreadPark events printed");
        if (feature >= 25) {
            assertEquals(enclosing.stream().sorted().toList(), printed.stream().sorted().toList(),
                    "the context jfr print shows beside each park");
        } else {
            assertEquals(0, printed.stream().filter(c -> !c.isEmpty()).count(), "no context before JDK 25");
        }

        // The type as recorded: the compiled class's annotations, plus jdk.jfr.Contextual on the three fields from
        // JDK 25 on.
        Map<String, List<String>> expected = annotations(EventType.getEventType(RequestEvent.class));
        if (feature >= 25) {
            for (String field : CONTEXT_FIELDS) {
                expected.get(field).add(CONTEXTUAL);
                expected.get(field).sort(null);
            }
        }
        assertEquals(expected, annotations(recordedType(recording)),
                "poolscope.Request's metadata on JDK " + feature);
    }

    /** The contextual fields of the requests whose span on the park's thread holds its end; empty when none. */
    private static String enclosing(RecordedEvent park, List<RecordedEvent> requests) {
        List<String> contexts = new ArrayList<>();
        for (RecordedEvent r : requests) {
            if (r.getThread().getId() == park.getThread().getId()
                    && !park.getEndTime().isBefore(r.getStartTime())
                    && park.getEndTime().isBefore(r.getEndTime())) {
                List<String> fields = new ArrayList<>();
                for (String f : CONTEXT_FIELDS) {
                    fields.add(f + "=" + r.getString(f));
                }
                contexts.add(String.join(" ", fields));
            }
        }
        return String.join("; ", contexts);
    }

    /** {@code jfr print --events jdk.ThreadPark}, from the JDK that ran the app: the context lines of each park. */
    private static List<String> printedContexts(String java, Path work, Path recording) throws Exception {
        Path jfr = Path.of(java).resolveSibling("jfr");
        Path out = work.resolve("thread-park.txt");
        Process p = new ProcessBuilder(jfr.toString(), "print", "--events", JdkTypes.THREAD_PARK,
                recording.toString()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "jfr print finished");
        assertEquals(0, p.exitValue(), JvmProcess.tail(out));
        List<String> contexts = new ArrayList<>();
        List<String> fields = null;
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            if (line.equals(JdkTypes.THREAD_PARK + " {")) {
                fields = new ArrayList<>();
            } else if (line.equals("}") && fields != null) {
                contexts.add(String.join(" ", fields));
                fields = null;
            } else if (fields != null) {
                Matcher m = CONTEXT.matcher(line);
                if (m.matches()) {
                    fields.add(m.group(1) + "=" + m.group(2));
                }
            }
        }
        return contexts;
    }

    private static EventType recordedType(Path recording) throws IOException {
        try (RecordingFile rf = new RecordingFile(recording)) {
            return rf.readEventTypes().stream().filter(t -> t.getName().equals(RequestEvent.NAME)).findFirst()
                    .orElseThrow(
                            () -> new AssertionError("no " + RequestEvent.NAME + " type in " + recording));
        }
    }

    /** Annotation type names by field, the event's own under "". */
    private static Map<String, List<String>> annotations(EventType type) {
        Map<String, List<String>> out = new TreeMap<>();
        out.put("", names(type.getAnnotationElements()));
        for (ValueDescriptor f : type.getFields()) {
            out.put(f.getName(), names(f.getAnnotationElements()));
        }
        return out;
    }

    private static List<String> names(List<AnnotationElement> annotations) {
        return new ArrayList<>(annotations.stream().map(AnnotationElement::getTypeName).sorted().toList());
    }
}
