package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * What the pass keeps is bounded, and what it does not keep is said: ten requests in file order (each committed after
 * the connection wait inside it, as the agent does), read with small caps.
 */
class RunModelBuilderCapsTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final Events.ThreadRef WORKER = new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false);

    private static RunModel read(RunModelBuilder b, int requests) {
        for (int i = 0; i < requests; i++) {
            long start = T0 + i * 10 * MS;
            b.events().connectionWait(
                    new Events.ConnectionWait(WORKER, start, start + 2 * MS, "HikariPool-1", "c" + i,
                            true, 10, 0, 1, 10));
            b.events()
                    .request(new Events.Request(WORKER, start, start + 5 * MS, "r-" + i, "GET", "/x", 200,
                            "tomcat",
                            -1, -1));
        }
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 2L * requests, Map.of(), List.of(), T0,
                T0 + requests * 10 * MS);
        return b.build(meta, info, null, List.of());
    }

    @Test
    void intervalsBeyondTheIntervalCapAreSaid() {
        RunModel run = read(new RunModelBuilder(1_000, 3), 10);

        assertThat(run.requests()).hasSize(10);
        assertThat(run.requests().stream().filter(r -> r.poolWaitNanos() > 0)).hasSize(3);
        assertThat(run.notes())
                .contains("7 wait intervals beyond the first 3 were not kept: attribution of later"
                        + " requests may show more unexplained time");
    }

    @Test
    void underTheCapsNothingIsSaid() {
        RunModel run = read(new RunModelBuilder(10, 10), 10);

        assertThat(run.requests()).hasSize(10);
        assertThat(run.notes()).noneMatch(n -> n.contains("not kept") || n.contains("were ignored"));
    }

    static final Events.ThreadRef WORKER_2 = new Events.ThreadRef(43, 4343, "http-nio-8080-exec-2", false);

    /**
     * Forty requests 10 ms apart on two threads, 5 ms each: the first twenty wait 0.1 ms for a connection, the last
     * twenty 4 ms (the pool ran dry halfway). Handed over as the reader does: request-only passes while the builder
     * wants them, then every event in file order (each request after the wait and hold inside it).
     */
    private static RunModel halves(RunModelBuilder b) {
        return halves(b, true, false);
    }

    private static RunModel halves(RunModelBuilder b, boolean passes) {
        return halves(b, passes, false);
    }

    /** {@code passes} false: no request-only pass, as a reader without them would hand the events over. */
    private static RunModel halves(RunModelBuilder b, boolean passes, boolean client) {
        return halves(b, passes, client, true);
    }

    /** {@code ids} false: the samples carry no request id (a plan of the user's own), joined by path and time. */
    private static RunModel halves(RunModelBuilder b, boolean passes, boolean client, boolean ids) {
        return halves(b, passes, client, ids, false);
    }

    /**
     * {@code jtlLast}: the .jtl handed over after the request passes, as the reader does when run.json gives the
     * window (its one read then keeps the chosen requests' samples); else first, as without run.json.
     */
    private static RunModel halves(RunModelBuilder b, boolean passes, boolean client, boolean ids,
            boolean jtlLast) {
        List<dev.poolscope.analysis.jtl.JtlSample> samples = new java.util.ArrayList<>();
        for (int i = 0; client && i < 40; i++) {
            samples.add(
                    new dev.poolscope.analysis.jtl.JtlSample((T0 + i * 10 * MS) / MS - 1, i == 37 ? 11 : 7,
                            "GET /x", "200",
                            i != 38, 2, 6, 0, "http://127.0.0.1/x", ids ? "r-" + i : ""));
        }
        // As the analyzer reads them: the .jtl first, the recording, the .jtl again when the builder asks.
        if (!jtlLast) {
            samples.forEach(b::accept);
        }
        List<Events.Request> requests = new java.util.ArrayList<>();
        List<Runnable> events = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long start = T0 + i * 10 * MS;
            long wait = i < 20 ? MS / 10 : 4 * MS;
            Events.ThreadRef t = i % 2 == 0 ? WORKER : WORKER_2;
            // Request 37, not one the sample chooses, is the slowest: 9 ms.
            long length = i == 37 ? 9 * MS : 5 * MS;
            Events.Request r = new Events.Request(t, start, start + length, "r-" + i, "GET", "/x",
                    i == 39 ? 503 : 200, "tomcat", -1, -1);
            requests.add(r);
            events.add(
                    () -> b.events()
                            .connectionWait(new Events.ConnectionWait(t, start, start + wait, "HikariPool-1",
                                    "c", true, 2, 0, 1, 2)));
            events.add(
                    () -> b.events().connectionHold(new Events.ConnectionHold(t, start + wait, start + length,
                            "HikariPool-1", "c", 2, 0, 1, 2)));
            events.add(() -> b.events().request(r));
        }
        while (passes && b.wantsRequestPass()) {
            requests.forEach(b::requestPass);
            b.requestPassEnd();
        }
        if (jtlLast) {
            b.clientAfterRequests();
            samples.forEach(b::accept);
        }
        events.forEach(Runnable::run);
        if (b.wantsClientReread(ids) && b.rereadClient()) {
            samples.forEach(b::accept);
        }
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 2, false,
                List.of(new RunMetadata.Pool("HikariPool-1", 2, 10_000L)), false, null, 0L, null);
        RecordingInfo info = new RecordingInfo(List.of(), false, 120, Map.of(), List.of(), T0, T0 + 400 * MS);
        return b.build(meta, info, null, List.of());
    }

    private static double poolWaitShare(RunModel run) {
        return (double) run.serverTotal().nanos(Cause.CONNECTION_WAIT) / run.serverTotal().totalNanos();
    }

    @Test
    void pastTheCapTheKeptRequestsAreEveryKthOverTheWholeWindowAndCountsCoverAll() {
        RunModel all = halves(new RunModelBuilder(40, 1_000));
        RunModel sampled = halves(new RunModelBuilder(10, 1_000));

        assertThat(all.requests()).hasSize(40);
        assertThat(all.notes()).noneMatch(n -> n.contains("not kept"));
        // Every 4th request: 0, 4, … 36, five from each half.
        assertThat(sampled.requests()).extracting(RequestTimeline::requestId)
                .containsExactly("r-0", "r-4", "r-8", "r-12", "r-16", "r-20", "r-24", "r-28", "r-32", "r-36");
        assertThat(sampled.notes()).contains(
                "30 of 40 requests were not kept: the request figures (latencies, server time by cause, lanes,"
                        + " diagnosis) come from every 4th request, spread over the whole window; counts and"
                        + " throughput from all of them",
                // Those of the chosen ten and of the seven longest the sample did not choose stay: r-37, then of the
                // requests all as long, the earliest (r-0 … r-8), of which r-0, r-4 and r-8 are in the sample.
                "46 wait, hold and reactive intervals overlapping no kept request were not kept");
        // Each kept request still has its own wait: the intervals it overlaps were kept.
        assertThat(sampled.requests().subList(5, 10))
                .allSatisfy(r -> assertThat(r.poolWaitNanos()).isEqualTo(4 * MS));
        assertThat(poolWaitShare(all)).isCloseTo(82.0 / 204, org.assertj.core.data.Offset.offset(1e-9));
        // The slowest-request profiles: the window's slowest, kept beside the sample for them only.
        assertThat(all.slowest().getFirst().request().requestId()).isEqualTo("r-37");
        assertThat(sampled.slowest().getFirst().request().requestId()).isEqualTo("r-37");
        assertThat(sampled.requests()).noneMatch(r -> r.requestId().equals("r-37"));
        // Their holds are kept for the profiles but count in no sampled figure: the hold total is the kept requests'.
        assertThat(sampled.pools().holdTotalNanos())
                .isEqualTo(sampled.requests().stream().mapToLong(RequestTimeline::holdNanos).sum());
        assertThat(poolWaitShare(sampled)).isCloseTo(poolWaitShare(all),
                org.assertj.core.data.Offset.offset(0.02));

        dev.poolscope.analysis.report.RunSummary s = dev.poolscope.analysis.report.RunSummary.of(sampled);
        dev.poolscope.analysis.report.RunSummary a = dev.poolscope.analysis.report.RunSummary.of(all);
        assertThat(s.requests()).isEqualTo(40);
        assertThat(s.durationSeconds()).isEqualTo(a.durationSeconds());
        assertThat(s.throughputRps()).isEqualTo(a.throughputRps());
        // The one 503 is request 39, not kept: the error figures still count it.
        assertThat(s.failures().server5xx()).isEqualTo(1);
        assertThat(s.errorRate()).isEqualTo(a.errorRate());
        // Totals by cause are the sample's sums scaled to all forty.
        assertThat(s.serverMsByCause().get(Cause.CONNECTION_WAIT.id()))
                .isCloseTo(a.serverMsByCause().get(Cause.CONNECTION_WAIT.id()),
                        org.assertj.core.data.Offset.offset(1e-6));
        assertThat(sampled.pools().connectionWait().count()).isEqualTo(40);

        dev.poolscope.analysis.diagnosis.Diagnosis.Result dAll = new dev.poolscope.analysis.diagnosis.Diagnosis()
                .evaluate(all);
        dev.poolscope.analysis.diagnosis.Diagnosis.Result dSampled = new dev.poolscope.analysis.diagnosis.Diagnosis()
                .evaluate(sampled);
        assertThat(dAll.primaryCause()).isEqualTo("pool-starvation");
        assertThat(dSampled.primaryCause()).isEqualTo(dAll.primaryCause());
    }

    @Test
    void pastTheClientCapEveryKthSampleIsKeptAndTheCountsCoverAll() {
        RunModelBuilder b = new RunModelBuilder(1_000, 1_000, 4);
        for (int i = 0; i < 10; i++) {
            b.accept(
                    new dev.poolscope.analysis.jtl.JtlSample(T0 / MS + i * 10, i < 5 ? 2 : 8, "GET /x", "200",
                            i != 9, 1, 1, 0, "http://127.0.0.1/x", "r-" + i));
        }
        assertThat(b.clientSpan().startNanos()).isEqualTo(T0);
        assertThat(b.clientSpan().endNanos()).isEqualTo(T0 + 98 * MS);
        RunModel run = b.build(new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false, null, 0L, null), null, null, List.of());

        assertThat(run.client()).extracting(dev.poolscope.analysis.jtl.JtlSample::requestId)
                .containsExactly("r-0", "r-4", "r-8");
        assertThat(run.notes())
                .contains("7 of 10 JMeter samples were not kept: the client figures (client latency,"
                        + " the client-server join) come from every 4th sample, spread over the whole run; counts,"
                        + " throughput and error rate from all of them; a request is joined only when its sample was"
                        + " kept too");
        dev.poolscope.analysis.report.RunSummary s = dev.poolscope.analysis.report.RunSummary.of(run);
        assertThat(s.clientSamples()).isEqualTo(10);
        assertThat(s.errorRate()).isEqualTo(0.1);
        assertThat(s.throughputRps()).isEqualTo(10 / run.durationSeconds());
    }

    @Test
    void ordinals() {
        assertThat(List.of(1, 2, 3, 4, 7, 11, 12, 13, 21, 22, 23, 101, 111).stream()
                .map(Notes::ordinal))
                .containsExactly("1st", "2nd", "3rd", "4th", "7th", "11th", "12th", "13th", "21st", "22nd",
                        "23rd",
                        "101st", "111th");
    }

    @Test
    void pastTheRequestCapTheClientFiguresComeFromTheSamplesOfTheKeptRequests() {
        // Below the client cap every sample is read once; past it (cap 4) the first read thins them to every 16th
        // and the .jtl is read again for the samples of the kept requests.
        // Read after the request passes, the .jtl's one read keeps them: the same figures.
        for (int clientCap : new int[]{1_000, 4}) {
            for (boolean jtlLast : new boolean[]{false, true}) {
                RunModel all = halves(new RunModelBuilder(40, 1_000, 1_000), true, true, true, jtlLast);
                RunModel sampled = halves(new RunModelBuilder(10, 1_000, clientCap), true, true, true,
                        jtlLast);

                assertThat(sampled.client()).as("cap %d, .jtl last %s", clientCap, jtlLast)
                        .extracting(dev.poolscope.analysis.jtl.JtlSample::requestId)
                        .containsExactly("r-0", "r-4", "r-8", "r-12", "r-16", "r-20", "r-24", "r-28", "r-32",
                                "r-36");
                assertThat(sampled.requests()).allSatisfy(r -> assertThat(r.client()).isNotNull());
                assertThat(sampled.join().matched()).isEqualTo(10);
                assertThat(sampled.join().clientOnly()).isZero();
                assertThat(sampled.notes())
                        .contains("30 of 40 JMeter samples were not kept: the client figures (client"
                                + " latency, the client-server join) come from the samples of the kept requests; counts,"
                                + " throughput and error rate from all of them");
                dev.poolscope.analysis.report.RunSummary s = dev.poolscope.analysis.report.RunSummary
                        .of(sampled);
                dev.poolscope.analysis.report.RunSummary a = dev.poolscope.analysis.report.RunSummary.of(all);
                assertThat(s.clientSamples()).isEqualTo(40);
                assertThat(s.throughputRps()).isEqualTo(a.throughputRps());
                // Sample 38 failed: not a kept request's, still in the error rate.
                assertThat(s.errorRate()).isEqualTo(a.errorRate()).isEqualTo(1 / 40.0);
                assertThat(s.client().count()).isEqualTo(10);
            }
        }
    }

    @Test
    void withoutRequestIdsTheKeptRequestsSamplesAreThoseTheJoinByPathAndTimeGaveThem() {
        RunModel all = halves(new RunModelBuilder(40, 1_000, 1_000), true, true, false);
        RunModel sampled = halves(new RunModelBuilder(10, 1_000, 1_000), true, true, false);

        assertThat(all.join().matchedByTime()).isEqualTo(40);
        assertThat(sampled.join().matchedByTime()).isEqualTo(10);
        assertThat(sampled.client()).hasSize(10);
        assertThat(sampled.requests()).allSatisfy(r -> assertThat(r.client()).isNotNull());
        assertThat(sampled.join().clientWithoutIdUnmatched()).isZero();
        dev.poolscope.analysis.report.RunSummary s = dev.poolscope.analysis.report.RunSummary.of(sampled);
        assertThat(s.clientSamples()).isEqualTo(40);
        assertThat(s.errorRate()).isEqualTo(1 / 40.0);
    }
}
