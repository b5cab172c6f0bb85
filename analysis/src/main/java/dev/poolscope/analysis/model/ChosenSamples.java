package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.jtl.JtlSample;

/**
 * The JMeter samples of a request sample's chosen requests, gathered on the .jtl's first read when the requests were
 * chosen before it: what a second read of the .jtl would keep ({@link ClientCollector}), without that read. A sample
 * with a request id is kept when its id is a chosen request's; one without, when it is every {@code every}-th of those
 * without (the first read's final stride, which only doubles, so the ones kept at a smaller stride are thinned as it
 * grows). At most {@code bound} with an id are gathered: past them every later sample lies beyond the cap the kept
 * list is cut to, and is only counted.
 */
final class ChosenSamples {
    private final RequestSample.Lookup sample;
    private final long bound;
    private final List<JtlSample> gathered = new ArrayList<>();
    /** For each gathered sample, its index among the samples without an id; -1 for one with an id. */
    private final LongList noIdIndex = new LongList();
    private long withId;
    private long noIdSeen;
    private boolean sawId;
    /** Once {@link #bound} samples with an id are gathered: the later chosen ones, and where those without began. */
    private boolean full;
    private long laterWithId;
    private long laterNoIdFrom;

    /** {@code bound}: at least as many as the kept list can hold (the larger of the client and request caps). */
    ChosenSamples(RequestSample.Lookup sample, long bound) {
        this.sample = sample;
        this.bound = bound;
    }

    /** The next sample of the first read, in file order; {@code every} is the first read's stride so far. */
    void accept(JtlSample s, long every) {
        boolean hasId = s.requestId() != null && !s.requestId().isEmpty();
        if (!hasId) {
            long index = noIdSeen++;
            if (!full && index % every == 0) {
                gathered.add(s);
                noIdIndex.add(index);
            }
            return;
        }
        sawId = true;
        if (!sample.chosenId(s.requestId())) {
            return;
        }
        if (full) {
            laterWithId++;
            return;
        }
        gathered.add(s);
        noIdIndex.add(-1);
        if (++withId >= bound) {
            full = true;
            laterNoIdFrom = noIdSeen;
        }
    }

    /** Whether a sample with a request id was read: the .jtl has the column, so its samples are joined by id. */
    boolean sawId() {
        return sawId;
    }

    /** The first read's stride doubled to {@code every}: those without an id no longer on it go. */
    void thin(long every) {
        int to = 0;
        for (int i = 0; i < gathered.size(); i++) {
            long index = noIdIndex.get(i);
            if (index < 0 || index % every == 0) {
                gathered.set(to, gathered.get(i));
                noIdIndex.set(to, index);
                to++;
            }
        }
        gathered.subList(to, gathered.size()).clear();
        noIdIndex.truncate(to);
    }

    /**
     * The gathered samples on the first read's final stride {@code every}, at most {@code max} of them in file order,
     * into {@code into}; returns how many more a second read would have found and dropped for the cap.
     */
    long finish(List<JtlSample> into, long every, int max) {
        thin(every);
        int keep = Math.min(max, gathered.size());
        into.addAll(gathered.subList(0, keep));
        long dropped = gathered.size() - keep + laterWithId;
        if (full) {
            // Those without an id after the bound: the ones on the final stride among indexes [from, seen).
            dropped += onStride(noIdSeen, every) - onStride(laterNoIdFrom, every);
        }
        return dropped;
    }

    /** How many of the indexes [0, n) are multiples of {@code every}. */
    private static long onStride(long n, long every) {
        return (n + every - 1) / every;
    }
}
