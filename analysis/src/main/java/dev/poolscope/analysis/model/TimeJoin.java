package dev.poolscope.analysis.model;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;

/**
 * Joins client samples without a request id to server spans by path and time: a span matches a sample when their
 * paths are equal and the span lies inside the sample's start..end, with two milliseconds of slack on each side: JMeter
 * writes whole milliseconds, and its clock is the wall clock read in whole milliseconds plus {@code nanoTime}
 * since (its default {@code sampleresult.useNanoTime}), so a sample's start can be up to 2 ms off the recording's
 * clock. One-to-one: samples are taken by earliest end, each takes the earliest-starting free span
 * that fits. This is an approximation: two concurrent requests to one path can swap partners.
 *
 * <p>
 * A span can also end after its client sample: the client is done once it has the response, and the server's
 * span closes after the response was sent (a 204 whose body the app still wrote, a flush before the filter chain
 * unwinds). Samples left without a partner by the first pass get a second: the earliest-starting free span that
 * started inside the sample, however late it ended. The first pass goes first so that such a span never takes the
 * partner of a sample that holds a span whole.
 */
final class TimeJoin {

    static final long SLACK_NANOS = 2_000_000L;

    /** {@code endedAfterClient}: the matches of the second pass, part of {@code matched}. */
    record Result(long matched, long endedAfterClient) {
    }

    private TimeJoin() {
    }

    /**
     * @param spans the server spans not joined by id; {@code partner[i]} receives the sample matched to
     *            {@code spans.get(i)}
     */
    static Result join(List<JtlSample> samples, List<Events.Request> spans, JtlSample[] partner) {
        Map<String, List<Integer>> byPath = new HashMap<>();
        for (int i = 0; i < spans.size(); i++) {
            if (partner[i] == null) {
                byPath.computeIfAbsent(path(spans.get(i).uri()), k -> new ArrayList<>()).add(i);
            }
        }
        Map<String, Path> paths = new HashMap<>();
        byPath.forEach((k, v) -> paths.put(k, new Path(spans, v)));
        List<JtlSample> byEnd = samples.stream().sorted(Comparator.comparingLong(JtlSample::endMillis))
                .toList();
        boolean[] taken = new boolean[byEnd.size()];
        long whole = pass(byEnd, paths, partner, taken, true);
        long late = pass(byEnd, paths, partner, taken, false);
        return new Result(whole + late, late);
    }

    /** Matches the samples not yet {@code taken}; {@code whole}: only spans that end inside the sample too. */
    private static long pass(List<JtlSample> byEnd, Map<String, Path> paths, JtlSample[] partner,
            boolean[] taken, boolean whole) {
        long matched = 0;
        for (int i = 0; i < byEnd.size(); i++) {
            JtlSample s = byEnd.get(i);
            Path p = paths.get(path(s.url()));
            if (taken[i] || p == null) {
                continue;
            }
            long from = s.timeStampMillis() * 1_000_000L - SLACK_NANOS;
            long to = s.endMillis() * 1_000_000L + SLACK_NANOS;
            int hit = p.take(from, to, whole ? to : Long.MAX_VALUE);
            if (hit >= 0) {
                partner[hit] = s;
                taken[i] = true;
                matched++;
            }
        }
        return matched;
    }

    /** The free spans of one path, by start. */
    private static final class Path {
        private final long[] start;
        private final long[] end;
        private final int[] index;
        private final TreeSet<Integer> free = new TreeSet<>();

        Path(List<Events.Request> spans, List<Integer> indexes) {
            List<Integer> sorted = new ArrayList<>(indexes);
            sorted.sort(Comparator.comparingLong(i -> spans.get(i).startNanos()));
            start = new long[sorted.size()];
            end = new long[sorted.size()];
            index = new int[sorted.size()];
            for (int k = 0; k < sorted.size(); k++) {
                Events.Request r = spans.get(sorted.get(k));
                start[k] = r.startNanos();
                end[k] = r.endNanos();
                index[k] = sorted.get(k);
                free.add(k);
            }
        }

        /**
         * Removes and returns the earliest free span that starts inside from..to and ends by {@code endBy} (its index
         * in the spans), or -1.
         */
        int take(long from, long to, long endBy) {
            int lo = Arrays.binarySearch(start, from);
            if (lo < 0) {
                lo = -lo - 1;
            }
            while (lo > 0 && start[lo - 1] == from) {
                lo--;
            }
            for (Integer k : free.tailSet(lo)) {
                if (start[k] > to) {
                    return -1;
                }
                if (end[k] <= endBy) {
                    free.remove(k);
                    return index[k];
                }
            }
            return -1;
        }
    }

    /** The path of a URL or URI, without scheme, host and query; "" when there is none. */
    static String path(String url) {
        if (url == null || url.isEmpty()) {
            return "";
        }
        String u = url;
        int q = u.indexOf('?');
        if (q >= 0) {
            u = u.substring(0, q);
        }
        try {
            String p = URI.create(u).getRawPath();
            return p == null || p.isEmpty() ? "/" : p;
        } catch (IllegalArgumentException e) {
            int scheme = u.indexOf("://");
            int slash = scheme < 0 ? u.indexOf('/') : u.indexOf('/', scheme + 3);
            return slash < 0 ? "/" : u.substring(slash);
        }
    }
}
