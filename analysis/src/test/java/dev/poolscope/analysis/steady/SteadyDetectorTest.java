package dev.poolscope.analysis.steady;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.analysis.model.SteadyState;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Runs made of synthetic request events with exact times, built into a model as a recording would be, then judged:
 * twenty requests a second on one worker, each 8 ms on the CPU, its run delay as each test wants.
 */
class SteadyDetectorTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final Events.ThreadRef WORKER = new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false);
    /** Each second's level is off by one of these (ms), in turn: noise a second to the next, mean 0. */
    static final double[] WOBBLE = {0.2, -0.1, 0, 0.1, -0.2};

    /** {@code seconds} of load, each request with the run delay {@code runDelayMs} gives its second. */
    static RunModel run(int seconds, IntToDoubleFunction runDelayMs) {
        return run(seconds, runDelayMs, 0);
    }

    /** The same, each request also {@code otherMs} off the CPU in no wait an event names (unexplained time). */
    static RunModel run(int seconds, IntToDoubleFunction runDelayMs, long otherMs) {
        return run(seconds, runDelayMs, otherMs, -1);
    }

    /**
     * The same; with {@code clientLeadMs} of 0 or more, each request also a JMeter sample sent that long before the
     * server started it.
     */
    static RunModel run(int seconds, IntToDoubleFunction runDelayMs, long otherMs, long clientLeadMs) {
        RunModelBuilder b = new RunModelBuilder();
        int n = 0;
        for (int s = 0; s < seconds; s++) {
            double delay = runDelayMs.applyAsDouble(s) + WOBBLE[s % WOBBLE.length];
            // Half-second requests, one a second on the one worker; otherwise twenty.
            for (int i = 0; i < (otherMs > 0 ? 1 : 20); i++) {
                long start = T0 + s * 1000 * MS + i * 50 * MS;
                long delayNanos = Math.round(delay * MS);
                long span = 8 * MS + delayNanos + MS + otherMs * MS;
                if (clientLeadMs >= 0) {
                    b.accept(new JtlSample(start / MS - clientLeadMs, clientLeadMs + span / MS, "GET", "200",
                            true,
                            1, clientLeadMs + span / MS, 0, "http://app/api/x", "r-" + n));
                }
                b.events()
                        .request(new Events.Request(WORKER, start, start + span, "r-" + n++, "GET", "/api/x",
                                200, "tomcat", 8 * MS, delayNanos));
            }
        }
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false,
                null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, java.util.Map.of(), List.of(), T0,
                T0 + seconds * 1000 * MS);
        return b.build(meta, info, null, List.of());
    }

    @Test
    void runDelaySixTimesTheRestInTheFirstNineSecondsIsLeftOutAndSaidSo() {
        SteadyState s = new SteadyDetector().detect(run(30, sec -> sec < 9 ? 12 : 2), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.TRANSIENT);
        assertThat(s.cut()).isTrue();
        assertThat(s.transientSeconds()).isEqualTo(9);
        assertThat(s.steadyStartNanos()).isEqualTo(T0 + 9000 * MS);
        assertThat(s.shifts()).extracting(SteadyState.Shift::measure).containsExactly("run_delay", "server");
        assertThat(s.sentence()).isEqualTo("The first 9 s of load were a start-up transient, left out of the"
                + " figures and the verdict: run delay (runnable, not scheduled) 12 ms per request against 2 ms"
                + " after (6\u00d7); server time 21 ms per request against 11 ms after (1.9\u00d7); something else"
                + " wanted the same CPUs at the start (the load generator or the JIT compiler on the same cores?)."
                + " The report covers the steady part after them.");
        assertThat(s.steadyWindow(new dev.poolscope.analysis.model.MeasuredWindow(T0 - 5000 * MS,
                T0 + 40_000 * MS, dev.poolscope.analysis.model.MeasuredWindow.Source.LOAD_PHASE))
                .startNanos())
                .isEqualTo(T0 + 9000 * MS);
    }

    @Test
    void theSecondsCountFromTheFirstRequestTheServerCountedNotTheFirstSampleSent() {
        // The clients sent each request 300 ms before the server started it (on another host, in another clock): a
        // second counted from the first one sent would split the server's seconds 300 ms in.
        RunModel m = run(30, sec -> sec < 9 ? 12 : 2, 0, 300);
        assertThat(m.startNanos()).isEqualTo(T0 - 300 * MS);
        SteadyState s = new SteadyDetector().detect(m, 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.TRANSIENT);
        assertThat(s.steadyStartNanos()).isEqualTo(T0 + 9000 * MS);
        assertThat(s.transientSeconds()).isEqualTo(9);
    }

    @Test
    void pastTwoMinutesTheSteadyPartStartsOnAWholeStep() {
        // 300 s of load: the first half's 150 seconds are more starts than one read keeps apart (SteadyGrid), so
        // they are whole steps of 3 s; the load settled after 10 s, the steady part starts at 12.
        SteadyState s = new SteadyDetector().detect(run(300, sec -> sec < 10 ? 12 : 2), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.TRANSIENT);
        assertThat(s.transientSeconds()).isEqualTo(12);
        assertThat(s.sentence()).startsWith("The first 12 s of load were a start-up transient");
    }

    @Test
    void theSameRunWithItsFirstSecondsCutSettlesAtTheSameSecond() {
        RunModel whole = run(30, sec -> sec < 9 ? 12 : 2);
        SteadyState all = new SteadyDetector().detect(whole, 0);
        for (int cut = 1; cut < 9; cut++) {
            int c = cut;
            // What the analysis reads when the first seconds are skipped: the same seconds, shifted to the start.
            SteadyState rest = new SteadyDetector().detect(run(30 - c, sec -> sec + c < 9 ? 12 : 2), c);
            assertThat(rest.transientSeconds() + c).as("cut " + c).isEqualTo(all.transientSeconds());
        }
        SteadyState past = new SteadyDetector().detect(run(21, sec -> 2), 9);
        assertThat(past.status()).isEqualTo(SteadyState.Status.STEADY);
        assertThat(past.sentence())
                .isEqualTo("The first 9 s of load were left out by hand (--skip-seconds). The"
                        + " load was steady: in no measure did the first seconds differ from the rest by more than the"
                        + " rest's second-to-second noise (20 s of load judged).");
    }

    @Test
    void aSteadyRunIsJudgedWhole() {
        SteadyState s = new SteadyDetector().detect(run(30, sec -> 2), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.STEADY);
        assertThat(s.cut()).isFalse();
        assertThat(s.shifts()).isEmpty();
        assertThat(s.sentence())
                .isEqualTo("The load was steady: in no measure did the first seconds differ from"
                        + " the rest by more than the rest's second-to-second noise (29 s of load judged).");
    }

    @Test
    void aStartAClientCannotSeeIsNotCut() {
        SteadyState s = new SteadyDetector().detect(run(30, sec -> sec < 9 ? 1.5 : 1), 0);
        assertThat(s.status()).as("0.5 ms more per request").isEqualTo(SteadyState.Status.STEADY);
    }

    @Test
    void aStartSmallBesideTheRequestsIsNotCut() {
        // 3 ms more run delay per request is more than a millisecond, but under 5 % of half-second requests: no
        // share a rule reads could cross a limit on it.
        SteadyState s = new SteadyDetector().detect(run(30, sec -> sec < 9 ? 5 : 2, 500), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.STEADY);
        SteadyState large = new SteadyDetector().detect(run(30, sec -> sec < 9 ? 60 : 2, 500), 0);
        assertThat(large.status()).as("58 ms more").isEqualTo(SteadyState.Status.TRANSIENT);
    }

    @Test
    void runDelayClimbingAllAlongHasNoSteadyPart() {
        SteadyState s = new SteadyDetector().detect(run(30, sec -> 2 + sec), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.UNSETTLED);
        assertThat(s.cut()).isFalse();
        assertThat(s.shifts()).extracting(SteadyState.Shift::measure).contains("run_delay");
        assertThat(s.sentence()).startsWith("The load did not settle: run delay (runnable, not scheduled) ")
                .endsWith(
                        ". No steady part of at least half the load was found, so the figures and the verdict"
                                + " cover the whole window (29 s of load).");
    }

    @Test
    void aCauseThatLastsPastHalfTheLoadIsNoStartUpTransient() {
        SteadyState s = new SteadyDetector().detect(run(30, sec -> sec < 18 ? 12 : 2), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.UNSETTLED);
        assertThat(s.sentence())
                .isEqualTo("The load did not settle: run delay (runnable, not scheduled) 12 ms per"
                        + " request before 18 s of load against 2 ms after (6\u00d7); server time 21 ms per request before"
                        + " 18 s of load against 11 ms after (1.9\u00d7). No steady part of at least half the load was"
                        + " found, so the figures and the verdict cover the whole window (29 s of load).");
    }

    @Test
    void tooShortARunIsNotJudged() {
        SteadyState s = new SteadyDetector().detect(run(10, sec -> sec < 3 ? 12 : 2), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.TOO_SHORT);
        assertThat(s.sentence())
                .isEqualTo("Not judged for a steady state: 9 s of load, fewer than the 10 s it takes"
                        + " to tell a level from its noise.");
    }

    @Test
    void noRequestsNoJudgement() {
        SteadyState s = new SteadyDetector().detect(run(0, sec -> 0), 0);
        assertThat(s.status()).isEqualTo(SteadyState.Status.NOT_JUDGED);
        assertThat(s.sentence()).isNull();
    }
}
