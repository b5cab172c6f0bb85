package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.fixtures.SyntheticRun;

/** compare over analyzed synthetic runs that differ in --threads, like a sweep's folders. */
class CompareTest {
    @TempDir
    static Path dir;
    static Path t2;
    static Path t8;
    static Path t32;

    @BeforeAll
    static void analyzeThreeSettings() throws Exception {
        t32 = analyzed("threads-0032", 32);
        t2 = analyzed("threads-0002", 2);
        t8 = analyzed("threads-0008", 8);
    }

    static Path analyzed(String name, int threads) throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.workers = 2;
        s.requestsPerWorker = 3;
        s.threadsSetting = threads;
        s.markup = "x";
        Path run = s.write(dir.resolve("sweep").resolve(name)).runDir();
        BadInputTest.Ran r = BadInputTest.cli("analyze", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        return run;
    }

    static JsonNode json(Path file) throws Exception {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Test
    void twoSettingsWithAFlameDiff() throws Exception {
        Path out = dir.resolve("two");
        // async-profiler cannot run in a unit test: give both runs worker wall-clock stacks by hand.
        Files.writeString(t2.resolve("flame-wall.collapsed"),
                "java/lang/Thread.run_[j];app/Orders.get_[j];com/zaxxer/hikari/HikariDataSource.getConnection_[j] 10\n"
                        + "java/lang/Thread.run_[j];app/Orders.get_[j];app/Redis.get_[j] 30\n");
        Files.writeString(t32.resolve("flame-wall.collapsed"),
                "java/lang/Thread.run_[j];app/Orders.get_[j];com/zaxxer/hikari/HikariDataSource.getConnection_[j] 90\n"
                        + "java/lang/Thread.run_[j];app/Orders.get_[j];app/Redis.get_[j] 30\n");
        BadInputTest.Ran r = BadInputTest.cli("compare", "--out", out.toString(), t32.toString(),
                t2.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("threads").contains("client p99")
                .contains("wrote " + out.resolve("compare.html"));

        JsonNode c = json(out.resolve("compare.json"));
        assertThat(c.path("knob").asText()).isEqualTo("threads");
        assertThat(c.path("knob_source").asText()).isEqualTo("run.json");
        assertThat(c.path("runs").findValuesAsText("label")).containsExactly("threads=2", "threads=32");
        JsonNode first = c.path("runs").get(0);
        assertThat(first.path("setting").asInt()).isEqualTo(2);
        assertThat(first.path("status").asText()).isEqualTo("ok");
        for (String f : new String[]{"throughput_rps", "error_rate", "context_switches_per_s",
                "worker_run_delay_share", "worker_run_delay_ms_per_s", "cpu_process", "cpu_machine",
                "gc_pause_ms_total", "heap_used_max_bytes", "heap_used_after_gc_bytes", "live_threads_max",
                "primary_cause", "server_ms_by_cause"}) {
            assertThat(first.has(f)).as(f).isTrue();
        }
        for (String d : new String[]{"client_ms", "server_ms", "pool_wait_ms", "hold_ms", "backlog_ms"}) {
            assertThat(first.path(d).has("p50")).as(d).isTrue();
            assertThat(first.path(d).has("p99")).as(d).isTrue();
        }
        assertThat(first.path("heap_used_after_gc_bytes").asLong()).isEqualTo(50L * 1048576 + 2);
        assertThat(c.path("best").isInt()).isTrue();
        assertThat(c.path("worst").isInt()).isTrue();
        assertThat(c.path("best").asInt()).isNotEqualTo(c.path("worst").asInt());
        assertThat(c.path("recommendation").path("threads").isInt()).isTrue();
        // One run per setting: the verdict says so first and ranks against the build machine's measured spread.
        assertThat(c.path("recommendation").path("sentences").get(0).asText())
                .startsWith("Each setting ran once, so every figure here rests on one run");
        assertThat(c.path("recommendation").path("sentences").get(1).asText())
                .startsWith("Best for the client: ");
        assertThat(c.path("spread").path("client_ms.p99").path("source").asText()).isEqualTo("floor");
        assertThat(c.path("rankings").findValuesAsText("figure")).containsExactly("client_ms.p99",
                "throughput_rps", "server_ms.p99");
        assertThat(c.path("rankings").get(0).path("load").isNull()).isTrue();
        assertThat(c.path("recommendation").path("sentences").findValuesAsText("x")).isEmpty();
        assertThat(c.path("flame_diff").path("file").asText()).isEqualTo("flame-diff.html");

        String html = Files.readString(out.resolve("compare.html"));
        assertThat(html.split("class=\"timeline\"", -1)).hasSize(3);
        assertThat(html).contains("Gap explanation").contains("waiting for a pooled connection")
                .contains("href=\"flame-diff.html\"").contains("worker run delay (ms per s)")
                // Platform threads only: the carriers' rows, which no run has, are left out rather than all n/a.
                .doesNotContain("carrier run delay")
                .doesNotContain("https://").doesNotContain("src=\"http");
        String diff = Files.readString(out.resolve("flame-diff.html"));
        assertThat(diff).contains("getConnection");
        try (var collapsed = dev.poolscope.analysis.flame.CollapsedFiles
                .open(out.resolve("flame-diff.collapsed.gz"))) {
            assertThat(collapsed.lines()).anyMatch(l -> l.contains("HikariDataSource.getConnection"));
        }
    }

    @Test
    void threeSettingsAMissingRunAndMarkupInAFolderName() throws Exception {
        Path broken = Files.createDirectories(dir.resolve("sweep").resolve("<img src=x onerror=alert(1)>"));
        BadInputTest.Ran r = BadInputTest.cli("compare", t8.toString(), broken.toString(), t2.toString(),
                t32.toString());
        assertThat(r.code()).as(r.err()).isZero();
        Path out = dir.resolve("sweep");
        JsonNode c = json(out.resolve("compare.json"));
        assertThat(c.path("runs").findValuesAsText("status")).containsExactly("ok", "ok", "ok",
                "not compared");
        assertThat(c.path("runs").get(3).path("problem").asText()).contains("no summary.json");
        String html = Files.readString(out.resolve("compare.html"));
        assertThat(html.split("class=\"timeline\"", -1)).hasSize(4);
        assertThat(html).doesNotContain("<img src=x").contains("&lt;img src=x onerror=alert(1)&gt;")
                .contains("Not compared");
        assertThat(r.err()).contains("Not compared").doesNotContain("\tat ");
        // The diff needs async-profiler samples; synthetic runs without them get a note, not a failure.
        assertThat(c.path("flame_diff").path("note").asText()).isNotEmpty();
    }

    @Test
    void sweepJsonNamesTheKnobAndTheFailedSetting() throws Exception {
        Path out = dir.resolve("sweep");
        Files.writeString(out.resolve("sweep.json"), """
                {"knob":"threads","values":[2,8,64],"runs":[
                 {"threads":2,"dir":"%s","status":"ok"},{"threads":8,"dir":"%s","status":"ok"},
                 {"threads":64,"dir":"%s","status":"failed","error":"the app did not start"}]}
                """.formatted(t2, t8, out.resolve("threads-0064")));
        try {
            BadInputTest.Ran r = BadInputTest.cli("compare", "--out", out.toString(), t8.toString(),
                    t2.toString());
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode c = json(out.resolve("compare.json"));
            assertThat(c.path("knob_source").asText()).isEqualTo("sweep.json");
            assertThat(c.path("runs").findValuesAsText("label")).containsExactly("threads=2", "threads=8",
                    "threads=64");
            assertThat(c.path("runs").get(2).path("problem").asText())
                    .isEqualTo("the sweep marked it failed: the app did not start");
        } finally {
            Files.delete(out.resolve("sweep.json"));
        }
    }

    @Test
    void aMovedSweepFolderFindsItsRunsBesideSweepJsonByName() throws Exception {
        Path out = dir.resolve("sweep");
        // Written where the sweep first ran; the folder has since been copied here.
        Files.writeString(out.resolve("sweep.json"), """
                {"knobs":["threads"],"runs":[
                 {"name":"threads-0002","setting":{"threads":"2"},"dir":"/gone/threads-0002","status":"ok"},
                 {"name":"threads-0008","setting":{"threads":"8"},"dir":"/gone/threads-0008","status":"ok"}]}
                """);
        try {
            BadInputTest.Ran r = BadInputTest.cli("compare", "--out", out.toString(), t8.toString(),
                    t2.toString());
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode c = json(out.resolve("compare.json"));
            assertThat(c.path("knob_source").asText()).isEqualTo("sweep.json");
            assertThat(c.path("runs").findValuesAsText("label")).containsExactly("threads=2", "threads=8");
            assertThat(c.path("runs").findValuesAsText("status")).containsExactly("ok", "ok");
        } finally {
            Files.delete(out.resolve("sweep.json"));
        }
    }

    @Test
    void fewerThanTwoUsableRunsIsAOneLineError() throws Exception {
        BadInputTest.Ran one = BadInputTest.cli("compare", "--out", dir.resolve("one").toString(),
                t2.toString(),
                dir.resolve("nope").toString());
        BadInputTest.assertOneLineError(one, "compare needs at least 2 analyzed runs, found 1");
        assertThat(one.err()).contains("does not exist");
        assertThat(dir.resolve("one/compare.html")).doesNotExist();
    }
}
