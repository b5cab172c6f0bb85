package dev.poolscope.analysis.recording;

import java.util.List;

import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

/**
 * Classifies waits by stack frames, never by parkedClass: the parked class differs between JDK versions while the
 * frames (HikariCP's ConcurrentBag.borrow, Lettuce's futures) do not.
 */
final class StackClassifier {
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

    /** Thread.yield (or its native yield0) called from ConcurrentBag.requite: Hikari's hand-off spin. */
    static boolean yieldSpin(RecordedStackTrace stack) {
        if (stack == null) {
            return false;
        }
        List<RecordedFrame> frames = stack.getFrames();
        boolean yield = false;
        for (int i = 0; i < frames.size() && i < 8; i++) {
            RecordedFrame f = frames.get(i);
            String method = f.getMethod() == null ? "" : f.getMethod().getName();
            if (typeName(f).equals("java.lang.Thread") && method.startsWith("yield")) {
                yield = true;
            }
            if (yield && typeName(f).equals("com.zaxxer.hikari.util.ConcurrentBag")
                    && method.equals("requite")) {
                return true;
            }
        }
        return false;
    }

    private static String typeName(RecordedFrame f) {
        if (f.getMethod() == null || f.getMethod().getType() == null) {
            return "";
        }
        String name = f.getMethod().getType().getName();
        return name == null ? "" : name;
    }
}
