package dev.poolscope.agent.console;

import dev.poolscope.agent.hikari.HikariPools;
import dev.poolscope.agent.r2dbc.R2dbcPools;
import dev.poolscope.agent.request.RequestStats;
import dev.poolscope.agent.workers.WorkerPools;

import java.util.List;
import java.util.Locale;

/**
 * Scouter's equalizer in one line: throughput, in-flight requests, worker, Hikari and r2dbc-pool occupancy, and the p99
 * of the last window. Quiet until the first request, so a plain program sees nothing.
 */
public final class ConsoleLine {
    private long lastCompleted;
    private long lastNanos = System.nanoTime();

    /** The next line, or null when there is nothing to say yet. */
    public String next() {
        long now = System.nanoTime();
        long completed = RequestStats.completed();
        int active = RequestStats.active();
        long p99Micros = RequestStats.rollWindowP99Micros();
        double seconds = Math.max(1e-3, (now - lastNanos) / 1e9);
        double rate = (completed - lastCompleted) / seconds;
        lastCompleted = completed;
        lastNanos = now;
        if (completed == 0 && active == 0) {
            return null;
        }
        StringBuilder line = new StringBuilder(128);
        line.append(String.format(Locale.ROOT, "%.1f req/s | active %d", rate, active));
        List<WorkerPools.Gauge> gauges = WorkerPools.gauges();
        if (!gauges.isEmpty()) {
            int busy = 0;
            int max = 0;
            for (WorkerPools.Gauge g : gauges) {
                busy += Math.max(0, g.busy());
                max = g.max() < 0 || max < 0 ? -1 : max + g.max();
            }
            int[] r2dbc = R2dbcPools.totals();
            if (r2dbc != null) {
                line.append(" | r2dbc acquired ").append(r2dbc[0]).append('/').append(r2dbc[3])
                        .append(" idle ")
                        .append(r2dbc[1]).append(" pending ").append(r2dbc[2]);
            }
            line.append(" | workers ").append(busy).append('/')
                    .append(max < 0 ? "unbounded" : Integer.toString(max));
        }
        int[] hikari = HikariPools.totals();
        if (hikari != null) {
            line.append(" | hikari active ").append(hikari[0]).append('/').append(hikari[3]).append(" idle ")
                    .append(hikari[1]).append(" waiting ").append(hikari[2]);
        }
        int[] r2dbc = R2dbcPools.totals();
        if (r2dbc != null) {
            line.append(" | r2dbc acquired ").append(r2dbc[0]).append('/').append(r2dbc[3]).append(" idle ")
                    .append(r2dbc[1]).append(" pending ").append(r2dbc[2]);
        }
        line.append(" | p99 ").append(p99Micros < 0 ? "-" : formatMicros(p99Micros));
        return line.toString();
    }

    static String formatMicros(long micros) {
        if (micros < 1_000) {
            return "<=" + micros + "us";
        }
        if (micros < 1_000_000) {
            return "<=" + (micros / 1_000) + "ms";
        }
        return String.format(Locale.ROOT, "<=%.1fs", micros / 1e6);
    }
}
