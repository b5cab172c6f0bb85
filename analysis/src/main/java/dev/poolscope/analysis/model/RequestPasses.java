package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.recording.ChunkSink;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RecordingListener;
import dev.poolscope.analysis.recording.RecordingReader;

/**
 * The request-only pass before the full read: it counts the requests in the window, finds the longest, and past the
 * cap chooses every k-th (k a power of two), so the kept requests spread evenly over the window whatever their count.
 * Chunks are read in parallel and joined in file order, which numbers their requests. When a chunk holds more
 * requests than it may note, a second pass chooses with the stride the first counted (each chunk's offset from the
 * first's counts).
 */
final class RequestPasses {
    private final int maxRequests;
    private final CountingPass keys;
    /** When fed by hand (tests): the one chunk of the first pass; the second pass's, when wanted. */
    private CountingPass part;
    private ChoosingPass choosing;
    /** When fed by hand (tests): 0, 1 (only when the first pass could not choose), then done. */
    private int pass;
    private RequestSample sample = RequestSample.all(0);

    RequestPasses(int maxRequests) {
        this.maxRequests = maxRequests;
        this.keys = new CountingPass(maxRequests, RequestCollector.SLOWEST);
        this.part = keys.fork();
    }

    /** Takes {@code s} as chosen, without a pass: a steady part read from a whole read's segments. */
    void use(RequestSample s) {
        sample = s;
        pass = 2;
    }

    /** The sample the full read keeps. */
    RequestSample sample() {
        return sample;
    }

    /**
     * The span of the requests the passes counted, from the first start to the last end, as a window; null without
     * any.
     */
    MeasuredWindow requestSpan() {
        return keys.counted == 0 || keys.lastEnd < keys.firstStart
                ? null
                : new MeasuredWindow(keys.firstStart, keys.lastEnd, MeasuredWindow.Source.REQUESTS);
    }

    /** How many requests of the window the passes counted. */
    long counted() {
        return keys.counted;
    }

    /** The first start of the requests counted (MAX_VALUE without any). */
    long firstStart() {
        return keys.firstStart;
    }

    /** The last start of the requests counted (MIN_VALUE without any). */
    long lastStart() {
        return keys.lastStart;
    }

    RequestSample read(RecordingReader reader, RecordingReader.Source source, MeasuredWindow window)
            throws RecordingException {
        Scope in = new Scope(window, RequestSample.all(0));
        List<Long> perChunk = new ArrayList<>();
        reader.requests(source, ChunkSink.of(i -> new RequestKeys(in, keys.fork(), null), p -> {
            perChunk.add(p.keys.counted);
            keys.join(p.keys);
        }));
        if (keys.overflow) {
            long every = RequestSample.every(keys.counted, maxRequests);
            long[] offsets = new long[perChunk.size()];
            for (int i = 1; i < offsets.length; i++) {
                offsets[i] = offsets[i - 1] + perChunk.get(i - 1);
            }
            choosing = new ChoosingPass(every, 0);
            reader.requests(source, ChunkSink.of(i -> new RequestKeys(in, null,
                    new ChoosingPass(every, offsets[i])), p -> choosing.join(p.choosing)));
        }
        pass = 2;
        return sample = decide();
    }

    private RequestSample decide() {
        if (keys.overflow) {
            long every = RequestSample.every(keys.counted, maxRequests);
            return RequestSample.of(keys.counted, every, choosing.noted(), keys.longest());
        }
        return keys.every() > 1
                ? RequestSample.of(keys.counted, keys.every(), keys.noted(), keys.longest())
                : RequestSample.all(keys.counted);
    }

    boolean wantsPass() {
        return pass == 0 || pass == 1 && keys.overflow;
    }

    void request(Events.Request e, MeasuredWindow window) {
        new RequestKeys(new Scope(window, RequestSample.all(0)), pass == 0 ? part : null, choosing)
                .requestPass(e);
    }

    void passEnd() {
        if (pass == 0) {
            keys.join(part);
            if (keys.overflow) {
                choosing = new ChoosingPass(RequestSample.every(keys.counted, maxRequests), 0);
            } else {
                sample = decide();
            }
        } else if (pass == 1) {
            sample = decide();
        }
        pass++;
    }

    /** One chunk's part of a request pass: counting and noting, or choosing every k-th. */
    private static final class RequestKeys implements RecordingListener {
        private final Scope scope;
        final CountingPass keys;
        final ChoosingPass choosing;

        RequestKeys(Scope scope, CountingPass keys, ChoosingPass choosing) {
            this.scope = scope;
            this.keys = keys;
            this.choosing = choosing;
        }

        @Override
        public void requestPass(Events.Request e) {
            if (!scope.counts(e.requestId(), e.startNanos())) {
                return;
            }
            if (keys != null) {
                keys.request(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), e.requestId());
            } else {
                choosing.request(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), e.requestId());
            }
        }
    }
}
