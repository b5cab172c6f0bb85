package dev.poolscope.analysis.report;

import java.util.List;

import dev.poolscope.analysis.model.EventLoops;
import dev.poolscope.format.summary.Summary;

/** summary.json's {@code event_loops}: the reactive stack's loops, their stalls and the frames that blocked them. */
final class EventLoopsJson {
    private EventLoopsJson() {
    }

    /** Null for a servlet server's run. */
    static Summary.EventLoops of(EventLoops l) {
        if (!l.reactive()) {
            return null;
        }
        return new Summary.EventLoops((long) l.loops(), l.stalls(), ms(l.stallNanos()), l.blockedStalls(),
                ms(l.blockedNanos()), Math.round(l.blockedPct() * 10) / 1000.0,
                ms(l.queueBehindBlockedNanos()),
                ms(l.queueBehindCpuNanos()), l.otherLoopStalls(), ms(l.otherLoopStallNanos()),
                Math.round(l.redisLoopBusyPct() * 10) / 1000.0, frames(l.blockingFrames()),
                frames(l.cpuFrames()));
    }

    private static List<Summary.EventLoops.Frame> frames(List<EventLoops.Frame> frames) {
        return frames.stream().map(f -> new Summary.EventLoops.Frame(f.frame(), f.count(), ms(f.nanos())))
                .toList();
    }

    private static double ms(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }
}
