package dev.poolscope.analysis.recording;

import java.util.List;

import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * Classifies waits by stack frames, never by parkedClass: the parked class differs between JDK versions while the
 * frames (HikariCP's ConcurrentBag.borrow, Lettuce's futures) do not.
 */
public final class StackClassifier {
    /**
     * Packages whose frames mark database I/O: {@code java.sql} (DriverManager, the interfaces' default methods),
     * HikariCP's proxies, and the common drivers (PostgreSQL, MySQL, MariaDB, Oracle, SQL Server, DB2, H2, HSQLDB,
     * Derby).
     */
    public static final List<String> JDBC_PACKAGES = List.of("java.sql.", "javax.sql.", "com.zaxxer.hikari.",
            "org.postgresql.", "com.mysql.", "org.mariadb.jdbc.", "oracle.jdbc.",
            "com.microsoft.sqlserver.jdbc.",
            "com.ibm.db2.", "org.h2.", "org.hsqldb.", "org.apache.derby.");

    private StackClassifier() {
    }

    static Events.WaitKind park(RecordedStackTrace stack) {
        if (stack == null) {
            return Events.WaitKind.PARK_OTHER;
        }
        for (RecordedFrame f : stack.getFrames()) {
            String type = typeName(f);
            if (type.startsWith("com.zaxxer.hikari.")) {
                return Events.WaitKind.PARK_POOL;
            }
            if (type.startsWith("io.lettuce.")) {
                return Events.WaitKind.PARK_REDIS;
            }
        }
        return Events.WaitKind.PARK_OTHER;
    }

    /**
     * A socket read or write is the database at work when a JDBC driver, {@code java.sql} or the connection pool is
     * on the stack: the wait is for the database's reply, whatever the socket layer below says.
     */
    static Events.WaitKind socket(RecordedStackTrace stack, Events.WaitKind plain) {
        if (stack == null) {
            return plain;
        }
        for (RecordedFrame f : stack.getFrames()) {
            String type = typeName(f);
            for (String driver : JDBC_PACKAGES) {
                if (type.startsWith(driver)) {
                    return Events.WaitKind.DATABASE_IO;
                }
            }
        }
        return plain;
    }

    /** Thread.yield (or its native yield0) called from ConcurrentBag.requite: Hikari's hand-off spin. */
    static boolean yieldSpin(RecordedStackTrace stack) {
        if (stack == null) {
            return false;
        }
        List<RecordedFrame> frames = stack.getFrames();
        SpinMatch m = new SpinMatch();
        for (int i = 0; i < frames.size() && i < SPIN_DEPTH; i++) {
            RecordedFrame f = frames.get(i);
            if (m.next(typeName(f), f.getMethod() == null ? "" : f.getMethod().getName())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The same test over another profiler's stack: {@code javaFrames} are the Java frames only ("class.method", top
     * first), so a sample taken inside the kernel's sched_yield matches as one taken in Thread.yield0 does.
     */
    public static boolean yieldSpin(List<String> javaFrames) {
        SpinMatch m = new SpinMatch();
        for (int i = 0; i < javaFrames.size() && i < SPIN_DEPTH; i++) {
            String f = javaFrames.get(i);
            int dot = f.lastIndexOf('.');
            if (dot > 0 && m.next(f.substring(0, dot), f.substring(dot + 1))) {
                return true;
            }
        }
        return false;
    }

    /** How far from the top the spin's frames are looked for: yield0, yield, requite and a few inlined ones. */
    private static final int SPIN_DEPTH = 8;

    /** Thread.yield seen, then ConcurrentBag.requite below it. */
    private static final class SpinMatch {
        private boolean yield;

        boolean next(String type, String method) {
            if (type.equals("java.lang.Thread") && method.startsWith("yield")) {
                yield = true;
            }
            return yield && type.equals("com.zaxxer.hikari.util.ConcurrentBag") && method.equals("requite");
        }
    }

    private static String typeName(RecordedFrame f) {
        if (f.getMethod() == null || f.getMethod().getType() == null) {
            return "";
        }
        String name = f.getMethod().getType().getName();
        return name == null ? "" : name;
    }
}
