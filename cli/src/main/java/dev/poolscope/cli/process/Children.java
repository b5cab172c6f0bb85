package dev.poolscope.cli.process;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Processes poolscope started. On Ctrl-C they get SIGTERM (so the app stops its embedded PostgreSQL and
 * Redis) and a little time, so nothing outlives the command.
 */
public final class Children {

    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(), "poolscope-children"));
    }

    private Children() {
    }

    /**
     * A shell that outlives this JVM on purpose: once a second it checks that this JVM and the child are alive; when
     * this JVM is gone (kill -9: no shutdown hook ran) it sends SIGTERM to the child's whole process tree, gives the
     * child 30 s (the app stops its PostgreSQL and Redis), then SIGKILLs what is left. It exits when the child does.
     */
    static final String GUARD = """
            tree() { for c in $(pgrep -P "$1" 2>/dev/null); do tree "$c"; done; echo "$1"; }
            while kill -0 "$1" 2>/dev/null; do kill -0 "$2" 2>/dev/null || exit 0; sleep 1; done
            pids=$(tree "$2")
            kill -TERM $pids 2>/dev/null
            i=0
            while kill -0 "$2" 2>/dev/null && [ $i -lt 30 ]; do sleep 1; i=$((i+1)); done
            kill -0 "$2" 2>/dev/null && kill -KILL $pids 2>/dev/null
            exit 0
            """;

    public static Process track(Process p) {
        trackUnguarded(p);
        guard(p);
        return p;
    }

    /**
     * As {@link #track}, without the guard shell: for a child that ends by itself and whose CPU is read from what the
     * kernel charges this JVM for its children (a bench), where the guard, a child as well, would be counted too.
     */
    public static Process trackUnguarded(Process p) {
        RUNNING.add(p);
        p.onExit().thenRun(() -> RUNNING.remove(p));
        return p;
    }

    private static void guard(Process p) {
        try {
            new ProcessBuilder("/bin/sh", "-c", GUARD, "poolscope-guard",
                    Long.toString(ProcessHandle.current().pid()), Long.toString(p.pid()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException | RuntimeException e) {
            // No shell: the shutdown hook still stops children on Ctrl-C; only a kill -9 would leave them.
            System.err.println("poolscope: no guard for child pid " + p.pid() + " (" + e + ")");
        }
    }

    public static void stop(Process p, Duration grace) {
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

    /**
     * Stops the children still running and says how many. One that has exited may still be listed: it leaves the list
     * on its onExit stage, which runs on another thread some time after waitFor has returned here, so a command that
     * ends right after its last child would otherwise announce stopping a child that had already exited.
     */
    static int stopAll() {
        java.util.List<Process> alive = RUNNING.stream().filter(Process::isAlive).toList();
        if (!alive.isEmpty()) {
            System.err.println("poolscope: stopping " + alive.size() + " child process(es) ...");
        }
        alive.parallelStream().forEach(p -> stop(p, Duration.ofSeconds(20)));
        return alive.size();
    }
}
