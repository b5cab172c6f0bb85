package dev.poolscope.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.poolscope.analysis.recording.RunConfig;

/**
 * The verdict knows its own noise: ties inside the run-to-run spread, rankings only at equal load, no advice below
 * the pool size of a pool-bound service, and no fitted curve where the points cannot carry one. Hand-made summaries,
 * exact sentences.
 */
class NoiseVerdictTest {
    static final ObjectMapper JSON = new ObjectMapper();

    /** One run of a setting: throughput, client p99, server p99, its primary cause and pool size. */
    static ComparedRun run(Map<String, String> setting, int repeat, double rps, double clientP99,
            double serverP99,
            String cause, int pool) {
        ObjectNode s = JSON.createObjectNode();
        s.put("throughput_rps", rps);
        s.putObject("client_ms").put("p99", clientP99).put("mean", clientP99 / 2).put("count", 1000);
        s.putObject("server_ms").put("p99", serverP99).put("mean", serverP99 / 3).put("count", 1000);
        s.putObject("backlog_ms").put("mean", clientP99 / 2 - serverP99 / 3).put("count", 1000);
        s.put("primary_cause", cause);
        s.put("pool_size", pool);
        s.put("recommended_threads", 13);
        List<String> parts = new ArrayList<>();
        setting.forEach((k, v) -> parts.add(k + "=" + v));
        String label = String.join(", ", parts);
        return new ComparedRun(Path.of(label.replace(", ", "_") + "-" + repeat),
                setting.size() == 1 ? setting.values().iterator().next() : null, label, s, RunConfig.EMPTY,
                null,
                setting, repeat);
    }

    static Map<String, String> threads(int n) {
        return Map.of("threads", Integer.toString(n));
    }

