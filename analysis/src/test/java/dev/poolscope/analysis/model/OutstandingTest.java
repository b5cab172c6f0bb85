package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Clients with a request outstanding, second by second, and their median while the clients sent. */
class OutstandingTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;

    /** A request sent every 50 ms for 20 s, each answered after 4 s. */
    static Outstanding everyFiftyMs(Outstanding o) {
        for (int i = 0; i < 400; i++) {
            long sent = T0 + i * 50 * MS;
            o.add(sent, sent + 4000 * MS);
        }
        return o;
    }

    @Test
    void aRampAtTheStartAndADrainAtTheEndDoNotMoveTheLevel() {
        // 80 outstanding once the first are answered, fewer while they ramp up (0-4 s) and while the last are
        // answered (20-24 s).
        Outstanding o = Outstanding
                .of(new MeasuredWindow(T0, T0 + 24_000 * MS, MeasuredWindow.Source.LOAD_PHASE));
        assertThat(everyFiftyMs(o).median()).isEqualTo(80.0);
    }

    @Test
    void requestsSentBeforeTheWindowCountWhereTheyAreOutstandingInIt() {
        // The window starts at 10 s, where 80 requests sent before it are outstanding: they count in its seconds.
        Outstanding o = Outstanding.of(new MeasuredWindow(T0 + 10_000 * MS, T0 + 24_000 * MS,
                MeasuredWindow.Source.LOAD_PHASE));
        assertThat(everyFiftyMs(o).median()).isEqualTo(80.0);
    }

    @Test
    void aWindowTakenFromTheSamplesThemselvesCountsTheSamplesAlreadyRead() {
        // No run.json: the .jtl is read before there is a window, which is then its samples' span.
        ClientCollector c = new ClientCollector(1_000);
        clients(c);
        assertThat(c.outstandingMedian()).isNaN();
        c.measure(c.span());
        assertThat(c.outstandingMedian()).isEqualTo(80.0);
    }

    @Test
    void samplesThinnedOnTheFirstReadStandForTheStride() {
        // 400 samples kept at most 100: every 4th is kept and stands for four.
        ClientCollector c = new ClientCollector(100);
        clients(c);
        c.measure(c.span());
        assertThat(c.outstandingMedian()).isEqualTo(80.0);
    }

    /** The samples of {@link #everyFiftyMs}, as JMeter writes them. */
    private static void clients(ClientCollector c) {
        for (int i = 0; i < 400; i++) {
            long sentMs = T0 / MS + i * 50;
            c.accept(new dev.poolscope.analysis.jtl.JtlSample(sentMs, 4000, "GET", "200", true, 80, 4000, 0,
                    "http://127.0.0.1/x", "r-" + i));
        }
    }

    @Test
    void withoutAWholeSecondOfSendingThereIsNoLevel() {
        Outstanding o = Outstanding
                .of(new MeasuredWindow(T0, T0 + 10_000 * MS, MeasuredWindow.Source.LOAD_PHASE));
        assertThat(o.median()).isNaN();
        o.add(T0 + 100 * MS, T0 + 5000 * MS);
        o.add(T0 + 900 * MS, T0 + 5000 * MS);
        assertThat(o.median()).isNaN();
        assertThat(Outstanding.of(null)).isNull();
        assertThat(Outstanding.of(new MeasuredWindow(T0, T0 + (Outstanding.MAX_SECONDS + 1L) * 1000 * MS,
                MeasuredWindow.Source.LOAD_PHASE))).isNull();
    }
}
