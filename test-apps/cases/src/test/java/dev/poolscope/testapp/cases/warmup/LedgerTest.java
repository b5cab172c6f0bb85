package dev.poolscope.testapp.cases.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The transient is the first balance's: it starts the rebuild threads once, and they end after their time. */
class LedgerTest {

    @Test
    void theFirstBalanceStartsTheRebuildOnceAndItEnds() throws InterruptedException {
        Ledger ledger = new Ledger(100, 2, 1);
        ledger.balance(1);
        ledger.balance(2);
        List<Thread> rebuild = rebuildThreads();
        assertThat(rebuild).hasSize(2);
        for (Thread t : rebuild) {
            assertThat(t.join(Duration.ofSeconds(30))).as(t.getName() + " ended").isTrue();
        }
        assertThat(rebuildThreads()).isEmpty();
    }

    private static List<Thread> rebuildThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ledger-index-rebuild-") && t.isAlive()).toList();
    }
}
