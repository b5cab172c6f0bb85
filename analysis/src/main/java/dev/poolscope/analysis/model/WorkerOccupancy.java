package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.poolscope.analysis.recording.Events;

/**
 * Busy workers at each gauge sample. A server that cannot count its busy workers reports -1 (Undertow's XNIO
 * pool); on platform threads every request in flight holds one worker, so the requests whose server span covers
 * the sample's instant are the busy count. The server's own count is kept wherever it has one.
 */
public final class WorkerOccupancy {
    private final List<Events.WorkerPoolGauge> gauges;
    private final boolean derived;

    private WorkerOccupancy(List<Events.WorkerPoolGauge> gauges, boolean derived) {
        this.gauges = gauges;
        this.derived = derived;
    }

    public static WorkerOccupancy of(RunModel run) {
        List<Events.WorkerPoolGauge> g = run.pools().worker();
        if (g.stream().allMatch(w -> w.busy() >= 0) || run.requests().isEmpty()) {
            return new WorkerOccupancy(g, false);
        }
        long[] starts = run.requests().stream().mapToLong(RequestTimeline::startNanos).sorted().toArray();
        long[] ends = run.requests().stream().mapToLong(RequestTimeline::endNanos).sorted().toArray();
        List<Events.WorkerPoolGauge> out = new ArrayList<>(g.size());
        boolean derived = false;
        for (Events.WorkerPoolGauge w : g) {
            if (w.busy() >= 0) {
                out.add(w);
                continue;
            }
            int inFlight = (int) run
                    .overAllRequests(atOrBefore(starts, w.timeNanos()) - atOrBefore(ends, w.timeNanos()));
            out.add(new Events.WorkerPoolGauge(w.timeNanos(), w.server(), inFlight, w.size(), w.max(),
                    w.queued()));
            derived = true;
        }
        return new WorkerOccupancy(List.copyOf(out), derived);
    }

    /** The gauges with a busy count in every sample that the server or the request spans could give. */
    public List<Events.WorkerPoolGauge> gauges() {
        return gauges;
    }

    /** Whether some busy counts are requests in flight rather than the server's own. */
    public boolean derived() {
        return derived;
    }

    /** Percent of samples with every worker busy (0 without samples). */
    public double fullPct() {
        if (gauges.isEmpty()) {
            return 0;
        }
        long n = gauges.stream().filter(w -> w.max() > 0 && w.busy() >= w.max()).count();
        return 100.0 * n / gauges.size();
    }

    private static int atOrBefore(long[] sorted, long t) {
        int i = Arrays.binarySearch(sorted, t);
        if (i < 0) {
            return -i - 1;
        }
        while (i + 1 < sorted.length && sorted[i + 1] == t) {
            i++;
        }
        return i + 1;
    }
}
