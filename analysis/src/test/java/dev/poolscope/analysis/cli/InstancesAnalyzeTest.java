package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.fixtures.SyntheticRun;

/**
 * Two instances of one service, each recorded by its own agent (agent-1/, agent-2/), and one .jtl merged from two
 * JMeter engines (distributed mode: a hostname column, rows of both engines out of order): one report with both
 * instances, each sample joined to the instance that served it.
 */
class InstancesAnalyzeTest {

    @Test
    void twoAgentFoldersAndAMergedJtlGiveOneReport(@TempDir Path dir) throws Exception {
        SyntheticRun a = new SyntheticRun();
        a.markup = "home";
        a.idTag = "a-";
        SyntheticRun b = new SyntheticRun();
        b.markup = "home";
        b.idTag = "b-";
        b.workers = 2;
        b.requestsPerWorker = 3;
        Path ra = a.write(dir.resolve("a")).runDir();
        Path rb = b.write(dir.resolve("b")).runDir();
        Path run = Files.createDirectories(dir.resolve("two"));
        Files.move(ra.resolve("agent"), run.resolve("agent-1"));
        Files.move(rb.resolve("agent"), run.resolve("agent-2"));
        List<String> la = Files.readAllLines(ra.resolve("jmeter/results.jtl"), StandardCharsets.UTF_8);
        List<String> lb = Files.readAllLines(rb.resolve("jmeter/results.jtl"), StandardCharsets.UTF_8);
        List<String> merged = new ArrayList<>();
        merged.add(la.getFirst() + ",hostname");
        // The controller writes rows as engines send them: not in time order.
        for (String row : lb.subList(1, lb.size())) {
            merged.add(row + ",engine-2");
        }
        for (String row : la.subList(1, la.size()).reversed()) {
            merged.add(row + ",engine-1");
        }
        // A sample no instance served: the balancer refused the connection.
        String first = la.get(1);
        merged.add(first.substring(0, first.indexOf(',')) + ",3,GET orders,Non HTTP response code:"
                + " java.net.ConnectException,refused,Thread Group 1-9,text,false,,0,0,3,3,"
                + "http://127.0.0.1:8080/api/orders/0,0,0,3,refused-1,engine-1");
        Files.createDirectories(run.resolve("jmeter"));
        Files.write(run.resolve("jmeter/results.jtl"), merged, StandardCharsets.UTF_8);

        BadInputTest.Ran r = BadInputTest.cli("analyze", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("(2 instances)");
        JsonNode s = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(s.path("requests").asLong()).isEqualTo(18);
        assertThat(s.path("client_samples").asLong()).isEqualTo(19);
        assertThat(s.path("server_ms").path("count").asLong()).isEqualTo(18);
        assertThat(s.path("error_rate").asDouble()).isEqualTo(0.053);
        assertThat(s.path("join").path("matched").asLong()).isEqualTo(18);
        assertThat(s.path("join").path("client_only").asLong()).isEqualTo(1);
        JsonNode instances = s.path("instances");
        assertThat(instances).hasSize(2);
        JsonNode i1 = instances.get(0);
        JsonNode i2 = instances.get(1);
        assertThat(i1.path("name").asText()).isEqualTo("agent-1");
        assertThat(i2.path("name").asText()).isEqualTo("agent-2");
        assertThat(i1.path("requests").asLong()).isEqualTo(12);
        assertThat(i1.path("client_samples").asLong()).isEqualTo(12);
        assertThat(i1.path("join").path("matched").asLong()).isEqualTo(12);
        assertThat(i1.path("join").path("client_only").asLong()).isZero();
        assertThat(i2.path("requests").asLong()).isEqualTo(6);
        assertThat(i2.path("client_samples").asLong()).isEqualTo(6);
        assertThat(i2.path("error_rate").asDouble()).isZero();
        assertThat(i1.path("report").asText()).isEqualTo("report-agent-1.html");
        // Server time by cause adds up: the service's is the sum of its instances'.
        s.path("server_ms_by_cause").properties().forEach(e -> assertThat(e.getValue().asDouble())
                .isCloseTo(i1.path("server_ms_by_cause").path(e.getKey()).asDouble()
                        + i2.path("server_ms_by_cause").path(e.getKey()).asDouble(),
                        org.assertj.core.data.Offset.offset(0.002)));
        // Per-JVM signals: the service's CPU and GC pauses are its JVMs' added up.
        assertThat(s.path("cpu_process").asDouble()).isCloseTo(
                i1.path("cpu_process").asDouble() + i2.path("cpu_process").asDouble(),
                org.assertj.core.data.Offset.offset(0.002));
        assertThat(s.path("gc_pause_ms_total").asDouble()).isCloseTo(
                i1.path("gc_pause_ms_total").asDouble() + i2.path("gc_pause_ms_total").asDouble(),
                org.assertj.core.data.Offset.offset(0.002));
        assertThat(s.path("server_ms").path("max").asDouble()).isEqualTo(
                Math.max(i1.path("server_ms").path("max").asDouble(),
                        i2.path("server_ms").path("max").asDouble()));
        String p1 = i1.path("primary_cause").asText();
        String p2 = i2.path("primary_cause").asText();
        assertThat(p1).isNotEmpty();
        assertThat(p2).isNotEmpty();
        if (p1.equals(p2)) {
            assertThat(s.path("primary_cause").asText()).isEqualTo(p1);
            assertThat(s.path("instances_sentence").asText())
                    .isEqualTo("All 2 instances have the same primary cause: " + p1 + ".");
        }
        String html = Files.readString(run.resolve("report.html"));
        assertThat(html).contains("id=\"instances\"").contains("report-agent-2.html").contains("all (merged)")
                .doesNotContain("id=\"threads\"");
        assertThat(run.resolve("report-agent-1.html")).exists();
        assertThat(run.resolve("report-agent-2.html")).exists();
    }

    @Test
    void instancesWhoseClientsStoppedSendingAreCutTogetherWhereTheLastRequestWasSent(@TempDir Path dir)
            throws Exception {
        // Two instances under 10.5 s of load each, one .jtl: the last sample sent waited 2 s more for its answer,
        // a drain of more than 5 % of the run, the same instant for both instances.
        Path run = Files.createDirectories(dir.resolve("two"));
        List<String> rows = new ArrayList<>();
        for (String tag : List.of("a", "b")) {
            SyntheticRun r = new SyntheticRun();
            r.markup = "home";
            r.idTag = tag + "-";
            r.workers = 1;
            r.requestsPerWorker = 105;
            Path d = r.write(dir.resolve(tag)).runDir();
            Files.move(d.resolve("agent"), run.resolve("agent-" + (rows.isEmpty() ? 1 : 2)));
            List<String> lines = Files.readAllLines(d.resolve("jmeter/results.jtl"), StandardCharsets.UTF_8);
            if (rows.isEmpty()) {
                rows.add(lines.getFirst());
            }
            rows.addAll(lines.subList(1, lines.size()));
        }
        int last = 1;
        for (int k = 1; k < rows.size(); k++) {
            if (start(rows.get(k)) > start(rows.get(last))) {
                last = k;
            }
        }
        String[] f = rows.get(last).split(",", -1);
        f[1] = Long.toString(Long.parseLong(f[1]) + 2000);
        rows.set(last, String.join(",", f));
        Files.createDirectories(run.resolve("jmeter"));
        Files.write(run.resolve("jmeter/results.jtl"), rows, StandardCharsets.UTF_8);

        BadInputTest.Ran r = BadInputTest.cli("analyze", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode s = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        // The window ends where the server started the last request sent: 30 ms later (SyntheticRun's backlog), so it
        // is counted and joined.
        assertThat(s.path("window_end_ms").asLong()).isBetween(start(rows.get(last)) + 30,
                start(rows.get(last)) + 100);
        assertThat(s.path("join").path("client_only").asLong()).isZero();
        // Each instance's summary says what was left out, read back through the format module's record.
        for (JsonNode instance : s.path("instances")) {
            dev.poolscope.format.summary.Summary own = new ObjectMapper().treeToValue(instance,
                    dev.poolscope.format.summary.Summary.class);
            assertThat(own.steadyState().drainS()).as(instance.path("name").asText()).isGreaterThan(1.5);
            assertThat(own.windowEndMs()).isEqualTo(s.path("window_end_ms").asLong());
        }
        List<String> drains = new ArrayList<>();
        s.path("notes").forEach(n -> {
            if (n.asText().contains("were the clients' drain: no client sent a request in them")) {
                drains.add(n.asText());
            }
        });
        // Both instances left the drain out: said once when their sentences agree, else once each, with its name.
        assertThat(drains).as(s.path("notes").toString()).hasSizeBetween(1, 2);
    }

    private static long start(String jtlRow) {
        return Long.parseLong(jtlRow.substring(0, jtlRow.indexOf(',')));
    }
}
