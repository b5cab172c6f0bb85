package dev.poolscope.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.poolscope.analysis.recording.RunConfig;

/** The seed's table beside ours: matched by knob values, in the seed's unit, and explained. */
class BesideTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static Cell cell(String vt, String vus, double rps, double clientMs, double serverMs, double backlogMs,
            Double workers, double allBusy, String cause) {
        ObjectNode s = JSON.createObjectNode();
        s.put("throughput_rps", rps);
        s.putObject("client_ms").put("mean", clientMs).put("count", 1000);
        s.putObject("server_ms").put("mean", serverMs);
        s.putObject("backlog_ms").put("mean", backlogMs);
        s.put("cpu_process", 0.2);
        s.put("cpu_machine", 0.5);
        s.put("duration_s", 12.0);
        s.put("startup_ms", 15000);
        ObjectNode pool = s.putObject("worker_pool");
        if (workers == null) {
            pool.putNull("max");
        } else {
            pool.put("max", workers);
        }
        pool.put("all_busy_share", allBusy);
        s.put("primary_cause", cause);
        Map<String, String> setting = new LinkedHashMap<>();
        setting.put("virtual-threads", vt);
        setting.put("vus", vus);
        return Cell
                .of(List.of(new ComparedRun(Path.of(vt + vus), null, "virtual-threads=" + vt + ", vus=" + vus,
                        s, RunConfig.EMPTY, null, setting, 1)), "client_ms.p99");
    }

    static List<Cell> cells() {
        List<Cell> c = new ArrayList<>();
        c.add(cell("false", "100", 95, 1050, 1002, 48, 200.0, 0.0, "healthy"));
        c.add(cell("false", "900", 196, 4590, 1003, 3580, 200.0, 0.97, "backlog-queueing"));
        c.add(cell("true", "100", 96, 1040, 1002, 38, null, 0, "healthy"));
        c.add(cell("true", "900", 600, 1280, 1010, 270, null, 0, "healthy"));
        return c;
    }

    static final String EXPERIMENT = """
            {"name":"seed-003","explain":"capacity","tables":[
             {"title":"Mean response time (s)","columns":[{"label":"100","setting":{"vus":"100"}},
               {"label":"900","setting":{"vus":"900"}},{"label":"2700","setting":{"vus":"2700"}}],
              "rows":[{"label":"Tomcat","setting":{"server":"tomcat","virtual-threads":"false"},
                       "figure":"client_ms.mean","unit":"s","seed":[1.40,5.26,14.40]},
                      {"label":"Tomcat-VT","setting":{"server":"tomcat","virtual-threads":"true"},
                       "figure":"client_ms.mean","unit":"s","seed":[1.33,1.87,7.55]},
                      {"label":"Netty","setting":{"stack":"reactive"},
                       "figure":"client_ms.mean","unit":"s","seed":[1.0,null,2.0]}],
              "unavailable":[{"setting":{"stack":"reactive"},"reason":"not run: no spans yet"}]}]}
            """;

    @Test
    void oursIsMatchedByTheVariedKnobsAndShownInTheSeedsUnit(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("experiment.json"), EXPERIMENT);
        Beside b = Beside.read(dir, List.of("virtual-threads", "vus"), cells());
        Beside.Table t = b.tables().getFirst();
        assertThat(t.columns()).containsExactly("100", "900", "2700");
        Beside.Row tomcat = t.rows().getFirst();
        assertThat(tomcat.entries()).extracting(Beside.Entry::seed).containsExactly(1.40, 5.26, 14.40);
        assertThat(tomcat.entries()).extracting(Beside.Entry::ours).containsExactly(1.05, 4.59, null);
        assertThat(tomcat.entries().get(1).cause()).isEqualTo("backlog-queueing");
        assertThat(tomcat.entries().get(2).note()).isEqualTo("not in this run's matrix");
        assertThat(tomcat.entries().get(2).oursText()).isEqualTo("not run");
        Beside.Row netty = t.rows().get(2);
        assertThat(netty.entries()).allSatisfy(e -> {
            assertThat(e.ours()).isNull();
            assertThat(e.note()).isEqualTo("not run: no spans yet");
        });
        assertThat(netty.entries().get(1).seedText()).isEqualTo("–");
        assertThat(Beside.scale("startup_ms", "s")).isEqualTo(1e-3);
        assertThat(Beside.scale("idle_heap_used_bytes", "MB")).isEqualTo(1.0 / 1048576);
        assertThat(Beside.scale("duration_s", "s")).isEqualTo(1);
    }

    @Test
    void theExplanationSaysWhyFromTheMeasurements(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("experiment.json"), EXPERIMENT);
        List<String> knobs = List.of("virtual-threads", "vus");
        Beside b = Beside.read(dir, knobs, cells());
        List<String> s = new Explain(knobs, cells(), 2).sentences("capacity", b);
        assertThat(s).containsExactly(
                "virtual-threads=false, vus=900: 200 platform workers, each held by a request for 1003 ms, cap"
                        + " throughput near 200 / 1 s = 199 req/s; it measured 196 req/s, so the other clients waited in"
                        + " the accept queue: mean backlog 3580 ms of the 4590 ms the client saw, every worker busy in"
                        + " 97% of the pool's gauge samples.",
                "At that rate 1000 requests need at least 5 s; the load took 12 s.",
                "virtual-threads=true, vus=900: virtual threads have no worker cap: 900 clients each waiting 1010 ms"
                        + " allow 891 req/s, and it measured 600 req/s (67.3% of that), client mean 1280 ms.",
                "It fell short: each request took 1010 ms on the server and waited 270 ms in the accept queue, and by"
                        + " Little's law only 768 of the 900 clients were waiting on the server at a time (600 req/s x"
                        + " 1.28 s of client time): the rest were inside JMeter between requests, on a machine 50% busy"
                        + " (the app 20% of it).",
                "At 900 clients, virtual threads took the client's mean from 4590 ms to 1280 ms (600 against 196"
                        + " req/s).",
                "Beside the seed (Mean response time (s)): 3 of 4 published cells are within 25% of ours.",
                "The largest difference is Tomcat-VT at 900: 1.28 against the seed's 1.87 s (0.684 times); there the"
                        + " primary cause was healthy, the machine's CPUs were 50% busy, and this machine has 2 cores"
                        + " that JMeter shares with the app.",
                "Ranked best to worst at 900, the seed's rows and ours are in the same order (Tomcat-VT, Tomcat).");
    }

    static Cell server(String name, double rps, double startupMs, int threads, double heapMiB, int classes) {
        ObjectNode s = JSON.createObjectNode();
        s.put("throughput_rps", rps);
        s.putObject("client_ms").put("mean", 10 / rps * 1000).put("count", 3000);
        s.put("cpu_process", 0.4);
        s.put("cpu_machine", 0.9);
        s.put("startup_ms", startupMs);
        s.put("idle_live_threads", threads);
        s.put("idle_heap_used_bytes", heapMiB * 1048576);
        s.put("idle_classes_loaded", classes);
        s.put("idle_rss_bytes", 400 * 1048576.0);
        s.put("primary_cause", "cpu-oversubscription");
        return Cell
                .of(List.of(new ComparedRun(Path.of(name), name, "server=" + name, s, RunConfig.EMPTY, null,
                        Map.of("server", name), 1)), "client_ms.p99");
    }

    @Test
    void aFootprintExplanationNamesTheExtremesAndTheNoise() {
        List<Cell> cells = List.of(server("tomcat", 900, 15000, 31, 102, 19678),
                server("jetty", 1000, 14000, 25, 95, 19500), server("undertow", 950, 16000, 20, 80, 19640));
        assertThat(new Explain(List.of("server"), cells, 2).sentences("footprint", null)).containsExactly(
                "Start-up, from the JVM's start to the first served request, took 14000 ms (server=jetty) to 16000 ms"
                        + " (server=undertow).",
                "At idle right after start, server=undertow ran the fewest threads (20) and server=tomcat the most"
                        + " (31); heap in use 80 to 102 MiB, loaded classes 19500 to 19678, resident set 400 to 400 MiB.",
                "server=jetty served the most (1000 req/s) and server=tomcat the least (900 req/s), 11.1% apart.",
                "Each setting ran once: identical runs on the 2-core build machine spread by \u00b147.3%"
                        + " (docs/lab/sweep-noise.md), so read differences under 239% as noise (--repeat measures"
                        + " the spread here).",
                "In 3 of 3 settings the machine's CPUs were at least 85% busy (90 to 90%; the app 40 to 40% of the"
                        + " machine, the rest JMeter and the system): there CPU, not threads, set the pace.");
    }
}
