package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;

/**
 * JMeter's samples joined to the server's requests: by request id, and samples without one by path and time
 * ({@link TimeJoin}, approximate). Leaves in {@link ClientCollector#client} the samples the client figures come from:
 * those that started inside the window and, with a sample of the requests, those of the kept requests.
 */
final class ClientJoin {
    /** {@code partner[i]}: the sample of the i-th request (in start order), or null. */
    record Result(JtlSample[] partner, long matchedById, long matchedByTime, long withId, long withoutId,
            long clientOutside) {
        long matched() {
            return matchedById + matchedByTime;
        }

        RunModel.Join join(RequestCollector requests, long kept) {
            return new RunModel.Join(matched(), matchedByTime, kept - matched(), withId - matchedById,
                    withoutId - matchedByTime, withoutId, requests.warmup, requests.outside, clientOutside);
        }
    }

    private ClientJoin() {
    }

    /**
     * Samples outside the window are dropped first (their count is returned); {@code notes} gets the window's notes
     * and the join's.
     */
    static Result join(List<Events.Request> requests, ClientCollector c, MeasuredWindow window,
            RequestSample.Lookup sample, RequestCollector counted, List<String> notes) {
        List<JtlSample> client = c.client;
        client.sort(Comparator.comparingLong(JtlSample::timeStampMillis));
        long clientOutside = 0;
        if (window != null) {
            int before = client.size();
            client.removeIf(s -> !window.contains(s.timeStampMillis() * 1_000_000L));
            clientOutside = c.every > 1 ? c.read - c.counted : before - client.size();
        }
        Notes.window(notes, counted, clientOutside);
        if (sample.active()) {
            // The client figures follow the request sample: the samples of the kept requests.
            client.removeIf(s -> hasId(s) && !sample.chosenId(s.requestId()));
        }
        Map<String, JtlSample> byId = new HashMap<>();
        List<JtlSample> noId = new ArrayList<>();
        for (JtlSample s : client) {
            if (hasId(s)) {
                byId.putIfAbsent(s.requestId(), s);
            } else {
                noId.add(s);
            }
        }
        long withoutId = noId.size();
        JtlSample[] partner = new JtlSample[requests.size()];
        long matchedById = 0;
        for (int i = 0; i < partner.length; i++) {
            String id = requests.get(i).requestId();
            partner[i] = id.isEmpty() ? null : byId.get(id);
            if (partner[i] != null) {
                matchedById++;
            }
        }
        // Plans that send no request id (the user's own) still get the client-vs-server view, approximately.
        TimeJoin.Result byTime = noId.isEmpty()
                ? new TimeJoin.Result(0, 0)
                : TimeJoin.join(noId, requests, partner);
        long matchedByTime = byTime.matched();
        if (!noId.isEmpty()) {
            notes.add(String.format(Locale.ROOT,
                    "%d of %d client samples without a request id joined to server spans by path and time"
                            + " (%.1f%%; approximate)%s",
                    matchedByTime, noId.size(), 100.0 * matchedByTime / noId.size(),
                    byTime.endedAfterClient() == 0
                            ? ""
                            : "; " + byTime.endedAfterClient()
                                    + " of those spans ended after the client had its"
                                    + " response (the server still sending, e.g. a 204's body)"));
        }
        if (sample.active() && !noId.isEmpty()) {
            // Without an id, a kept request's sample is the one the join by path and time gave it.
            Set<JtlSample> joined = Collections.newSetFromMap(new IdentityHashMap<>());
            for (JtlSample p : partner) {
                if (p != null) {
                    joined.add(p);
                }
            }
            client.removeIf(s -> !hasId(s) && !joined.contains(s));
            withoutId = matchedByTime;
        }
        Notes.client(notes, c, sample.active());
        return new Result(partner, matchedById, matchedByTime, byId.size(), withoutId, clientOutside);
    }

    private static boolean hasId(JtlSample s) {
        return s.requestId() != null && !s.requestId().isEmpty();
    }
}
