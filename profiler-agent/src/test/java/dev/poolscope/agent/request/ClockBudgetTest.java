package dev.poolscope.agent.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The clock budget on made-up request start times (nanoseconds), so the counts are exact. */
class ClockBudgetTest {
    static final long MS = 1_000_000L;
    static final long T0 = 5_000_000_000L;

    @AfterEach
    void everyRequestAgain() {
        ClockBudget.configure(ClockBudget.ALL);
    }

    @Test
    void allAndNone() {
        ClockBudget.configure(ClockBudget.ALL);
        for (int i = 0; i < 1000; i++) {
            assertTrue(ClockBudget.take(T0));
        }
        ClockBudget.configure(0);
        assertFalse(ClockBudget.take(T0));
        assertFalse(ClockBudget.take(T0 + 10_000 * MS));
    }

    @Test
    void belowTheBudgetEveryRequestIsClockedHoweverBunched() {
        ClockBudget.configure(400);
        // 235 requests a second, as the pool-bound default serves, arriving in bunches of five.
        int clocked = 0;
        int requests = 0;
        for (long t = T0; t < T0 + 3000 * MS; t += 5 * 1000 * MS / 235) {
            for (int k = 0; k < 5; k++) {
                requests++;
                clocked += ClockBudget.take(t) ? 1 : 0;
            }
        }
        assertEquals(requests, clocked);
    }

    @Test
    void requestsRacingForSlotsAllGetOneWhileSlotsAreLeft() throws Exception {
        ClockBudget.configure(400);
        java.util.concurrent.atomic.AtomicInteger clocked = new java.util.concurrent.atomic.AtomicInteger();
        Thread[] threads = new Thread[8];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                for (int k = 0; k < 50; k++) {
                    clocked.addAndGet(ClockBudget.take(T0) ? 1 : 0);
                }
            });
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        // 400 at one instant: within the second's burst, so none lost to a race.
        assertEquals(400, clocked.get());
        // The burst is spent: the 402nd at that instant is not clocked.
        assertTrue(ClockBudget.take(T0));
        assertFalse(ClockBudget.take(T0));
    }

    @Test
    void aboveTheBudgetASecondsBurstThenTheRate() {
        ClockBudget.configure(100);
        int clocked = 0;
        // 1,000 requests a second for three seconds.
        for (long t = T0; t < T0 + 3000 * MS; t += MS) {
            clocked += ClockBudget.take(t) ? 1 : 0;
        }
        // The first second's burst (101: the slot taken at once plus a second of slots ahead), then 100 a second.
        assertTrue(clocked >= 395 && clocked <= 405, "clocked " + clocked);
        // A quiet spell refills the burst, and no more than a second's worth.
        int burst = 0;
        for (int i = 0; i < 1000; i++) {
            burst += ClockBudget.take(T0 + 60_000 * MS) ? 1 : 0;
        }
        assertEquals(101, burst);
    }
}
