package dev.poolscope.analysis.rules.cpu;

import java.util.Arrays;

import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.recording.Events;

/**
 * The most requests the server had in flight at once: from every request's server span when the model holds all of
 * them, and from the worker pool's own busy counts (sampled each second) whenever the server reports them. A thread
 * pool capped at this many or more would have held no request back.
 */
final class InFlight {
    private InFlight() {
    }

    /** The most requests in flight at once ({@code count} -1: not measured), and whether every request's span said so. */
    record Most(int count, boolean fromSpans) {
    }

    static Most most(RunModel run) {
        int gauges = -1;
        for (Events.WorkerPoolGauge g : run.pools().worker()) {
            gauges = Math.max(gauges, g.busy());
        }
        // A sample of the requests says nothing about how many ran at once: only the whole set does.
        if (run.requestScale() == 1 && !run.requests().isEmpty()) {
            int spans = fromSpans(run);
            return spans >= gauges ? new Most(spans, true) : new Most(gauges, false);
        }
        return new Most(gauges, false);
    }

    /** The largest overlap of the requests' server spans. */
    private static int fromSpans(RunModel run) {
        return overlap(run.requests().stream().mapToLong(RequestTimeline::startNanos).toArray(),
                run.requests().stream().mapToLong(RequestTimeline::endNanos).toArray());
    }

    /** The most intervals open at once; one ending as another starts is no overlap. Sorts both arrays. */
    static int overlap(long[] starts, long[] ends) {
        Arrays.sort(starts);
        Arrays.sort(ends);
        int most = 0;
        int now = 0;
        int e = 0;
        for (long s : starts) {
            while (e < ends.length && ends[e] <= s) {
                e++;
                now--;
            }
            now++;
            most = Math.max(most, now);
        }
        return most;
    }
}
