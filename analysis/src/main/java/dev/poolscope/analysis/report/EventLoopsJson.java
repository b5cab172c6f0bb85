package dev.poolscope.analysis.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.poolscope.analysis.model.EventLoops;

/** summary.json's {@code event_loops}: the reactive stack's loops, their stalls and the frames that blocked them. */
final class EventLoopsJson {
    private EventLoopsJson() {
    }

    static void put(ObjectNode root, EventLoops l) {
        if (!l.reactive()) {
            root.putNull("event_loops");
            return;
        }
        ObjectNode o = root.putObject("event_loops");
        o.put("loops", l.loops());
        o.put("stalls", l.stalls());
        o.put("stall_ms", ms(l.stallNanos()));
        o.put("blocked_stalls", l.blockedStalls());
        o.put("blocked_ms", ms(l.blockedNanos()));
        o.put("blocked_share", Math.round(l.blockedPct() * 10) / 1000.0);
        o.put("queue_behind_blocked_ms", ms(l.queueBehindBlockedNanos()));
        o.put("queue_behind_cpu_ms", ms(l.queueBehindCpuNanos()));
        o.put("other_loop_stalls", l.otherLoopStalls());
        o.put("other_loop_stall_ms", ms(l.otherLoopStallNanos()));
        o.put("redis_loop_busy_share", Math.round(l.redisLoopBusyPct() * 10) / 1000.0);
        frames(o.putArray("blocking_frames"), l.blockingFrames());
        frames(o.putArray("cpu_frames"), l.cpuFrames());
    }

    private static void frames(ArrayNode out, java.util.List<EventLoops.Frame> frames) {
        for (EventLoops.Frame f : frames) {
            ObjectNode o = out.addObject();
            o.put("frame", f.frame());
            o.put("count", f.count());
            o.put("ms", ms(f.nanos()));
        }
    }

    private static double ms(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }
}
