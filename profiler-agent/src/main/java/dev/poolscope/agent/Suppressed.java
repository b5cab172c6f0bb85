package dev.poolscope.agent;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every Throwable the agent swallows instead of letting it reach the host. Advice calls {@link #record}
 * from inside the host's own methods, so it must be public, cheap and never throw.
 */
public final class Suppressed {
    private static final LongAdder COUNT = new LongAdder();
    private static final AtomicBoolean FIRST_LOGGED = new AtomicBoolean();

    private Suppressed() {
    }

    public static void record(Throwable t) {
        try {
            COUNT.increment();
            // One line for the first error is useful; one per error would be per-request logging.
            if (FIRST_LOGGED.compareAndSet(false, true)) {
                AgentLog.info("suppressed an error in the agent (further ones are only counted): " + t);
            }
        } catch (Throwable ignored) {
            // Even logging must not reach the host.
        }
    }

    /** Counts without logging, for callers that say something more specific themselves. */
    static void count(Throwable t) {
        COUNT.increment();
    }

    public static long count() {
        return COUNT.sum();
    }
}
