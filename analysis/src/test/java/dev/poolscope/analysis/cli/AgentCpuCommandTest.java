package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import one.profiler.AsyncProfiler;

/**
 * {@code agent-cpu}, what the overhead bench runs for each run's window, over a real async-profiler recording made in
 * this JVM: a thread named as the agent's threads are and an app thread spin side by side.
 */
class AgentCpuCommandTest {
    @TempDir
    Path dir;

    @Test
    void printsTheAgentsShareInTheWindowAsOneJsonLine() throws Exception {
        Path run = dir.resolve("run");
        Files.createDirectories(run.resolve("agent"));
        AtomicBoolean stop = new AtomicBoolean();
        Runnable spin = () -> {
            long x = 0;
            while (!stop.get()) {
                x += System.nanoTime() % 3;
            }
            assertThat(x).isNotNegative();
        };
        Thread agent = new Thread(spin, "poolscope-cli-test");
        Thread app = new Thread(spin, "app");
        long from = System.currentTimeMillis();
        AsyncProfiler.getInstance()
                .execute("start,event=ctimer,interval=10000000,file="
                        + run.resolve("agent/async-profiler.jfr"));
        agent.start();
        app.start();
        Thread.sleep(1200);
        stop.set(true);
        agent.join();
        app.join();
        AsyncProfiler.getInstance().execute("stop");
        long to = System.currentTimeMillis() + 1;

        String[] inWindow = cli("agent-cpu", run.toString(), "--from-ms", Long.toString(from), "--to-ms",
                Long.toString(to));
        assertThat(inWindow[0]).isEqualTo("0");
        assertThat(inWindow[1].lines()).hasSize(1);
        JsonNode line = new ObjectMapper().readTree(inWindow[1]);
        assertThat(line.path("cpu_samples").asLong()).isGreaterThan(40);
        assertThat(line.path("agent_share").asDouble()).as("one of two spinning threads is the agent's")
                .isBetween(0.25, 0.75);
        assertThat(line.path("share_by_part").path("agent_threads").asDouble())
                .isEqualTo(line.path("agent_share").asDouble());

        String[] everything = cli("agent-cpu", run.toString(), "--from-ms", "0", "--to-ms", "9999999999999");
        assertThat(new ObjectMapper().readTree(everything[1]).path("cpu_samples").asLong())
                .as("a window end past a long's nanoseconds is the end of time, not a negative instant")
                .isEqualTo(line.path("cpu_samples").asLong());
        String[] later = cli("agent-cpu", run.toString(), "--from-ms", Long.toString(to + 60_000), "--to-ms",
                Long.toString(to + 120_000));
        assertThat(later[0]).isEqualTo("0");
        assertThat(later[1].strip()).as("no samples then").isEqualTo("null");
    }

    @Test
    void badInputGetsOneLineAndANonZeroExit() {
        String[] missing = cli("agent-cpu", dir.resolve("nothing").toString(), "--from-ms", "1", "--to-ms",
                "2");
        assertThat(missing[0]).isEqualTo("1");
        assertThat(missing[2].strip()).isEqualTo("poolscope-analysis: no such file: "
                + dir.resolve("nothing").resolve("agent").resolve("async-profiler.jfr"));
        String[] backwards = cli("agent-cpu", dir.toString(), "--from-ms", "5", "--to-ms", "5");
        assertThat(backwards[0]).isEqualTo("2");
        assertThat(backwards[2].strip()).isEqualTo("poolscope-analysis: --to-ms must be after --from-ms");
    }

    /** Exit code, stdout, stderr. */
    private static String[] cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AnalysisCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[]{Integer.toString(code), out.toString(), err.toString()};
    }
}
