package dev.poolscope.analysis.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.rules.gc.GcPressureRule;

/**
 * A stop-the-world pause delays a request only where the request waited for something the pause stopped. A sleep's
 * timer runs through it: the pause delays the sleep only by what it overran the time it asked for (seed 004's 1000
 * sleeping threads, whose 6.8% of the run in pauses was once called GC pressure though each request took 12 ms more
 * than its 3-s sleep).
 */
class PausesInSleepsTest {

    @Test
    void aPauseInsideASleepNotYetDueDelaysNothing() {
        // Each 100-ms request sleeps 90 ms, as asked; a 30-ms pause falls inside every sleep: 30% of the run.
        var model = new Scenario().sleeps(0, 90, 90).pauses(30, 60).model();
        RuleResult r = new GcPressureRule().evaluate(model);
        assertThat(r.sentence())
                .isEqualTo("No GC pressure: the requests stood still in pauses for 0% of their"
                        + " server time (300 ms of pauses in 10 collections, 30% of the run).");
        assertThat(r.severity()).isEqualTo(RuleResult.Severity.OK);
        assertThat(model.serverTotal().nanos(Cause.SLEEP)).isEqualTo(900 * Scenario.MS);
        assertThat(model.serverTotal().nanos(Cause.GC_PAUSE)).isZero();
        assertThat(new Diagnosis().evaluate(model).primaryCause()).isNotEqualTo(GcPressureRule.ID);
    }

    @Test
    void aSleepThatOverranItsTimeIntoAPauseWasDelayedByWhatItOverran() {
        // Asked for 40 ms, woke at 60: the pause from 30 to 60 held it 20 ms past its time.
        var model = new Scenario().sleeps(0, 60, 40).pauses(30, 60).model();
        RuleResult r = new GcPressureRule().evaluate(model);
        assertThat(r.sentence()).isEqualTo("GC pressure: the requests stood still in pauses for 20% of their"
                + " server time (300 ms of pauses in 10 collections, 30% of the run).");
        assertThat(model.serverTotal().nanos(Cause.GC_PAUSE)).isEqualTo(200 * Scenario.MS);
        assertThat(model.serverTotal().nanos(Cause.SLEEP)).isEqualTo(400 * Scenario.MS);
    }

    @Test
    void aSleepThatAskedForLongerThanItTookIsSleepThroughout() {
        // Interrupted, or asked for Long.MAX_VALUE nanoseconds: it never reached its time, so no pause held it.
        var model = new Scenario().sleeps(0, 90, Long.MAX_VALUE / Scenario.MS).pauses(30, 60).model();
        assertThat(model.serverTotal().nanos(Cause.SLEEP)).isEqualTo(900 * Scenario.MS);
        assertThat(model.serverTotal().nanos(Cause.GC_PAUSE)).isZero();
    }

    @Test
    void aSleepWhoseAskedTimeIsUnknownLeavesThePauseThePauses() {
        // An older recording without the field: the pause wins, as it does over every wait it may have stopped.
        Scenario s = new Scenario().each(0, 90, Scenario.Kind.SLEEP).pauses(30, 60);
        assertThat(s.model().serverTotal().nanos(Cause.GC_PAUSE)).isEqualTo(300 * Scenario.MS);
    }

    @Test
    void aMonitorWaitThatTimedOutIsLockWaitThroughAPauseBeforeItsTimeout() {
        // Object.wait(90) that no notify ended: a pause inside it delayed nothing, nor is it a lock the pause held.
        var model = new Scenario()
                .dueWaits(dev.poolscope.analysis.recording.Events.WaitKind.MONITOR_WAIT, "java.lang.Object",
                        0, 90, 90)
                .pauses(30, 60).model();
        assertThat(model.serverTotal().nanos(Cause.LOCK_WAIT)).isEqualTo(900 * Scenario.MS);
        assertThat(model.serverTotal().nanos(Cause.GC_PAUSE)).isZero();
        assertThat(model.overlaps().lockWaitPausedShare()).isZero();
    }

    @Test
    void withoutRequestsThePausesAreMeasuredAgainstTheRun() {
        RuleResult r = Scenario.run(new GcPressureRule(), Scenario.empty().gc(150));
        assertThat(r.sentence())
                .isEqualTo("GC pressure: pauses took 15% of the run (150 ms in 1 collections).");
    }
}
