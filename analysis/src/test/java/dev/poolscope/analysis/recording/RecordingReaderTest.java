package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.jfr.ChunkHeader;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.fixtures.SyntheticRun;
import dev.poolscope.format.event.RequestEvent;

class RecordingReaderTest {
    @TempDir
    static Path dir;
    static Path agent;

    @BeforeAll
    static void record() throws Exception {
        SyntheticRun run = new SyntheticRun();
        run.workers = 2;
        run.requestsPerWorker = 2;
        agent = run.write(dir.resolve("run")).runDir().resolve("agent");
    }

    static class Collect implements RecordingListener {
        final List<Events.Request> requests = new ArrayList<>();
        final List<Events.ConnectionWait> waits = new ArrayList<>();
        final List<Events.ThreadWait> parks = new ArrayList<>();
        final List<Events.SchedStat> sched = new ArrayList<>();
        final List<Events.HikariPoolGauge> hikari = new ArrayList<>();

        @Override
        public void request(Events.Request e) {
            requests.add(e);
        }

        @Override
        public void connectionWait(Events.ConnectionWait e) {
            waits.add(e);
        }

        @Override
        public void threadWait(Events.ThreadWait e) {
            parks.add(e);
        }

        @Override
        public void schedStat(Events.SchedStat e) {
            sched.add(e);
        }

        @Override
        public void hikariPool(Events.HikariPoolGauge e) {
            hikari.add(e);
        }
    }

    /** Request-only passes see the requests alone (keys: thread, start, end, id), the same ones the full pass does. */
    @Test
    void requestPassesHandOverTheRequestsAloneBeforeTheFullPass() throws Exception {
        List<String> log = new ArrayList<>();
        RecordingReader reader = new RecordingReader();
        RecordingReader.Source source = reader.open(agent);
        for (int pass = 0; pass < 2; pass++) {
            int p = pass;
            Collect keys = new Collect() {
                @Override
                public void requestPass(Events.Request e) {
                    assertThat(e.method()).as("keys only").isEmpty();
                    log.add(p + ":" + e.requestId() + "@" + e.thread().javaThreadId() + ":" + e.startNanos()
                            + "-"
                            + e.endNanos());
                }
            };
            reader.requests(source, ChunkSink.of(keys));
            assertThat(keys.waits).as("nothing but requests in a request pass").isEmpty();
        }
        Collect c = new Collect();
        reader.readAll(source, ChunkSink.of(c));

        List<String> full = c.requests.stream()
                .map(e -> e.requestId() + "@" + e.thread().javaThreadId() + ":" + e.startNanos() + "-"
                        + e.endNanos())
                .toList();
        assertThat(full).hasSize(4);
        assertThat(log.stream().filter(s -> s.startsWith("0:")).map(s -> s.substring(2)))
                .containsExactlyInAnyOrderElementsOf(full);
        assertThat(log.stream().filter(s -> s.startsWith("1:")).map(s -> s.substring(2)))
                .containsExactlyElementsOf(
                        log.stream().filter(s -> s.startsWith("0:")).map(s -> s.substring(2))
                                .toList());
        assertThat(c.waits).hasSize(4);
    }

    @Test
    void readsContractEventsAndRealParksOnTheSameThread() throws Exception {
        Collect c = new Collect();
        RecordingInfo info = new RecordingReader().read(agent, c);

        assertThat(info.fromRepository()).isFalse();
        assertThat(c.requests).hasSize(4);
        Events.Request first = c.requests.stream().filter(r -> r.requestId().contains("<script>")).findFirst()
                .orElseThrow();
        assertThat(first.uri()).isEqualTo("/api/<script>alert(1)</script>");
        assertThat(first.thread().name()).startsWith("http-nio-8080-exec-");
        assertThat(first.endNanos() - first.startNanos()).isGreaterThanOrEqualTo(70_000_000L);
        assertThat(c.waits).hasSize(4).allSatisfy(w -> {
            assertThat(w.pool()).isEqualTo("HikariPool-1");
            assertThat(w.endNanos() - w.startNanos()).isGreaterThanOrEqualTo(40_000_000L);
        });
        // The JVM's own park events land on the same Java thread id as the ConnectionWait around them.
        Events.ConnectionWait w = c.waits.getFirst();
        assertThat(c.parks).anySatisfy(p -> {
            assertThat(p.kind()).isEqualTo(Events.WaitKind.PARK_OTHER);
            assertThat(p.thread().javaThreadId()).isEqualTo(w.thread().javaThreadId());
        });
        assertThat(c.sched).isNotEmpty().allSatisfy(s -> assertThat(s.cpuNanos()).isPositive());
        assertThat(c.hikari).isNotEmpty().allSatisfy(h -> assertThat(h.max()).isEqualTo(2));
        assertThat(info.count(RequestEvent.NAME)).isEqualTo(4);
    }

