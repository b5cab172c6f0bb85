package dev.poolscope.analysis.steady;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.analysis.model.SteadyState;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Runs of 20 s of load, twenty requests a second on one worker (as in {@link SteadyDetectorTest}), whose clients stop
 * sending at the end while the responses still take their time.
 */
class DrainTest {
    static final long T0 = SteadyDetectorTest.T0;
    static final long MS = SteadyDetectorTest.MS;

    /**
     * 400 requests of 10 ms on the server, the last sent at 19.95 s; with {@code clientMs} > 0 each has a JMeter
     * sample of that many milliseconds sent when the request started; {@code lastMs}: the last request's server time.
     */
    static RunModel run(long clientMs, long lastMs) {
        return run(clientMs, lastMs, 0, null);
    }

    /** The same, each request started on the server {@code queueMs} after it was sent, read on {@code window}. */
    static RunModel run(long clientMs, long lastMs, long queueMs, MeasuredWindow window) {
        RunModelBuilder b = new RunModelBuilder();
        if (window != null) {
            b.measure(window);
        }
        for (int i = 0; i < 400; i++) {
            long sent = T0 + i * 50 * MS;
            long start = sent + queueMs * MS;
            long span = i == 399 ? lastMs * MS : 10 * MS;
            b.events()
                    .request(new Events.Request(SteadyDetectorTest.WORKER, start, start + span, "r-" + i,
                            "GET",
                            "/api/x", 200, "tomcat", span, 0));
            if (clientMs > 0) {
                b.accept(new JtlSample(sent / MS, clientMs, "GET x", "200", true, 100, clientMs, 1,
                        "http://h/api/x", "r-" + i));
            }
        }
        return built(b);
    }

