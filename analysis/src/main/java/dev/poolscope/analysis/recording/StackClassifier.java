package dev.poolscope.analysis.recording;

import java.util.List;

import dev.poolscope.analysis.recording.jfr.JfrEvent;
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
        return park(frames(stack));
    }

    static Events.WaitKind park(JfrEvent.FrameList frames) {
        if (frames == null) {
            return Events.WaitKind.PARK_OTHER;
        }
        for (int i = 0; i < frames.size(); i++) {
            String type = frames.className(i);
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
        return socket(frames(stack), plain);
    }

    static Events.WaitKind socket(JfrEvent.FrameList frames, Events.WaitKind plain) {
        if (frames == null) {
            return plain;
        }
        for (int i = 0; i < frames.size(); i++) {
            String type = frames.className(i);
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
        return yieldSpin(frames(stack));
    }

    static boolean yieldSpin(JfrEvent.FrameList frames) {
        if (frames == null) {
            return false;
        }
        SpinMatch m = new SpinMatch();
        for (int i = 0; i < frames.size() && i < SPIN_DEPTH; i++) {
            if (m.next(frames.className(i), frames.methodName(i))) {
                return true;
            }
        }
        return false;
    }

    /** The JDK parser's stack as a frame list; null without a stack. */
    private static JfrEvent.FrameList frames(RecordedStackTrace stack) {
        if (stack == null) {
            return null;
        }
        List<RecordedFrame> frames = stack.getFrames();
        return new JfrEvent.FrameList() {
            @Override
            public int size() {
                return frames.size();
            }

            @Override
            public String className(int i) {
                return typeName(frames.get(i));
            }

            @Override
            public String methodName(int i) {
                RecordedFrame f = frames.get(i);
                return f.getMethod() == null ? "" : f.getMethod().getName();
            }
        };
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

    /** Packages of the JDK itself: a site is the first frame outside them, where the application (or a library) is. */
    static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    /**
     * The frame a user can change: the first from the top outside the JDK, as "class.method"; the top frame when every
     * frame is the JDK's; "" for an empty stack.
     */
    public static String site(JfrEvent.FrameList frames) {
        if (frames == null || frames.size() == 0) {
            return "";
        }
        String outside = firstOutsideJdk(frames);
        return outside != null ? outside : frames.className(0) + "." + frames.methodName(0);
    }

    /**
     * As {@link #site}, from the top of the stack first: most sites are within a few frames of the top, and decoding
     * only those spares decoding the rest (JFR keeps 64). The whole stack only when its top is all the JDK's.
     */
    static String site(JfrEvent ev, long stackKey, int topFrames) {
        JfrEvent.Frames top = ev.topFrames(stackKey, topFrames);
        if (top.size() == 0) {
            return "";
        }
        String outside = firstOutsideJdk(top);
        if (outside != null) {
            return outside;
        }
        return top.whole() ? site(top) : site(ev.frames(stackKey));
    }

    /** The first frame from the top outside the JDK, as "class.method"; null when there is none. */
    private static String firstOutsideJdk(JfrEvent.FrameList frames) {
        for (int i = 0; i < frames.size(); i++) {
            String type = frames.className(i);
            if (!inJdk(type)) {
                return type + "." + frames.methodName(i);
            }
        }
        return null;
    }

    private static boolean inJdk(String className) {
        // A loop, not a stream: this runs for every frame of every site looked up.
        for (String p : JDK_PACKAGES) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
