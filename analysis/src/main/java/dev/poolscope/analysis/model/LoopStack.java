package dev.poolscope.analysis.model;

import java.util.List;

/**
 * Reads a {@code poolscope.LoopStall} stack (top frame first, one {@code class.method(File:line)} per line): whether
 * the loop was blocked in a call that waits (a park, a sleep, a monitor wait, a socket read or poll), and the
 * application frame that made it, the line to move off the loop.
 */
final class LoopStack {
    /** Frames that wait without using a CPU, as the JDK writes them (prefixes of {@code class.method}). */
    static final List<String> WAITING = List.of("jdk.internal.misc.Unsafe.park",
            "java.util.concurrent.locks.LockSupport.park", "java.lang.Thread.sleep", "java.lang.Object.wait",
            "java.lang.Thread.onSpinWait", "sun.nio.ch.Net.poll", "sun.nio.ch.NioSocketImpl.park",
            "sun.nio.ch.NioSocketImpl.timedRead", "sun.nio.ch.SocketDispatcher.read",
            "sun.nio.ch.SocketDispatcher.write", "java.net.SocketInputStream.socketRead",
            "java.net.PlainSocketImpl.socketConnect", "sun.nio.ch.Net.connect",
            "sun.nio.ch.FileDispatcherImpl.read",
            "java.io.FileInputStream.read");
    /** The waiting call is one of the first few frames: below them is whoever called it. */
    static final int TOP = 4;
    /** Libraries and the JDK: the first frame outside them is the application's line. */
    static final List<String> LIBRARY = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "kotlin.",
            "kotlinx.", "scala.", "org.springframework.", "reactor.", "io.netty.", "io.r2dbc.", "io.lettuce.",
            "com.zaxxer.", "org.postgresql.", "io.micrometer.", "org.reactivestreams.", "com.fasterxml.",
            "org.hibernate.", "org.apache.", "dev.poolscope.agent.");

    private LoopStack() {
    }

    static boolean blocking(String stack) {
        if (stack == null || stack.isEmpty()) {
            return false;
        }
        String[] frames = stack.split("\n", TOP + 1);
        for (int i = 0; i < Math.min(TOP, frames.length); i++) {
            String f = frames[i].trim();
            for (String w : WAITING) {
                if (f.startsWith(w)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The first application frame, else the top frame; "" without a stack. */
    static String frame(String stack) {
        if (stack == null || stack.isBlank()) {
            return "";
        }
        String top = null;
        for (String line : stack.split("\n")) {
            String f = line.trim();
            if (f.isEmpty()) {
                continue;
            }
            if (top == null) {
                top = f;
            }
            if (LIBRARY.stream().noneMatch(f::startsWith)) {
                return f;
            }
        }
        return top == null ? "" : top;
    }
}
