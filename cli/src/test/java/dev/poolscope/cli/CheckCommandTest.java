package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code check} over a real summary.json: the analysis of a lab-app run where connections were held across a slow
 * call (client p99 2969 ms, error rate 0, pool wait p99 2810.705 ms, pool-starvation 96, connection-held 93).
 */
class CheckCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;
    private Path run;

    @BeforeEach
    void capture(@TempDir Path tmp) throws Exception {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true));
        System.setErr(new PrintStream(err, true));
        run = tmp.resolve("held-across-call");
        Files.createDirectories(run);
        try (var in = getClass().getResourceAsStream("/check/held-across-call/summary.json")) {
            Files.copy(in, run.resolve("summary.json"));
        }
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    private int check(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "check";
        all[1] = run.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return PoolscopeCli.execute(all);
    }

    @Test
    void passesWhenEveryConditionHolds() {
        assertThat(
                check("--max", "client_p99=3s", "--max", "error_rate=0.01", "--max", "pool_wait_p99=2811ms",
                        "--forbid", "redis-slow,gc-pressure"))
                .isZero();
        assertThat(out.toString().trim()).isEqualTo("poolscope check: all 5 conditions hold");
    }

    @Test
    void failsWithOneLinePerBrokenCondition(@TempDir Path tmp) throws Exception {
        Path xml = tmp.resolve("reports/check.xml");
        assertThat(check("--max", "client_p99=800ms", "--max", "error_rate=1%", "--max", "pool_wait_p99=50ms",
                "--forbid", "pool-starvation,connection-held,redis-slow", "--junit", xml.toString()))
                .isEqualTo(1);
        assertThat(out.toString().lines().toList()).containsExactly(
                "BROKEN  max client_p99=800ms: client_p99 = 2969 ms, above 800ms",
                "BROKEN  max pool_wait_p99=50ms: pool_wait_p99 = 2810.705 ms, above 50ms",
                "BROKEN  forbid pool-starvation: pool-starvation diagnosed (score 96 of 100, WARNING): Pool starvation:"
                        + " requests spent 88.6% of server time waiting for a pooled connection (mean 1289 ms per"
                        + " request, getConnection p99 2811 ms); all connections were out with threads waiting in 76%"
                        + " of pool samples, at most 36 threads waiting, 0 getConnection timeouts.",
                "BROKEN  forbid connection-held: connection-held diagnosed (score 93 of 100, WARNING): Connections"
                        + " held across non-database work: 70.2% of the time a connection was borrowed its thread"
                        + " waited for something else (2.9% for Redis); hold p50 146 ms, p99 242 ms. Check"
                        + " open-in-view and calls made inside transactions.");

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suite = doc.getDocumentElement();
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("tests")).isEqualTo("6");
        assertThat(suite.getAttribute("failures")).isEqualTo("4");
        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(6);
        Element errorRate = (Element) cases.item(1);
        assertThat(errorRate.getAttribute("name")).isEqualTo("max error_rate=1%");
        assertThat(errorRate.getElementsByTagName("failure").getLength()).isZero();
        Element client = (Element) cases.item(0);
        assertThat(((Element) client.getElementsByTagName("failure").item(0)).getAttribute("message"))
                .isEqualTo("client_p99 = 2969 ms, above 800ms");
    }

    @Test
    void badUsageIsOneLineAndExitTwo(@TempDir Path tmp) {
        assertUsage(check("--max", "client_p90=800ms"),
                "poolscope: unknown field 'client_p90' for --max: use a"
                        + " summary.json number such as client_p99, error_rate, pool_wait_p99 (docs/reference/summary-json.md lists them)");
        assertUsage(check("--max", "client_p99=800"),
                "poolscope: client_p99 is a time: write its limit with ms or s (800ms, 1.5s), got '800'");
        assertUsage(check("--max", "client_p99"),
                "poolscope: --max must look like FIELD=LIMIT (client_p99=800ms), got 'client_p99'");
        assertUsage(check("--forbid", "pool-starvaton"),
                "poolscope: unknown rule 'pool-starvaton' for --forbid:"
                        + " this run's rules are pool-starvation, connection-held, cpu-oversubscription, redis-slow,"
                        + " lock-contention, gc-pressure, worker-pool-saturated, backlog-queueing, handoff-spin,"
                        + " vthread-pinning, healthy");
        assertUsage(check(), "poolscope: give at least one --max FIELD=LIMIT or --forbid RULE");
        assertUsage(PoolscopeCli.execute("check", tmp.resolve("missing").toString(), "--max", "error_rate=0"),
                "poolscope: no run folder " + tmp.resolve("missing"));
        assertUsage(PoolscopeCli.execute("check", tmp.toString(), "--max", "error_rate=0"),
                "poolscope: no summary.json in " + tmp + ": analyse the run first (./poolscope analyze " + tmp
                        + ")");
    }

    private void assertUsage(int exit, String line) {
        String text = err.toString().trim();
        assertThat(exit).as(text).isEqualTo(2);
        assertThat(text).isEqualTo(line);
        assertThat(out.toString()).isEmpty();
        err.reset();
    }
}
