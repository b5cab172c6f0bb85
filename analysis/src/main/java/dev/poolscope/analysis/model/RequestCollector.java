package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.poolscope.analysis.recording.Events;

/**
 * The requests of the measured window: all of them counted (warm-up and those outside the window apart), the sample's
 * kept, and the window's longest beside the sample for the slowest-request profiles.
 */
final class RequestCollector implements Collector<RequestCollector> {
    /** How many of the window's longest requests are kept beside a sample. */
    static final int SLOWEST = 10;

    private final Scope scope;
    /**
     * At most this many kept, whatever the sample chose: requests that repeat (the same recording written several
     * times over) share the chosen ones' keys. Joined in file order, so the first ones stay.
     */
    private final int max;
    long overCap;
    final List<Events.Request> requests = new ArrayList<>();
    /** With a sample of the requests: the window's longest ones it did not choose, for the slowest profiles only. */
    final List<Events.Request> longest = new ArrayList<>();
    final Map<Long, Events.ThreadRef> threads = new HashMap<>();
    /** Threads that served a request on the reactive stack: the event loops (Reactor Netty's). */
    final Set<Long> loops = new HashSet<>();
    long warmup;
    long outside;
    /** Requests of the window (kept or not) and their 5xx responses: the counts cover all of them. */
    long counted;
    long serverErrors;
    /** The first start and last end of every request counted (kept or not). */
    long countedFirst = Long.MAX_VALUE;
    long countedLast = Long.MIN_VALUE;
    /** The last start of every request counted. */
    long countedLastStart = Long.MIN_VALUE;

    RequestCollector(Scope scope, int max) {
        this.scope = scope;
        this.max = max;
    }

    @Override
    public RequestCollector fork(Scope s) {
        return new RequestCollector(s, max);
    }

    /** Absorbs a time segment outside the steady part: its requests counted as outside the window. */
    void joinOutside(RequestCollector later) {
        warmup += later.warmup;
        outside += later.outside + later.counted;
    }

    @Override
    public void join(RequestCollector later) {
        int room = (int) Math.max(0, max - scope.caps.requests);
        if (later.requests.size() <= room) {
            requests.addAll(later.requests);
            scope.caps.requests += later.requests.size();
        } else {
            requests.addAll(later.requests.subList(0, room));
            scope.caps.requests += room;
            overCap += later.requests.size() - room;
        }
        overCap += later.overCap;
        for (Events.Request r : later.longest) {
            if (longest.size() < SLOWEST) {
                longest.add(r);
            }
        }
        later.threads.forEach(threads::putIfAbsent);
        loops.addAll(later.loops);
        warmup += later.warmup;
        outside += later.outside;
        counted += later.counted;
        serverErrors += later.serverErrors;
        countedFirst = Math.min(countedFirst, later.countedFirst);
        countedLast = Math.max(countedLast, later.countedLast);
        countedLastStart = Math.max(countedLastStart, later.countedLastStart);
    }

    @Override
    public void request(Events.Request e) {
        if (Scope.warmup(e.requestId())) {
            warmup++;
            return;
        }
        if (!scope.in(e.startNanos())) {
            outside++;
            return;
        }
        long tid = e.thread().javaThreadId();
        if (ReactiveData.NETTY.equals(e.server())) {
            loops.add(tid);
        }
        counted++;
        countedFirst = Math.min(countedFirst, e.startNanos());
        countedLast = Math.max(countedLast, e.endNanos());
        countedLastStart = Math.max(countedLastStart, e.startNanos());
        if (e.status() >= 500) {
            serverErrors++;
        }
        RequestSample.Lookup sample = scope.sample;
        if (!sample.active() || sample.chosen(tid, e.startNanos(), e.endNanos())) {
            if (scope.caps.requests >= max) {
                overCap++;
                return;
            }
            scope.caps.requests++;
            requests.add(e);
            threads.putIfAbsent(tid, e.thread());
        } else if (!ReactiveData.NETTY.equals(e.server())
                && sample.longestOnly(tid, e.startNanos(), e.endNanos())
                && longest.size() < SLOWEST) {
            longest.add(e);
            threads.putIfAbsent(tid, e.thread());
        }
    }
}
