package dev.poolscope.agent.hikari;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many pooled JDBC connections each thread holds now: borrowed on it and not yet returned. A borrow keeps its
 * thread's counter, so a connection closed on another thread still counts down the thread that borrowed it.
 */
public final class HeldConnections {
    private static final ThreadLocal<AtomicInteger> HELD = ThreadLocal.withInitial(AtomicInteger::new);

    private HeldConnections() {
    }

    /** The current thread borrowed one; returns the counter {@link #returned} must get back. */
    static AtomicInteger borrowed() {
        AtomicInteger held = HELD.get();
        held.incrementAndGet();
        return held;
    }

    static void returned(AtomicInteger held) {
        if (held != null) {
            held.updateAndGet(n -> n > 0 ? n - 1 : 0);
        }
    }

    /** The connections the current thread holds. */
    public static int ofCurrentThread() {
        return HELD.get().get();
    }
}
