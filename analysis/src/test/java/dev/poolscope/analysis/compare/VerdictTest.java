package dev.poolscope.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.recording.RunConfig;

/** The comparison's recommendation on hand-made summaries: exact sentences. */
class VerdictTest {
    /** The first sentence of any comparison whose settings ran once each. */
    static final String FLOOR = "Each setting ran once, so every figure here rests on one run and the comparison cannot"
            + " measure its own spread. Identical runs of thread sweeps on the 2-core build machine,"
            + " shared with other builds, spread by client p99 \u00b137%, throughput \u00b147.3% and server p99"
            + " \u00b153.6% (one standard deviation, docs/lab/sweep-noise.md), so two single runs are"
            + " called different only when further apart than 170% in client p99, 239% in throughput"
            + " and 286% in server p99; --repeat 2 or more measures this machine's own spread.";

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
                FLOOR,
                "Best for the client: no setting; client p99 was within the spread at every setting:"
                        + " threads=20 at 2900 ms (one run) and threads=200 at 3000 ms (one run).",
                "Highest throughput: no setting; throughput was within the spread at every setting:"
                        + " threads=20 at 101 req/s (one run) and threads=200 at 100 req/s (one run).",
                "Best for the server: threads=20, server p99 300 ms (one run), lower than every other"
                        + " setting's by more than the spread. Worst: threads=200, server p99 2500 ms (one run).",
                "Fewer threads cut server time: from threads=200 to threads=20, server p99 fell from"
                        + " 2500 ms to 300 ms.",
                "The client did not see it beyond the spread: client p99 went from 3000 ms to 2900 ms.",
                "In a closed-loop test the waiting moved to the accept queue: per request, mean server"
                        + " time fell by 1300 ms while mean backlog rose by 1250 ms, so mean client time changed"
                        + " by -50 ms.",
                "Recommended worker threads: 19, from the Little's-law arithmetic of threads=20, one of"
                        + " the settings tied for best; per setting: threads=20: 19, threads=200: 20.",
                "No Universal Scalability Law fit: 2 thread counts were measured, and the law has three"
                        + " parameters, so it needs at least four before a fit can be checked against a point it"
                        + " was not forced through.");
        assertThat(v.bestText()).isEqualTo("none beyond the run-to-run spread");
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
                FLOOR,
                "Best for the client: no single setting. threads=32 had the lowest client p99, 300 ms"
                        + " (one run), within the spread of threads=8 at 400 ms (one run). Worst: threads=200,"
                        + " client p99 5000 ms (one run).",
                "Highest throughput: no setting; throughput was within the spread at every setting:"
                        + " threads=8 at 130 req/s (one run), threads=32 at 120 req/s (one run) and threads=200"
                        + " at 100 req/s (one run).",
                "Best for the server: no single setting. threads=8 had the lowest server p99, 150 ms"
                        + " (one run), within the spread of threads=32 at 200 ms (one run). Worst: threads=200,"
                        + " server p99 4000 ms (one run).",
                "Fewer threads cut server time: from threads=200 to threads=32, server p99 fell from"
                        + " 4000 ms to 200 ms.",
                "The client saw it: client p99 fell from 5000 ms to 300 ms.",
                "The time saved on the server was not just moved: per request, mean server time fell by"
                        + " 2400 ms, mean backlog changed by -450 ms and mean client time fell by 2850 ms, so the"
                        + " hold time or CPU queueing fell too.",
                "Recommended worker threads: 14, from the Little's-law arithmetic of threads=32, one of"
                        + " the settings tied for best; per setting: threads=8: 12, threads=32: 14, threads=200:"
                        + " 16.",
                "No Universal Scalability Law fit: 3 thread counts were measured, and the law has three"
                        + " parameters, so it needs at least four before a fit can be checked against a point it"
                        + " was not forced through.");
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
                "Each setting ran once, so every figure here rests on one run and the comparison cannot"
                        + " measure its own spread. Identical runs of thread sweeps on the 2-core build machine,"
                        + " shared with other builds, spread by server p99 \u00b153.6% and throughput \u00b147.3% (one"
                        + " standard deviation, docs/lab/sweep-noise.md), so two single runs are called different"
                        + " only when further apart than 286% in server p99 and 239% in throughput; --repeat 2 or"
                        + " more measures this machine's own spread.",
                "No JMeter results in every run, so settings are ranked by server p99.",
                "Best for the server: pool-size=16, server p99 120 ms (one run), lower than every other"
                        + " setting's by more than the spread. Worst: pool-size=4, server p99 900 ms (one run).",
                "Highest throughput: no setting; throughput was within the spread at every setting:"
                        + " pool-size=4 at 50 req/s (one run) and pool-size=16 at 80 req/s (one run).",
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

    /**
     * seed-003's question at 900 clients: virtual threads were best for the client, and their runs size no worker pool.
     * The platform runs' count is said beside it, not recommended for the best setting.
     */
    @Test
    void whenTheBestSettingRanOnVirtualThreadsNoWorkerCountIsRecommended() throws Exception {
        ObjectMapper m = new ObjectMapper();
        ComparedRun platform = new ComparedRun(Path.of("a"), "false", "virtual-threads=false",
                m.readTree("{\"throughput_rps\":168,\"client_ms\":{\"p99\":5391,\"mean\":4434,\"count\":100},"
                        + "\"server_ms\":{\"p99\":1010,\"mean\":1002,\"count\":100},\"recommended_threads\":899,"
                        + "\"recommendation_kind\":\"workers\",\"primary_cause\":\"worker-pool-saturated\"}"),
                RunConfig.EMPTY, null);
        ComparedRun virtual = new ComparedRun(Path.of("b"), "true", "virtual-threads=true",
                m.readTree("{\"throughput_rps\":688,\"client_ms\":{\"p99\":1433,\"mean\":1130,\"count\":100},"
                        + "\"server_ms\":{\"p99\":1177,\"mean\":1044,\"count\":100},\"recommended_threads\":null,"
                        + "\"recommendation_kind\":\"virtual\",\"primary_cause\":\"healthy\"}"),
                RunConfig.EMPTY, null);
        Verdict v = Verdict.of("virtual-threads", List.of(platform, virtual));
        assertThat(v.best().label()).isEqualTo("virtual-threads=true");
        assertThat(v.sentences()).endsWith("No worker-thread count: the best setting for the client,"
                + " virtual-threads=true, ran on virtual threads, which have no worker pool to size. On platform"
                + " threads the Little's-law arithmetic of virtual-threads=false gives 899; per setting:"
                + " virtual-threads=false: 899, virtual-threads=true: ?.");
        assertThat(v.threads()).isNull();
    }
}
