package dev.poolscope.cli;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Processes poolscope started. On Ctrl-C they get SIGTERM (so the app stops its embedded PostgreSQL and
 * Redis) and a little time, so nothing outlives the command.
 */
final class Children {

    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Children::stopAll, "poolscope-children"));
    }

    private Children() {
    }

    static Process track(Process p) {
        RUNNING.add(p);
        p.onExit().thenRun(() -> RUNNING.remove(p));
        return p;
    }

    static void stop(Process p, Duration grace) {
        if (!p.isAlive()) {
            return;
        }
        // The JMeter wrapper and the app are process trees: ask every descendant as well.
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(grace.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }

    private static void stopAll() {
        if (!RUNNING.isEmpty()) {
            System.err.println("poolscope: stopping " + RUNNING.size() + " child process(es) ...");
        }
        RUNNING.parallelStream().forEach(p -> stop(p, Duration.ofSeconds(20)));
    }
}
