package dev.poolscope.analysis.flame;

import java.util.List;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.StackClassifier;

/**
 * Names the wait a wall-clock sample of a sleeping thread was in, from its stack (top frame first). The JDK's wait
 * events have a threshold (the agent's {@code threshold}, 10 ms by default for all of them), so
 * shorter waits leave no event; the wall sampler still sees the thread inside them. The names follow the event
 * classification (recording-format.md): a park under HikariCP is a pool wait, under Lettuce a Redis wait, any other
 * park, monitor enter (also the JVM's own monitors taken while linking or initialising a class) or monitor wait a
 * lock wait; a socket read or write under a JDBC driver is the database.
 */
final class WallStacks {
    /** One frame: {@code name} is {@code pkg.Class.method} for Java frames, the native symbol otherwise. */
    record Frame(String name, boolean java) {
    }

    /** Native frames of a thread blocked entering a monitor (JIT, interpreter, C1 and class-linking paths). */
    private static final List<String> MONITOR_ENTER = List.of("ObjectMonitor::enter", "ObjectMonitor::EnterI",
            "ObjectSynchronizer::enter", "LightweightSynchronizer::enter", "monitorenter",
            "complete_monitor_locking");
    private static final List<String> MONITOR_WAIT = List.of("ObjectMonitor::wait", "JVM_MonitorWait");
    /** A JVM-internal mutex (the compile queue, the threads list): a lock like any other to the waiting thread. */
    private static final List<String> VM_MUTEX = List.of("Mutex::lock");
    private static final List<String> SOCKET = List.of("sun.nio.ch.Net.poll", "sun.nio.ch.NioSocketImpl.",
            "sun.nio.ch.SocketDispatcher.", "sun.nio.ch.SocketChannelImpl.", "java.net.Socket$Socket",
            "sun.nio.ch.Net.connect");

    private WallStacks() {
    }

    /** The wait the stack shows, or null when it names none (file I/O, a safepoint, an unknown native wait). */
    static Events.WaitKind classify(List<Frame> frames) {
        int firstJava = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (frames.get(i).java()) {
                firstJava = i;
                break;
            }
        }
        int nativeTop = firstJava < 0 ? frames.size() : firstJava;
        for (int i = 0; i < nativeTop; i++) {
            String n = frames.get(i).name();
            if (containsAny(n, MONITOR_WAIT)) {
                return Events.WaitKind.MONITOR_WAIT;
            }
            if (containsAny(n, MONITOR_ENTER) || containsAny(n, VM_MUTEX)) {
                return Events.WaitKind.MONITOR_ENTER;
            }
        }
        if (firstJava < 0) {
            return null;
        }
        String top = frames.get(firstJava).name();
        if (top.startsWith("jdk.internal.misc.Unsafe.park")
                || top.startsWith("java.util.concurrent.locks.LockSupport.park")) {
            return park(frames);
        }
        if (top.startsWith("java.lang.Thread.sleep")) {
            return Events.WaitKind.SLEEP;
        }
        if (top.startsWith("java.lang.Object.wait")) {
            return Events.WaitKind.MONITOR_WAIT;
        }
        if (startsWithAny(top, SOCKET)) {
            return socket(frames, firstJava);
        }
        return null;
    }

    private static Events.WaitKind park(List<Frame> frames) {
        for (Frame f : frames) {
            if (f.name().startsWith("com.zaxxer.hikari.")) {
                return Events.WaitKind.PARK_POOL;
            }
            if (f.name().startsWith("io.lettuce.")) {
                return Events.WaitKind.PARK_REDIS;
            }
        }
        return Events.WaitKind.PARK_OTHER;
    }

    private static Events.WaitKind socket(List<Frame> frames, int firstJava) {
        boolean write = false;
        for (int i = firstJava; i < frames.size(); i++) {
            String n = frames.get(i).name();
            if (startsWithAny(n, SOCKET)) {
                write |= n.substring(n.lastIndexOf('.') + 1).toLowerCase(java.util.Locale.ROOT)
                        .contains("write");
                continue;
            }
            if (n.startsWith("io.lettuce.")) {
                return Events.WaitKind.PARK_REDIS;
            }
            if (startsWithAny(n, StackClassifier.JDBC_PACKAGES)) {
                return Events.WaitKind.DATABASE_IO;
            }
        }
        return write ? Events.WaitKind.SOCKET_WRITE : Events.WaitKind.SOCKET_READ;
    }

    private static boolean containsAny(String s, List<String> parts) {
        for (String p : parts) {
            if (s.contains(p)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWithAny(String s, List<String> prefixes) {
        for (String p : prefixes) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
