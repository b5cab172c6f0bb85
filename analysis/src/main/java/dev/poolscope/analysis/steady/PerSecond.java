package dev.poolscope.analysis.steady;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RequestTimeline;

/**
 * One measure of the requests, second by second of load: milliseconds per request of the requests that started in
 * each second. The measures are the ones the rules read: server time, its split by cause, and the backlog in front
 * of the server (client time beyond server time, joined requests only).
 */
final class PerSecond {
    static final String SERVER = "server";
    static final String BACKLOG = "backlog";

    final String measure;
    private final double[] sumMs;
    private final long[] count;

    private PerSecond(String measure, int seconds) {
        this.measure = measure;
        this.sumMs = new double[seconds];
        this.count = new long[seconds];
    }

    /** Every measure over {@code seconds} whole seconds from {@code startNanos}; later requests are left out. */
    static List<PerSecond> of(List<RequestTimeline> requests, long startNanos, int seconds) {
        PerSecond server = new PerSecond(SERVER, seconds);
        PerSecond backlog = new PerSecond(BACKLOG, seconds);
        PerSecond[] causes = new PerSecond[Cause.ALL.length];
        for (Cause c : Cause.ALL) {
            causes[c.ordinal()] = new PerSecond(c.id(), seconds);
        }
        for (RequestTimeline r : requests) {
            long at = r.startNanos() - startNanos;
            if (at < 0) {
                continue;
            }
            long s = at / 1_000_000_000L;
            if (s >= seconds) {
                continue;
            }
            int i = (int) s;
            server.add(i, r.serverMillis());
            for (Cause c : Cause.ALL) {
                causes[c.ordinal()].add(i, r.breakdown().millis(c));
            }
            long b = r.backlogNanos();
            if (b >= 0) {
                backlog.add(i, b / 1e6);
            }
        }
        List<PerSecond> out = new ArrayList<>();
        out.add(server);
        out.addAll(List.of(causes));
        out.add(backlog);
        return out;
    }

    private void add(int second, double ms) {
        sumMs[second] += ms;
        count[second]++;
    }

    /** Each second's mean per request; NaN for a second in which no request started. */
    double[] levels() {
        double[] v = new double[sumMs.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = count[i] == 0 ? Double.NaN : sumMs[i] / count[i];
        }
        return v;
    }

    /** Milliseconds per request over the seconds [{@code from}, {@code to}); NaN without requests. */
    double perRequest(int from, int to) {
        double sum = 0;
        long n = 0;
        for (int i = Math.max(0, from); i < Math.min(to, sumMs.length); i++) {
            sum += sumMs[i];
            n += count[i];
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    int seconds() {
        return sumMs.length;
    }
}
