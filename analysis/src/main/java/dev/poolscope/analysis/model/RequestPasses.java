package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.recording.ChunkSink;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RecordingListener;
import dev.poolscope.analysis.recording.RecordingReader;

/**
 * The request-only passes before the full read: the first counts the requests in the window (and finds the longest),
 * and past the cap a second chooses every k-th, so the kept requests spread evenly over the window whatever their
 * count. Chunks are counted in parallel; the choice needs each chunk's offset, which the count gives.
 */
final class RequestPasses {
    private final int maxRequests;
    private final RequestSample.Counting counting = new RequestSample.Counting(RequestCollector.SLOWEST);
    private RequestSample.Choosing choosing;
    /** When fed by hand (tests): 0, 1, then done. */
    private int pass;
    private RequestSample sample = RequestSample.all(0);

    RequestPasses(int maxRequests) {
        this.maxRequests = maxRequests;
    }

    /** The sample the full read keeps. */
    RequestSample sample() {
        return sample;
    }

    RequestSample read(RecordingReader reader, RecordingReader.Source source, MeasuredWindow window)
            throws RecordingException {
        Scope keys = new Scope(window, RequestSample.all(0));
        List<Long> perChunk = new ArrayList<>();
        reader.requests(source, ChunkSink.of(i -> new RequestKeys(keys, counting.fork(), null), p -> {
            perChunk.add(p.counting.counted);
            counting.join(p.counting);
        }));
        long every = RequestSample.every(counting.counted, maxRequests);
        if (every > 1) {
            long[] offsets = new long[perChunk.size()];
            for (int i = 1; i < offsets.length; i++) {
                offsets[i] = offsets[i - 1] + perChunk.get(i - 1);
            }
            choosing = new RequestSample.Choosing(every, 0);
            reader.requests(source, ChunkSink.of(i -> new RequestKeys(keys, null,
                    new RequestSample.Choosing(every, offsets[i])), p -> choosing.join(p.choosing)));
            sample = RequestSample.of(counting.counted, every, choosing, counting.longest());
        } else {
            sample = RequestSample.all(counting.counted);
        }
        pass = 2;
        return sample;
    }

    boolean wantsPass() {
        return pass == 0 || pass == 1 && choosing != null;
    }

    void request(Events.Request e, MeasuredWindow window) {
        new RequestKeys(new Scope(window, RequestSample.all(0)), pass == 0 ? counting : null, choosing)
                .requestPass(e);
    }

    void passEnd() {
        if (pass == 0) {
            long every = RequestSample.every(counting.counted, maxRequests);
            choosing = every > 1 ? new RequestSample.Choosing(every, 0) : null;
            sample = RequestSample.all(counting.counted);
        } else if (pass == 1) {
            sample = RequestSample.of(counting.counted, RequestSample.every(counting.counted, maxRequests),
                    choosing, counting.longest());
        }
        pass++;
    }

    /** One chunk's part of a request pass: counting, or choosing every k-th. */
    private static final class RequestKeys implements RecordingListener {
        private final Scope scope;
        final RequestSample.Counting counting;
        final RequestSample.Choosing choosing;

        RequestKeys(Scope scope, RequestSample.Counting counting, RequestSample.Choosing choosing) {
            this.scope = scope;
            this.counting = counting;
            this.choosing = choosing;
        }

        @Override
        public void requestPass(Events.Request e) {
            if (!scope.counts(e.requestId(), e.startNanos())) {
                return;
            }
            if (counting != null) {
                counting.request(e.thread().javaThreadId(), e.startNanos(), e.endNanos());
            } else {
                choosing.request(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), e.requestId());
            }
        }
    }
}