    /**
     * The chunk a killed JVM leaves in its repository is never finished (its header's file state is a generation
     * number, not 0): the parser reads it as far as its last flush, which the header describes (3 or 4 of this
     * recording's 4 requests, depending on where JFR's flush fell while the test recorded them), in the request passes
     * as in the main pass, and never waits for it to be finished (the JDK's event stream would).
     */
    @Test
    void requestPassesReadAChunkTheJvmNeverFinished() throws Exception {
        Path chunkDir = Files
                .createDirectories(dir.resolve("unfinished/agent/jfr-repository/2025_11_21_10_00_00_123"));
        Path chunk = chunkDir.resolve("2025_11_21_10_00_00.jfr");
        byte[] bytes = Files.readAllBytes(agent.resolve("recording.jfr"));
        assertThat(ChunkHeader.list(agent.resolve("recording.jfr")).chunks()).allMatch(ChunkHeader::finished);
        bytes[64] = 2;
        Files.write(chunk, bytes);
        assertThat(ChunkHeader.list(chunk).chunks().getLast().finished()).isFalse();
        List<String> passed = new ArrayList<>();
        Collect keys = new Collect() {
            @Override
            public void requestPass(Events.Request e) {
                passed.add(e.requestId());
            }
        };
        Collect c = new Collect();
        RecordingInfo info = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(60), () -> {
                    RecordingReader reader = new RecordingReader();
                    RecordingReader.Source source = reader.open(dir.resolve("unfinished/agent"));
                    reader.requests(source, ChunkSink.of(keys));
                    return reader.readAll(source, ChunkSink.of(c));
                });
        assertThat(info.fromRepository()).isTrue();
        assertThat(passed).containsExactlyInAnyOrderElementsOf(
                c.requests.stream().map(Events.Request::requestId).toList());
        assertThat(c.requests).isNotEmpty().hasSizeLessThanOrEqualTo(4);
        byte[] cut = java.util.Arrays.copyOf(Files.readAllBytes(agent.resolve("recording.jfr")), 100);
        Files.write(chunk, cut);
        assertThat(ChunkHeader.list(chunk).damage()).as("a chunk cut short").contains("cut short");
    }

    @Test
    void fallsBackToRepositoryChunksWhenTheDumpIsMissing() throws Exception {
        Path other = Files
                .createDirectories(dir.resolve("killed/agent/jfr-repository/2025_11_21_10_00_00_123"));
        Files.copy(agent.resolve("recording.jfr"), other.resolve("2025_11_21_10_00_00.jfr"));
        Collect c = new Collect();
        RecordingInfo info = new RecordingReader().read(dir.resolve("killed/agent"), c);
        assertThat(info.fromRepository()).isTrue();
        assertThat(c.requests).hasSize(4);
    }

    @Test
    void fallsBackToChunksWhenTheDumpIsEmptyOrUnreadable() throws Exception {
        // JFR creates recording.jfr empty at start and fills it at exit: after kill -9 it stays empty.
        for (String kind : new String[]{"empty", "garbage"}) {
            Path agentDir = Files.createDirectories(dir.resolve(kind + "-killed/agent"));
            Path chunkDir = Files
                    .createDirectories(agentDir.resolve("jfr-repository/2025_11_21_10_00_00_123/x"));
            Files.copy(agent.resolve("recording.jfr"), chunkDir.resolve("2025_11_21_10_00_00.jfr"));
            if (kind.equals("empty")) {
                Files.createFile(agentDir.resolve("recording.jfr"));
            } else {
                SyntheticRun.writeGarbage(agentDir.resolve("recording.jfr"));
            }
            Collect c = new Collect();
            RecordingInfo info = new RecordingReader().read(agentDir, c);
            assertThat(info.fromRepository()).isTrue();
            assertThat(c.requests).hasSize(4);
            assertThat(info.warnings().getFirst()).startsWith(kind.equals("empty")
                    ? "recording.jfr is empty: read the chunks in jfr-repository/ instead"
                    : "recording.jfr is not a readable JFR recording");
        }
    }

    @Test
    void truncatedRecordingKeepsWhatWasReadOrSaysWhy() throws Exception {
        byte[] all = Files.readAllBytes(agent.resolve("recording.jfr"));
        Path cut = Files.createDirectories(dir.resolve("cut/agent")).resolve("recording.jfr");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length / 2));
        try {
            RecordingInfo info = new RecordingReader().read(cut.getParent(), new Collect());
            assertThat(info.warnings()).singleElement().asString().contains("truncated");
        } catch (RecordingException e) {
            assertThat(e.getMessage()).contains("recording.jfr").doesNotContain("\n");
        }
    }

    @Test
    void nonJfrAndEmptyFilesGiveOneLineErrors() throws Exception {
        Path garbage = dir.resolve("garbage/agent/recording.jfr");
        SyntheticRun.writeGarbage(garbage);
        assertThatThrownBy(() -> new RecordingReader().read(garbage.getParent(), new Collect()))
                .isInstanceOf(RecordingException.class).hasMessageContaining("not a readable JFR recording")
                .hasMessageNotContaining("\n");
        Path empty = Files.createDirectories(dir.resolve("empty/agent")).resolve("recording.jfr");
        Files.createFile(empty);
        assertThatThrownBy(() -> new RecordingReader().read(empty.getParent(), new Collect()))
                .isInstanceOf(RecordingException.class).hasMessageContaining("is empty");
        assertThatThrownBy(() -> new RecordingReader().read(dir.resolve("none/agent"), new Collect()))
                .isInstanceOf(RecordingException.class).hasMessageStartingWith("no recording:");
    }
}
