package dev.poolscope.agent.bench;

import java.lang.management.ManagementFactory;

/**
 * The host's view of start-up: milliseconds from the JVM's start to this {@code main} running. The clock is
 * read before anything else is loaded; the JVM's start time comes afterwards (it is fixed, so reading it late
 * costs nothing but the management classes, which are then no longer part of what is timed).
 */
public final class StartupProbe {
    private StartupProbe() {
    }

    public static void main(String[] args) {
        long now = System.currentTimeMillis();
        System.out.println("main at " + (now - ManagementFactory.getRuntimeMXBean().getStartTime()) + " ms");
    }
}