    static Map<String, String> at(String server, int vus) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("server", server);
        m.put("vus", Integer.toString(vus));
        return m;
    }

    /**
     * A service capped by its 10 connections, two interleaved rounds, the second on a busier machine: below the pool (8
     * threads) throughput falls; from 16 threads on it is the pool's, and the client's p99 moves within the noise;
     * server time grows with threads.
     */
    static List<Cell> poolCapped() {
        List<ComparedRun> runs = new ArrayList<>();
        runs.add(run(threads(8), 1, 150, 3300, 120, "worker-pool-saturated", 10));
        runs.add(run(threads(16), 1, 191, 3500, 310, "backlog-queueing", 10));
        runs.add(run(threads(64), 1, 190, 3380, 950, "pool-starvation", 10));
        runs.add(run(threads(200), 1, 193, 4650, 2500, "pool-starvation", 10));
        runs.add(run(threads(8), 2, 136, 3750, 140, "worker-pool-saturated", 10));
        runs.add(run(threads(16), 2, 172, 3600, 345, "backlog-queueing", 10));
        runs.add(run(threads(64), 2, 178, 3820, 1100, "pool-starvation", 10));
        runs.add(run(threads(200), 2, 170, 5300, 2900, "pool-starvation", 10));
        return Cell.of(runs);
    }

    @Test
    void roundsThatEverySettingRanInAreTakenOutOfTheSpread() {
        Spread sp = Spread.of(poolCapped(), "client_ms.p99");
        // Two rounds: each setting's round-2 minus round-1 log difference d_i; the residual variance is
        // Σ (d_i − mean d)² / (2 (settings − 1)), with (settings − 1)(rounds − 1) = 3 degrees of freedom.
        double[] d = {Math.log(3750.0 / 3300), Math.log(3600.0 / 3500), Math.log(3820.0 / 3380),
                Math.log(5300.0 / 4650)};
        double mean = java.util.Arrays.stream(d).average().orElseThrow();
        double ss = java.util.Arrays.stream(d).map(x -> (x - mean) * (x - mean)).sum();
        assertThat(sp.byRound()).isTrue();
        assertThat(sp.sd()).isCloseTo(Math.sqrt(ss / 6), within(1e-12));
        assertThat(sp.df()).isEqualTo(3);
        // t(0.975, 3) = 3.182; two settings of two rounds each: √(1/2 + 1/2) = 1.
        assertThat(sp.margin(2, 2)).isCloseTo(Math.expm1(3.182 * sp.sd()), within(1e-12));
    }

    @Test
    void withoutCommonRoundsTheSpreadIsEachSettingsRunsAroundTheirOwnMean() {
        // 8 threads ran three times, 16 twice (one of its runs failed, say), 32 once: no common rounds.
        double[][] p99 = {{3300, 3500, 3400}, {3000, 3300}, {3100}};
        int[] counts = {8, 16, 32};
        List<ComparedRun> runs = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            for (int r = 0; r < p99[i].length; r++) {
                runs.add(run(threads(counts[i]), r + 1, 150, p99[i][r], 120, "healthy", 10));
            }
        }
        Spread sp = Spread.of(Cell.of(runs), "client_ms.p99");
        double[] a = {Math.log(3300), Math.log(3500), Math.log(3400)};
        double ma = java.util.Arrays.stream(a).average().orElseThrow();
        double ss = java.util.Arrays.stream(a).map(x -> (x - ma) * (x - ma)).sum()
                + Math.pow(Math.log(3000.0 / 3300), 2) / 2;
        assertThat(sp.byRound()).isFalse();
        assertThat(sp.df()).isEqualTo(3);
        assertThat(sp.sd()).isCloseTo(Math.sqrt(ss / 3), within(1e-12));
        assertThat(sp.runs()).isEqualTo(5);
        assertThat(sp.settings()).isEqualTo(2);
        assertThat(Spread.of(List.of(Cell.of(List.of(runs.getFirst()), "client_ms.p99")), "client_ms.p99")
                .measured()).as("a single run has no spread of its own").isFalse();
    }

    @Test
    void aPoolCappedSweepCallsItsNearEqualSettingsATieAndAdvisesNothingBelowThePool() {
        Verdict v = Verdict.of(List.of("threads"), poolCapped());
        assertThat(v.sentences()).containsExactly(
                "Run-to-run spread, one standard deviation once each interleaved round's common shift is taken"
                        + " out (4 settings in 2 rounds): client p99 ±3.6%, throughput ±1.8% and server p99 ±1.5%."
                        + " Settings are compared round by round and called different only when their mean per-round ratio"
                        + " is further from 1 than 11.8% in client p99, 5.9% in throughput and 5% in server p99, a gap"
                        + " that noise of this size leaves less than once in twenty comparisons; closer ones are ties.",
                "Best for the client: no single setting. threads=8 had the lowest client p99, 3525 ms (2 runs,"
                        + " 3300–3750), within the spread of threads=16 at 3550 ms (2 runs, 3500–3600) and threads=64 at"
                        + " 3600 ms (2 runs, 3380–3820). Worst: threads=200, client p99 4975 ms (2 runs, 4650–5300).",
                "Highest throughput: no single setting. threads=64 had the highest throughput, 184 req/s (2"
                        + " runs, 178–190), within the spread of threads=16 at 182 req/s (2 runs, 172–191) and threads=200"
                        + " at 182 req/s (2 runs, 170–193). Worst: threads=8, throughput 143 req/s (2 runs, 136–150).",
                "Best for the server: threads=8, server p99 130 ms (2 runs, 120–140), lower than every other"
                        + " setting's by more than the spread. Worst: threads=200, server p99 2700 ms (2 runs, 2500–2900).",
                "threads=8 ran fewer worker threads (8) than the pool has connections (10) while the runs were"
                        + " pool-bound (pool-starvation in threads=64 and threads=200): it cannot use every connection, so"
                        + " it is not advised however it ranked.",
                "Fewer threads cut server time: from threads=200 to threads=16, server p99 fell from 2700 ms to"
                        + " 328 ms.",
                "The client saw it: client p99 fell from 4975 ms to 3550 ms.",
                "The time saved on the server was not just moved: per request, mean server time fell by 791 ms,"
                        + " mean backlog changed by +78.3 ms and mean client time fell by 713 ms, so the hold time or CPU"
                        + " queueing fell too.",
                "Recommended worker threads: 13, from the Little's-law arithmetic of threads=16, one of the"
                        + " settings tied for best; per setting: threads=8: 13, threads=16: 13, threads=64: 13,"
                        + " threads=200: 13.",
                "No Universal Scalability Law fit: the best one misses threads 16 by 5.3% (182 req/s measured,"
                        + " 172 predicted), more than the spread allows (4.1%), so the law does not describe this sweep.");
        assertThat(v.bestText()).isEqualTo("a tie of threads=8; threads=16; threads=64");
        assertThat(v.threadsFrom().label()).isEqualTo("threads=16");
    }

    @Test
    void compareJsonCarriesTheSpreadAndTheTies() {
        List<Cell> cells = poolCapped();
        List<ComparedRun> runs = new ArrayList<>();
        cells.forEach(c -> runs.addAll(c.runs()));
        Verdict v = Verdict.of(List.of("threads"), cells);
        ObjectNode root = new CompareJson().build(new RunSet(List.of("threads"), "sweep.json", runs), v, null,
                null);
        assertThat(root.path("spread").path("client_ms.p99").path("source").asText()).isEqualTo("repeats");
        assertThat(root.path("spread").path("client_ms.p99").path("df").asInt()).isEqualTo(3);
        assertThat(root.path("spread").path("client_ms.p99").path("sd_share").asDouble()).isEqualTo(0.0357);
        assertThat(root.path("rankings").get(0).toString()).isEqualTo(
                "{\"load\":null,\"figure\":\"client_ms.p99\",\"best\":8,\"best_runs\":2,\"tied\":[16,64],"
                        + "\"worst\":200}");
        assertThat(root.path("best").asInt()).isEqualTo(8);
        assertThat(root.path("recommendation").path("from").asInt()).as("not below the pool").isEqualTo(16);
    }

    @Test
    void singleRunsCloserThanTheMeasuredFloorAreATie() throws Exception {
        List<ComparedRun> runs = List.of(run(threads(12), 1, 210, 2510, 200, "backlog-queueing", 10),
                run(threads(24), 1, 212, 2600, 480, "pool-starvation", 10),
                run(threads(48), 1, 209, 2580, 2900, "pool-starvation", 10));
        Verdict v = Verdict.of("threads", runs);
        assertThat(v.sentences()).containsExactly(
                VerdictTest.FLOOR,
                "Best for the client: no setting; client p99 was within the spread at every setting:"
                        + " threads=12 at 2510 ms (one run), threads=24 at 2600 ms (one run) and threads=48 at"
                        + " 2580 ms (one run).",
                "Highest throughput: no setting; throughput was within the spread at every setting:"
                        + " threads=12 at 210 req/s (one run), threads=24 at 212 req/s (one run) and threads=48"
                        + " at 209 req/s (one run).",
                "Best for the server: no single setting. threads=12 had the lowest server p99, 200 ms"
                        + " (one run), within the spread of threads=24 at 480 ms (one run). Worst: threads=48,"
                        + " server p99 2900 ms (one run).",
                "Fewer threads cut server time: from threads=48 to threads=12, server p99 fell from"
                        + " 2900 ms to 200 ms.",
                "The client did not see it beyond the spread: client p99 went from 2580 ms to 2510 ms.",
                "In a closed-loop test the waiting moved to the accept queue: per request, mean server"
                        + " time fell by 900 ms while mean backlog rose by 865 ms, so mean client time changed by"
                        + " -35 ms.",
                "Recommended worker threads: 13, from the Little's-law arithmetic of threads=12, one of"
                        + " the settings tied for best; per setting: threads=12: 13, threads=24: 13, threads=48:"
                        + " 13.",
                "No Universal Scalability Law fit: 3 thread counts were measured, and the law has three"
                        + " parameters, so it needs at least four before a fit can be checked against a point it"
                        + " was not forced through.");
        assertThat(v.bestText()).isEqualTo("none beyond the run-to-run spread");
    }

    @Test
    void aMatrixRanksOnlySettingsAtTheSameLoad() {
        List<ComparedRun> runs = new ArrayList<>();
        for (int r = 1; r <= 2; r++) {
            // At 100 clients every setting is quick; at 900 tomcat's workers cap it and jetty's did not.
            runs.add(run(at("tomcat", 100), r, 95 + r, 1040 + 10 * r, 1010 + r, "healthy", 10));
            runs.add(run(at("tomcat", 900), r, 190 + 3 * r, 5200 + 100 * r, 1020 - r, "worker-pool-saturated",
                    10));
            runs.add(run(at("jetty", 100), r, 96 - r, 1060 - 10 * r, 1012 + 2 * r, "healthy", 10));
            runs.add(run(at("jetty", 900), r, 560 + r, 1900 + 30 * r, 1100 + 5 * r, "healthy", 10));
        }
        Verdict v = Verdict.of(List.of("server", "vus"), Cell.of(runs));
        // tomcat at 100 clients has the lowest client p99 of all, and is never called best: it ran at a ninth of the load.
        assertThat(v.sentences()).containsExactly(
                "Run-to-run spread, one standard deviation once each interleaved round's common shift is taken"
                        + " out (4 settings in 2 rounds): client p99 ±0.90%, throughput ±0.81% and server p99 ±0.16%."
                        + " Settings are compared round by round and called different only when their mean per-round ratio"
                        + " is further from 1 than 2.9% in client p99, 2.6% in throughput and 0.52% in server p99, a gap"
                        + " that noise of this size leaves less than once in twenty comparisons; closer ones are ties.",
                "The settings ran at 2 different loads (vus): each is ranked only against the settings at the"
                        + " same load.",
                "At vus=100: Best for the client: no setting; client p99 was within the spread at every setting:"
                        + " server=tomcat, vus=100 at 1055 ms (2 runs, 1050–1060) and server=jetty, vus=100 at 1045 ms (2"
                        + " runs, 1040–1050).",
                "At vus=100: Highest throughput: no setting; throughput was within the spread at every setting:"
                        + " server=tomcat, vus=100 at 96.5 req/s (2 runs, 96–97) and server=jetty, vus=100 at 94.5 req/s"
                        + " (2 runs, 94–95).",
                "At vus=100: Best for the server: no setting; server p99 was within the spread at every setting:"
                        + " server=tomcat, vus=100 at 1012 ms (2 runs, 1011–1012) and server=jetty, vus=100 at 1015 ms (2"
                        + " runs, 1014–1016).",
                "At vus=900: Best for the client: server=jetty, vus=900, client p99 1945 ms (2 runs, 1930–1960),"
                        + " lower than every other setting's by more than the spread. Worst: server=tomcat, vus=900,"
                        + " client p99 5350 ms (2 runs, 5300–5400).",
                "At vus=900: Highest throughput: server=jetty, vus=900, throughput 562 req/s (2 runs, 561–562),"
                        + " higher than every other setting's by more than the spread. Worst: server=tomcat, vus=900,"
                        + " throughput 195 req/s (2 runs, 193–196).",
                "At vus=900: Best for the server: server=tomcat, vus=900, server p99 1019 ms (2 runs,"
                        + " 1018–1019), lower than every other setting's by more than the spread. Worst: server=jetty,"
                        + " vus=900, server p99 1108 ms (2 runs, 1105–1110).",
                "Recommended worker threads: 13, from the Little's-law arithmetic of server=jetty, vus=900, the"
                        + " best setting for the client; per setting: server=tomcat, vus=900: 13, server=jetty, vus=900:"
                        + " 13.");
        assertThat(v.best().label()).isEqualTo("server=jetty, vus=900");
        assertThat(v.worst().label()).isEqualTo("server=tomcat, vus=900");
    }

    @Test
    void aSweepOverLoadAloneRanksNothing() {
        List<ComparedRun> runs = new ArrayList<>();
        for (int vus : new int[]{100, 500, 900}) {
            runs.add(run(Map.of("vus", Integer.toString(vus)), 1, vus / 5.0, vus * 4, 1000, "healthy", 10));
        }
        Verdict v = Verdict.of(List.of("vus"), Cell.of(runs));
        assertThat(v.sentences()).containsSequence(
                "The settings differ only in load (vus), so none is ranked against another: each load's figures are"
                        + " in the table.",
                "Recommended worker threads: 13, from the Little's-law arithmetic of vus=900, the last load; per"
                        + " setting: vus=900: 13.");
        assertThat(v.rankings()).isEmpty();
        assertThat(v.best()).isSameAs(v.worst());
    }

    /** Two rounds of each thread count, throughput from {@code rps}, with a few percent of noise that is not the round's. */
    static List<Cell> sweep(java.util.function.IntToDoubleFunction rps, String cause, int pool,
            int... counts) {
        List<ComparedRun> runs = new ArrayList<>();
        for (int r = 1; r <= 2; r++) {
            for (int n : counts) {
                double noise = 1 + 0.02 * Math.sin(7.0 * n + 3 * r);
                runs.add(run(threads(n), r, rps.applyAsDouble(n) * noise * (r == 2 ? 0.95 : 1), 900, 100,
                        cause, pool));
            }
        }
        return Cell.of(runs);
    }

    @Test
    void aFitIsNotShownOnThreeThreadCounts() {
        List<Cell> cells = sweep(n -> 400.0 * n / (n + 6), "healthy", 10, 4, 16, 64);
        assertThat(UslFit.sentences(cells, Spread.of(cells, "throughput_rps"), null)).containsExactly(
                "No Universal Scalability Law fit: 3 thread counts were measured, and the law has three"
                        + " parameters, so it needs at least four before a fit can be checked against a point it was not"
                        + " forced through.");
    }

    @Test
    void aFitIsNotShownOnFlatPoints() {
        // A lock serialises the work: a few percent between counts, all of it noise.
        List<Cell> cells = sweep(n -> 210 + n % 5, "lock-contention", 10, 4, 16, 64, 256);
        assertThat(UslFit.sentences(cells, Spread.of(cells, "throughput_rps"), null)).containsExactly(
                "No Universal Scalability Law fit: throughput stayed within the spread from 4 to 256 threads (205"
                        + " to 209 req/s), so there is no curve to fit; the thread count did not set the throughput.");
    }

    @Test
    void aFitThatWouldAdviseFewerThreadsThanThePoolIsRaisedToThePoolSize() {
        UslFit truth = new UslFit(60, 0.2, 0.0005);
        List<Cell> cells = sweep(truth::predict, "pool-starvation", 20, 2, 4, 8, 32, 64);
        assertThat(UslFit.sentences(cells, Spread.of(cells, "throughput_rps"), PoolFloor.of(cells)))
                .containsExactly(
                        "Universal Scalability Law fitted to throughput over threads: contention \u03c3 = 0.20, coherency \u03ba ="
                                + " 0.00051, \u03bb = 58.4 req/s per thread; throughput peaks at N = \u221a((1 \u2212 \u03c3) / \u03ba) = 39.8.",
                        "From the fit: 20 threads, the pool size, because the runs were pool-bound (pool-starvation in"
                                + " threads=2, threads=4, threads=8, threads=32 and threads=64) and fewer threads cannot use every"
                                + " connection; the fit alone gives 19, the smallest count between 2 and 64 reaching 95% of the"
                                + " best predicted throughput. Predicted 235 req/s at 20.",
                        "Predicted against measured: threads 2: measured 97.3 req/s, predicted 97.3 req/s (0%); threads"
                                + " 4: measured 146 req/s, predicted 146 req/s (-0.12%); threads 8: measured 193 req/s, predicted"
                                + " 193 req/s (+0.12%); threads 32: measured 244 req/s, predicted 243 req/s (-0.06%); threads 64:"
                                + " measured 240 req/s, predicted 240 req/s (0%).");
    }

    @Test
    void aFitThatMissesAKneeIsNotShown() {
        // A hard cap (10 connections × 20 ms) is a corner, not the law's smooth curve.
        List<Cell> cells = sweep(n -> Math.min(n, 10) * 50.0, "pool-starvation", 10, 2, 4, 10, 32, 128);
        assertThat(UslFit.sentences(cells, Spread.of(cells, "throughput_rps"), PoolFloor.of(cells)))
                .containsExactly(
                        "No Universal Scalability Law fit: the best one misses threads 2 by 45.6% (97.4 req/s measured,"
                                + " 142 predicted), more than the spread allows (3.9%), so the law does not describe this sweep.");
    }
}
