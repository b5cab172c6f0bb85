package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.JdkTypes;

/** The agent never harms a host: plain programs, bad options, unwritable folders, old JDKs, kill -9. */
class PlainHostIT {
    private static final Path WORK = Path.of("target", "it", "plain").toAbsolutePath();
    private static final String CLASSES = Path.of("target", "test-classes").toAbsolutePath().toString();

    private static List<String> agentLines(JvmProcess p) throws Exception {
        return p.stderrLines().stream().filter(l -> l.startsWith("[poolscope-agent]")).toList();
    }

    @Test
    void aPlainProgramRunsAndExitsNormallyAndLeavesARecording() throws Exception {
        Path dir = WORK.resolve("normal");
        JvmProcess.clean(dir);
        Path out = dir.resolve("agent");
        try (JvmProcess p = JvmProcess.start(dir, JvmProcess.javaWithAgent("out=" + out, "-cp", CLASSES,
                PlainHost.class.getName(), "4000"))) {
            assertEquals(0, p.awaitExit(Duration.ofSeconds(60)), JvmProcess.tail(p.stderr));
            assertTrue(p.stdoutLines().contains("plain host done true"));
            List<String> agent = agentLines(p);
            assertEquals(1, agent.size(), "one start line, no console lines without requests: " + agent);
            assertTrue(agent.get(0).contains("recording to " + out), agent.get(0));
            assertFalse(String.join("\n", p.stderrLines()).contains("WARNING"),
                    "no JDK warnings caused by the agent");
            // The HTTP hooks' bridge joins the boot class path only once the JDK's HttpClient is loaded.
            assertFalse(String.join("\n", p.stderrLines()).contains("bootstrap classpath has been appended"),
                    String.join("\n", p.stderrLines()));
        }
        Map<String, List<RecordedEvent>> events = Recordings.byType(out.resolve("recording.jfr"));
        assertTrue(events.containsKey(AgentStatusEvent.NAME), events.keySet().toString());
        assertTrue(events.containsKey(JdkTypes.CPU_LOAD), events.keySet().toString());
        // The host's own work, sampled while it ran, by async-profiler's CPU timer. Not JFR's jdk.ExecutionSample:
        // JDK 25's sampler took 1 to 112 samples of this 4 s, three-quarters busy main in runs here, and none of
        // a 1.5 s main in one CI run.
        long hostSamples = Recordings.byType(out.resolve("async-profiler.jfr"))
                .getOrDefault(JdkTypes.EXECUTION_SAMPLE, List.of()).stream()
                .filter(e -> e.getStackTrace() != null && e.getStackTrace().getFrames().stream()
                        .anyMatch(f -> f.getMethod().getType().getName().equals(PlainHost.class.getName())))
                .count();
        assertTrue(hostSamples >= 20, "async-profiler's CPU samples in PlainHost: " + hostSamples);
        assertTrue(events.get(AgentStatusEvent.NAME).stream()
                .allMatch(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS) == 0));
        String metadata = Files.readString(out.resolve("metadata.json"));
        assertFalse(metadata.contains("\"endEpochMillis\": null"), metadata);
        assertTrue(metadata.contains("\"server\": null"), metadata);
        assertTrue(metadata.contains("\"loaded\": true, \"events\": \"ctimer,wall\""),
                "async-profiler loads on this machine, with its per-thread CPU timer: " + metadata);
        assertTrue(metadata.matches("(?s).*\"recordingStartEpochMillis\": \\d+,.*"), metadata);
        assertTrue(metadata.matches("(?s).*\"error\": null, \"startEpochMillis\": \\d+ }.*"), metadata);
    }

    /**
     * async-profiler fails on the agent's starter thread, after premain has returned (its native library cannot
     * be unpacked into a java.io.tmpdir that does not exist): one line, JFR alone, and the host, whose main is
     * shorter than the agent's start, runs and exits normally with its JDK recording complete.
     */
    @Test
    void aFailureOnTheStarterThreadLeavesJfrAloneAndTheHostUnharmed() throws Exception {
        Path dir = WORK.resolve("starter-failure");
        JvmProcess.clean(dir);
        Path out = dir.resolve("agent");
        try (JvmProcess p = JvmProcess.start(dir, JvmProcess.javaWithAgent("out=" + out,
                "-Djava.io.tmpdir=" + dir.resolve("no-such-dir"), "-cp", CLASSES, PlainHost.class.getName(),
                "200"))) {
            assertEquals(0, p.awaitExit(Duration.ofSeconds(60)), JvmProcess.tail(p.stderr));
            assertTrue(p.stdoutLines().contains("plain host done true"));
            List<String> agent = agentLines(p);
            assertEquals(2, agent.size(), agent.toString());
            assertTrue(agent.get(0).contains("async-profiler did not load, recording with JFR alone"),
                    agent.get(0));
            assertTrue(agent.get(1).contains("recording to " + out + " (JFR + hooks)"), agent.get(1));
        }
        String metadata = Files.readString(out.resolve("metadata.json"));
        assertTrue(metadata.contains("\"loaded\": false"), metadata);
        assertTrue(metadata.contains("\"startEpochMillis\": null }"), metadata);
        assertTrue(metadata.contains("\"suppressedErrors\": 0"), metadata);
        assertFalse(metadata.contains("\"recordingStartEpochMillis\": null"), metadata);
        Map<String, List<RecordedEvent>> events = Recordings.byType(out.resolve("recording.jfr"));
        assertTrue(events.containsKey(AgentStatusEvent.NAME), events.keySet().toString());
        assertTrue(events.containsKey(JdkTypes.JVM_INFORMATION), events.keySet().toString());
        assertFalse(Files.exists(out.resolve("async-profiler.jfr")));
    }

    @Test
    void malformedOptionsGiveOneWarningAndDefaults() throws Exception {
        Path dir = WORK.resolve("malformed");
        JvmProcess.clean(dir);
        Path out = dir.resolve("agent");
        try (JvmProcess p = JvmProcess.start(dir, JvmProcess.javaWithAgent(
                "out=" + out + ",wallInterval=soon,bogus=1,noequals,asprof=false", "-cp", CLASSES,
                PlainHost.class.getName(), "300"))) {
            assertEquals(0, p.awaitExit(Duration.ofSeconds(60)));
            assertTrue(p.stdoutLines().contains("plain host done true"));
            List<String> warnings = agentLines(p).stream().filter(l -> l.contains("options:")).toList();
            assertEquals(1, warnings.size(), agentLines(p).toString());
            assertTrue(warnings.get(0).contains("wallInterval=soon") && warnings.get(0).contains("bogus")
                    && warnings.get(0).contains("noequals"), warnings.get(0));
        }
        String metadata = Files.readString(out.resolve("metadata.json"));
        assertTrue(metadata.contains("\"wallInterval\": \"20ms\""), metadata);
        assertTrue(metadata.contains("\"loaded\": false"), metadata);
    }

    @Test
    void anUnwritableFolderGivesOneWarningAndTheHostRunsUnprofiled() throws Exception {
        Path dir = WORK.resolve("unwritable");
        JvmProcess.clean(dir);
        Files.createDirectories(dir);
        // A path below a regular file cannot be created, even by root.
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        try (JvmProcess p = JvmProcess.start(dir,
                JvmProcess.javaWithAgent("out=" + file.resolve("agent"), "-cp",
                        CLASSES, PlainHost.class.getName(), "300"))) {
            assertEquals(0, p.awaitExit(Duration.ofSeconds(60)));
            assertTrue(p.stdoutLines().contains("plain host done true"));
            List<String> agent = agentLines(p);
            assertEquals(1, agent.size(), agent.toString());
            assertTrue(agent.get(0).contains("cannot write to"), agent.get(0));
        }
    }

    @Test
    void onAJdkOlderThan21TheAgentStepsAsideInOneLine() throws Exception {
        Path oldJava = javaOnPath();
        assumeTrue(oldJava != null, "no java on PATH");
        Path dir = WORK.resolve("old-jdk");
        JvmProcess.clean(dir);
        int spec = JvmProcess.featureVersion(oldJava.toString(), dir);
        assumeTrue(spec < 21, "the java on PATH is " + spec + ", not older than 21");
        Path source = Files.writeString(dir.resolve("Hello.java"),
                "public class Hello { public static void main(String[] a) { System.out.println(\"hello from \""
                        + " + Runtime.version().feature()); } }");
        Path out = dir.resolve("agent");
        try (JvmProcess p = JvmProcess.start(dir,
                List.of(oldJava.toString(), "-javaagent:" + JvmProcess.agentJar() + "=out=" + out,
                        source.toString()))) {
            assertEquals(0, p.awaitExit(Duration.ofSeconds(60)), JvmProcess.tail(p.stderr));
            assertEquals(List.of("hello from " + spec), p.stdoutLines());
            List<String> agent = agentLines(p);
            assertEquals(1, agent.size(), agent.toString());
            assertTrue(agent.get(0).contains("older than 21"), agent.get(0));
            assertEquals(1, p.stderrLines().size(), "nothing else on stderr: " + p.stderrLines());
        }
        assertFalse(Files.exists(out), "nothing recorded on an old JDK");
    }

    @Test
    void afterKillMinus9TheChunksInTheRepositoryAreReadable() throws Exception {
        Path dir = WORK.resolve("kill9");
        JvmProcess.clean(dir);
        Path out = dir.resolve("agent");
        try (JvmProcess p = JvmProcess.start(dir, JvmProcess.javaWithAgent("out=" + out, "-cp", CLASSES,
                PlainHost.class.getName(), "60000"))) {
            p.awaitStdout("plain host started", Duration.ofSeconds(60));
            // The recording starts beside the host's main: wait for it, then for JFR's flushes (about once a
            // second).
            p.awaitStderr("recording to .*started in", Duration.ofSeconds(60));
            Thread.sleep(4_000);
            p.process.destroyForcibly();
            p.awaitExit(Duration.ofSeconds(30));
        }
        Path dump = out.resolve("recording.jfr");
        assertTrue(!Files.exists(dump) || Files.size(dump) == 0, "killed: no dump, only chunks");
        List<Path> chunks;
        try (Stream<Path> s = Files.walk(out.resolve("jfr-repository"))) {
            chunks = s.filter(f -> f.toString().endsWith(".jfr")).toList();
        }
        assertFalse(chunks.isEmpty(), "chunks left in the repository");
        List<String> types = new ArrayList<>();
        for (Path chunk : chunks) {
            try (RecordingFile rf = new RecordingFile(chunk)) {
                while (rf.hasMoreEvents()) {
                    types.add(rf.readEvent().getEventType().getName());
                }
            } catch (IOException unfinished) {
                // The chunk being written at the kill: readable up to JFR's last flush, then this.
                assertTrue(unfinished.getMessage().contains("locked"), unfinished.toString());
            }
        }
        assertTrue(types.contains(JdkTypes.CPU_LOAD),
                "periodic JDK events are in the chunks: " + types.size());
        assertTrue(types.contains(AgentStatusEvent.NAME), "the agent's own events are in the chunks");
    }

    private static Path javaOnPath() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path java = Path.of(dir, "java");
            if (Files.isExecutable(java)) {
                return java;
            }
        }
        return null;
    }
}