    /** The model of what {@code b} was given: a 2-CPU Tomcat, recorded for 30 s from the first request. */
    static RunModel built(RunModelBuilder b) {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, java.util.Map.of(), List.of(), T0,
                T0 + 30_000 * MS);
        return b.build(meta, info, null, List.of());
    }

    static SteadyState judged(RunModel run) {
        return Drain.judge(run, new SteadyDetector().detect(run, 0));
    }

    @Test
    void responsesLongAgainstTheRunLeaveTheClientsDrainOut() {
        RunModel run = run(4000, 10);
        SteadyState s = judged(run);
        assertThat(s.status()).isEqualTo(SteadyState.Status.STEADY);
        assertThat(s.cut()).isTrue();
        assertThat(s.startCut()).isFalse();
        assertThat(s.drainSeconds()).isEqualTo(4.0);
        assertThat(s.steadyWindow(run.window()))
                .isEqualTo(new MeasuredWindow(run.window().startNanos(), T0 + 19_950 * MS,
                        run.window().source()));
        assertThat(s.sentence())
                .endsWith(" The last 4 s were the clients' drain: no client sent a request in them,"
                        + " the ones already sent finished. Counted in, they would have diluted every rate by 16.7%, so they"
                        + " are left out: the window ends where the server started the last request sent (0 s after it was"
                        + " sent), the clients' rates where it was sent.");
    }

    @Test
    void requestsQueuedWhenTheClientsStoppedAreCountedAndTheClientsRatesEndWhereTheySent() {
        // Each request starts on the server 2 s after it was sent (queued) and answers 4 s after it was sent.
        RunModel judged = run(4000, 10, 2000, null);
        SteadyState s = judged(judged);
        assertThat(s.drainSeconds()).isEqualTo(4.0);
        MeasuredWindow w = s.steadyWindow(judged.window());
        assertThat(w.endNanos()).isEqualTo(T0 + 21_950 * MS);
        assertThat(s.sentence()).contains("(2 s after it was sent)");
        // Read again on it: every request sent is counted and joined, and the clients sent for 19.95 s of the 21.95.
        RunModel cut = run(4000, 10, 2000, w).withSteady(s);
        assertThat(cut.requests()).hasSize(400);
        assertThat(cut.join().matched()).isEqualTo(400);
        assertThat(cut.durationSeconds()).isEqualTo(21.95);
        assertThat(cut.clientDurationSeconds()).isEqualTo(19.95);
        // 80 requests outstanding once the first were answered (one sent every 50 ms, each answered after 4 s).
        assertThat(cut.sampling().clientsOutstanding()).isEqualTo(80.0);
    }

    @Test
    void aDrainUnderOneTwentiethOfTheRunIsKept() {
        // 0.9 s after the last sample was sent, of 20.85 s: 4.3 %, less than a rule takes notice of.
        RunModel run = run(900, 10);
        SteadyState judged = new SteadyDetector().detect(run, 0);
        assertThat(Drain.judge(run, judged)).isSameAs(judged);
    }

    @Test
    void aBurstSentInLessThanOneResponseIsNoLoadToCutAt() {
        // Every request waits 25 s for its response, longer than the 19.95 s in which they were all sent: no client
        // had an answer before the sending ended, so there was no steady load to end.
        RunModel run = run(25_000, 10);
        SteadyState judged = new SteadyDetector().detect(run, 0);
        assertThat(judged.status()).isEqualTo(SteadyState.Status.BURST);
        assertThat(judged.cut()).isFalse();
        assertThat(judged.sentence())
                .isEqualTo("Not judged for a steady state: the clients sent all 400 requests"
                        + " within 19950 ms, less than one mean response (25000 ms), so each sent about once and what"
                        + " followed was the queue of one burst emptying, not a load that settles. The figures and the"
                        + " verdict cover the whole window.");
        assertThat(Drain.judge(run, judged)).isSameAs(judged);
    }

    @Test
    void withoutClientsTheServersLastRequestEndsTheLoad() {
        RunModel run = run(0, 3000);
        SteadyState s = judged(run);
        assertThat(s.drainSeconds()).isEqualTo(3.0);
        assertThat(s.steadyWindow(run.window()).endNanos()).isEqualTo(T0 + 19_950 * MS);
        assertThat(s.sentence())
                .endsWith(" The last 3 s of the window were a drain, left out of the figures and"
                        + " the verdict: no request started in them, the ones already started finished, and counted in they"
                        + " would have diluted every rate by 13.1%.");
    }

    @Test
    void clientsThatSendInRoundsAreServedAtTheirRateOnTheCutWindow() {
        // 10 clients, each answered after exactly 1 s and sending again at once: rounds at 0, 1, …, 19 s. Read again
        // on the window the drain leaves (up to the last request sent, 19.009 s), the 200 samples count whole, the last
        // round's second past the end: they held the 10 threads for 20 s, so 10 requests a second (less a thousandth), not 200 / 19.
        RunModelBuilder b = new RunModelBuilder();
        b.measure(new MeasuredWindow(T0, T0 + 19_009 * MS, MeasuredWindow.Source.LOAD_PHASE));
        int n = 0;
        for (int round = 0; round < 20; round++) {
            for (int c = 0; c < 10; c++) {
                long start = T0 + round * 1000 * MS + c * MS;
                b.events()
                        .request(new Events.Request(SteadyDetectorTest.WORKER, start, start + 990 * MS,
                                "r-" + n,
                                "GET", "/api/x", 200, "tomcat", 5 * MS, 0));
                b.accept(new JtlSample(start / MS, 999, "GET x", "200", true, 10, 999, 1, "http://h/api/x",
                        "r-" + n++));
            }
        }
        RunModel run = built(b);
        assertThat(run.durationSeconds()).isEqualTo(19.009);
        assertThat(run.clientDurationSeconds()).isCloseTo(19.98, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(dev.poolscope.analysis.report.RunSummary.of(run).throughputRps())
                .isCloseTo(200 / 19.98, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aRunTooShortToJudgeIsNotCut() {
        RunModel run = run(4000, 10);
        SteadyState tooShort = new SteadyState(SteadyState.Status.TOO_SHORT, 0, run.window(), T0, T0, 5,
                List.of(), "short");
        assertThat(Drain.judge(run, tooShort)).isSameAs(tooShort);
    }
}
