package dev.poolscope.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.recording.RunConfig;

/** The comparison's recommendation on hand-made summaries: exact sentences. */
class VerdictTest {
    static ComparedRun run(int threads, double rps, double clientP99, double clientMean, double serverP99,
            double serverMean, double backlogMean, int recommended) throws Exception {
        String json = """
                {"throughput_rps":%s,"client_ms":{"p99":%s,"mean":%s,"count":100},
                 "server_ms":{"p99":%s,"mean":%s,"count":100},"backlog_ms":{"mean":%s,"count":100},
                 "recommended_threads":%d}
                """.formatted(rps, clientP99, clientMean, serverP99, serverMean, backlogMean, recommended);
        return new ComparedRun(Path.of("threads-" + threads), Integer.toString(threads), "threads=" + threads,
                new ObjectMapper().readTree(json), RunConfig.EMPTY, null);
    }

    @Test
    void fewerThreadsMovedTheWaitingIntoTheAcceptQueue() throws Exception {
        Verdict v = Verdict.of("threads", List.of(run(20, 101, 2900, 1950, 300, 200, 1750, 19),
                run(200, 100, 3000, 2000, 2500, 1500, 500, 20)));
        assertThat(v.sentences()).containsExactly(
                "Best for the client: threads=20 (client p99 2900 ms, 101 req/s). Worst: threads=200 (client p99 3000 ms, 100 req/s).",
                "Best for the server: threads=20 (server p99 300 ms; worst threads=200 at 2500 ms).",
                "Fewer threads cut server time: from threads=200 to threads=20, server p99 fell from 2500 ms to 300 ms.",
                "The client did not see it: client p99 went from 3000 ms to 2900 ms.",
                "In a closed-loop test the waiting moved to the accept queue: per request, mean server time fell by 1300 ms"
                        + " while mean backlog rose by 1250 ms, so mean client time changed by -50 ms.",
                "Recommended worker threads: 19, from the Little's-law arithmetic of threads=20, the best setting for the"
                        + " client; per run: threads=20: 19, threads=200: 20.");
        assertThat(v.best().label()).isEqualTo("threads=20");
        assertThat(v.worst().label()).isEqualTo("threads=200");
        assertThat(v.threads()).isEqualTo(19);
        assertThat(v.rankedBy()).isEqualTo("client_ms.p99");
    }

    @Test
    void threeSettingsWhereFewerThreadsReallyHelped() throws Exception {
        Verdict v = Verdict.of("threads",
                List.of(run(8, 130, 400, 200, 150, 80, 120, 12), run(32, 120, 300, 150, 200, 100, 50, 14),
                        run(200, 100, 5000, 3000, 4000, 2500, 500, 16)));
        assertThat(v.sentences()).containsExactly(
                "Best for the client: threads=32 (client p99 300 ms, 120 req/s). Worst: threads=200 (client p99 5000 ms, 100 req/s).",
                "Highest throughput: threads=8 (130 req/s).",
                "Best for the server: threads=8 (server p99 150 ms; worst threads=200 at 4000 ms).",
                "Fewer threads cut server time: from threads=200 to threads=32, server p99 fell from 4000 ms to 200 ms.",
                "The client saw it: client p99 fell from 5000 ms to 300 ms.",
                "The time saved on the server was not just moved: per request, mean server time fell by 2400 ms, mean"
                        + " backlog changed by -450 ms and mean client time fell by 2850 ms, so the hold time or CPU"
                        + " queueing fell too.",
                "Recommended worker threads: 14, from the Little's-law arithmetic of threads=32, the best setting for the"
                        + " client; per run: threads=8: 12, threads=32: 14, threads=200: 16.",
                // Throughput falls from 8 threads on: the fit finds the work serial (sigma 1) and says so.
                "Universal Scalability Law fitted to throughput over threads: contention \u03c3 = 1, coherency"
                        + " \u03ba = 0.0016, \u03bb = 129 req/s per thread; throughput peaks at N = \u221a((1 \u2212"
                        + " \u03c3) / \u03ba) = 1.",
                "From the fit: 1 threads, the smallest count reaching 95% of the best predicted throughput up to 800"
                        + " threads; predicted 129 req/s there.",
                "Predicted against measured: threads 8: measured 130 req/s, predicted 128 req/s (-1.5%); threads 32:"
                        + " measured 120 req/s, predicted 123 req/s (+2.8%); threads 200: measured 100 req/s, predicted"
                        + " 98.4 req/s (-1.6%).");
        assertThat(v.bestThroughput().label()).isEqualTo("threads=8");
        assertThat(v.bestServer().label()).isEqualTo("threads=8");
    }

    @Test
    void withoutClientDataRunsAreRankedByServerTime() throws Exception {
        ObjectMapper m = new ObjectMapper();
        ComparedRun a = new ComparedRun(Path.of("a"), "4", "pool-size=4",
                m.readTree(
                        "{\"throughput_rps\":50,\"server_ms\":{\"p99\":900},\"recommended_threads\":null}"),
                RunConfig.EMPTY, null);
        ComparedRun b = new ComparedRun(Path.of("b"), "16", "pool-size=16",
                m.readTree(
                        "{\"throughput_rps\":80,\"server_ms\":{\"p99\":120},\"recommended_threads\":null}"),
                RunConfig.EMPTY, null);
        Verdict v = Verdict.of("pool-size", List.of(a, b));
        assertThat(v.sentences()).containsExactly(
                "No JMeter results in every run, so runs are ranked by server p99. Best: pool-size=16 (120 ms). Worst:"
                        + " pool-size=4 (900 ms).",
                "Best for the server: pool-size=16 (server p99 120 ms; worst pool-size=4 at 900 ms).",
                "No recommended thread count: no run had the numbers for it.");
        assertThat(v.threads()).isNull();
    }

    @Test
    void whenEveryRunRecommendsNoChangeTheVerdictSaysSo() throws Exception {
        ObjectMapper m = new ObjectMapper();
        ComparedRun a = new ComparedRun(Path.of("a"), "tomcat", "server=tomcat",
                m.readTree("{\"throughput_rps\":1391,\"server_ms\":{\"p99\":17},\"recommended_threads\":null,"
                        + "\"recommendation_kind\":\"none\",\"primary_cause\":\"healthy\"}"),
                RunConfig.EMPTY, null);
        ComparedRun b = new ComparedRun(Path.of("b"), "jetty", "server=jetty",
                m.readTree("{\"throughput_rps\":1236,\"server_ms\":{\"p99\":13},\"recommended_threads\":null,"
                        + "\"recommendation_kind\":\"none\",\"primary_cause\":\"lock-contention\"}"),
                RunConfig.EMPTY, null);
        Verdict v = Verdict.of("server", List.of(a, b));
        assertThat(v.sentences()).endsWith(
                "No thread-count change recommended: every run's own diagnosis recommends none (server=tomcat: healthy,"
                        + " server=jetty: lock-contention).");
        assertThat(v.threads()).isNull();
    }
}
