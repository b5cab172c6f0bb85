package dev.poolscope.analysis.report;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.WorkerOccupancy;
import dev.poolscope.analysis.model.StateTimeline;
import dev.poolscope.analysis.recording.Events;

/** View 6: one lane per worker thread, threads by cause over time, and the pool gauges. */
final class TimelineView {
    static final int LANE_HEIGHT = 10;
    /**
     * Pieces the report's lanes draw at most (about 150 bytes of report each, so about 1.8 MB): beyond it every lane
     * is drawn from columns of a pixel, then of 2, 4, ... pixels until they fit.
     */
    static final int MAX_DRAWN_PIECES = 12_000;
    /**
     * Room left of the data for a thread's name (up to {@link #NAME_CHARS} characters); the section's other charts
     * share it, so a second on one is the same column of pixels on all.
     */
    static final int LEFT = 120;
    static final int NAME_CHARS = 18;
    static final int PLOT_COLUMNS = 900 - LEFT - Plot.RIGHT;

    /** The lanes' pieces as drawn; {@code pixelsPerColumn} 0 when exact. */
    record Fitted(List<List<StateTimeline.Segment>> lanes, long pieces, long exactPieces,
            int pixelsPerColumn) {
    }

    public record Model(Plot lanes, Plot states, Plot workers, Plot hikari, String note) {
    }

    Model build(RunModel run) {
        StateTimeline t = run.timeline();
        double t0 = run.startNanos() / 1e9;
        double len = Math.max(1e-3, run.durationSeconds());
        Fitted fitted = fit(t, run.startNanos(), len, MAX_DRAWN_PIECES);
        Plot lanes = lanes(t, fitted, run.startNanos(), len, LANE_HEIGHT);
        double[][] byCause = t.threadsByCause();
        double max = 1;
        for (double[] b : byCause) {
            double sum = 0;
            for (double v : b) {
                sum += v;
            }
            max = Math.max(max, sum);
        }
        double bucket = t.bucketNanos() / 1e9;
        double offset = (t.startNanos() / 1e9) - t0;
        Plot states = new Plot(900, 240, LEFT, 0, len, 0, max * 1.05).axes("seconds since start",
                "threads in a request, by cause (average per bucket)");
        for (int b = 0; b < byCause.length; b++) {
            double y = 0;
            for (Cause c : Cause.ALL) {
                double v = byCause[b][c.ordinal()];
                if (v > 0) {
                    states.bar(offset + b * bucket, bucket, y, y + v, c.color(),
                            c.label() + ": " + Plot.tick(v) + " threads");
                    y += v;
                }
            }
        }
        for (Cause c : Cause.ALL) {
            states.legend(c.label(), c.color());
        }
        String note = "Lanes: the " + t.lanes().size() + " busiest worker threads"
                + (t.lanesOmitted() > 0 ? " (" + t.lanesOmitted() + " more not drawn)" : "")
                + aggregation(t) + drawn(fitted, len)
                + ". Time no event covers takes the colour of its largest share (CPU, run delay or unexplained).";
        return new Model(lanes, states, workerPlot(run, t0, len), hikariPlot(run, t0, len), note);
    }

    /**
     * What the lanes are drawn from, when not from their exact pieces: "; aggregated: 81234 pieces into columns of 38
     * ms, each in the cause that covered most of it".
     */
    static String aggregation(StateTimeline t) {
        return t.aggregated()
                ? "; aggregated: " + t.lanePieces() + " pieces (more than " + StateTimeline.MAX_LANE_PIECES
                        + " a report carries) drawn as columns of " + Fmt.ms(t.laneColumnNanos() / 1e6)
                        + ", each in the cause that covered most of it (blank where the thread was mostly between"
                        + " requests), so every lane spans the whole window"
                : "";
    }

    /**
     * One lane per thread, coloured by cause, over {@code seconds} from {@code startNanos}: the run report's lanes, and
     * the comparison's small multiples (same scale for every setting, so pass the longest run's length).
     */
    static Plot lanes(StateTimeline t, long startNanos, double seconds, int laneHeight) {
        List<List<StateTimeline.Segment>> perLane = new java.util.ArrayList<>();
        for (StateTimeline.Lane lane : t.lanes()) {
            perLane.add(perPixel(lane.segments(), startNanos, seconds));
        }
        return lanes(t, new Fitted(perLane, 0, 0, 1), startNanos, seconds, laneHeight);
    }

    /**
     * The report's lanes within {@code maxPieces}: exact when they fit, else each lane in columns of 1, 2, 4, ... pixels
     * (each in the cause that covered most of it, equal neighbours merged) until all lanes together fit.
     */
    static Fitted fit(StateTimeline t, long startNanos, double seconds, int maxPieces) {
        List<List<StateTimeline.Segment>> exact = new java.util.ArrayList<>();
        long exactPieces = 0;
        for (StateTimeline.Lane lane : t.lanes()) {
            exact.add(lane.segments());
            exactPieces += lane.segments().size();
        }
        if (exactPieces <= maxPieces) {
            return new Fitted(exact, exactPieces, exactPieces, 0);
        }
        for (int px = 1;; px *= 2) {
            int columns = Math.max(1, PLOT_COLUMNS / px);
            List<List<StateTimeline.Segment>> coarse = new java.util.ArrayList<>();
            long pieces = 0;
            for (StateTimeline.Lane lane : t.lanes()) {
                List<StateTimeline.Segment> c = perColumns(lane.segments(), startNanos, seconds, columns);
                coarse.add(c);
                pieces += c.size();
            }
            if (pieces <= maxPieces || columns == 1) {
                return new Fitted(coarse, pieces, exactPieces, px);
            }
        }
    }

    /** "; drawn: 11,873 pieces of 52,310, in columns of 2 px (145 ms)" when the lanes had to be coarsened. */
    static String drawn(Fitted f, double seconds) {
        if (f.pixelsPerColumn() == 0) {
            return "";
        }
        double columnMs = seconds * 1000 * f.pixelsPerColumn() / PLOT_COLUMNS;
        return String.format(java.util.Locale.ROOT,
                "; drawn: %,d pieces of %,d (at most %,d), each lane in columns of %d px (%s), each in the cause"
                        + " that covered most of it",
                f.pieces(), f.exactPieces(), MAX_DRAWN_PIECES, f.pixelsPerColumn(), Fmt.ms(columnMs));
    }

    private static Plot lanes(StateTimeline t, Fitted fitted, long startNanos, double seconds,
            int laneHeight) {
        double t0 = startNanos / 1e9;
        int n = Math.max(1, t.lanes().size());
        Plot lanes = new Plot(900, Plot.TOP + Plot.BOTTOM + n * laneHeight, LEFT, 0, seconds, 0, n)
                .xAxis("seconds since start");
        for (int i = 0; i < t.lanes().size(); i++) {
            StateTimeline.Lane lane = t.lanes().get(i);
            double y = n - i - 1;
            if (laneHeight >= LANE_HEIGHT) {
                lanes.text(lanes.labelX(), lanes.py(y + 0.2), shortName(lane.threadName()), "end");
            }
            List<StateTimeline.Segment> segments = fitted.lanes().get(i);
            for (StateTimeline.Segment s : segments) {
                double a = s.startNanos() / 1e9 - t0;
                double b = s.endNanos() / 1e9 - t0;
                lanes.bar(a, b - a, y + 0.1, y + 0.9, s.cause().color(),
                        lane.threadName() + ": " + s.cause().label() + " " + Fmt.ms((b - a) * 1000));
            }
        }
        for (Cause c : Cause.ALL) {
            lanes.legend(c.label(), c.color());
        }
        return lanes;
    }

    /**
     * Small multiples would carry every piece of every lane of every setting: instead each pixel column gets the
     * cause that covered most of it (or stays blank when the thread was mostly between requests), and equal neighbours
     * merge. A lane then has at most one piece per pixel.
     */
    static List<StateTimeline.Segment> perPixel(List<StateTimeline.Segment> segments, long startNanos,
            double seconds) {
        return perColumns(segments, startNanos, seconds, PLOT_COLUMNS);
    }

    static List<StateTimeline.Segment> perColumns(List<StateTimeline.Segment> segments, long startNanos,
            double seconds, int columns) {
        double colNanos = seconds * 1e9 / columns;
        long[][] covered = new long[columns][Cause.ALL.length];
        for (StateTimeline.Segment s : segments) {
            long t = s.startNanos();
            while (t < s.endNanos()) {
                int c = (int) ((t - startNanos) / colNanos);
                if (c < 0 || c >= columns) {
                    break;
                }
                long colEnd = startNanos + (long) Math.ceil((c + 1) * colNanos);
                long piece = Math.max(1, Math.min(s.endNanos(), colEnd) - t);
                covered[c][s.cause().ordinal()] += piece;
                t += piece;
            }
        }
        List<StateTimeline.Segment> out = new java.util.ArrayList<>();
        for (int c = 0; c < columns; c++) {
            int best = -1;
            long sum = 0;
            for (int k = 0; k < Cause.ALL.length; k++) {
                sum += covered[c][k];
                if (covered[c][k] > 0 && (best < 0 || covered[c][k] > covered[c][best])) {
                    best = k;
                }
            }
            // A pixel where the thread spent most of its time between requests stays blank.
            if (best < 0 || sum < colNanos - sum) {
                continue;
            }
            long a = startNanos + (long) (c * colNanos);
            long b = startNanos + (long) ((c + 1) * colNanos);
            if (!out.isEmpty() && out.getLast().cause() == Cause.ALL[best]
                    && out.getLast().endNanos() >= a - 1) {
                out.set(out.size() - 1,
                        new StateTimeline.Segment(out.getLast().startNanos(), b, Cause.ALL[best]));
            } else {
                out.add(new StateTimeline.Segment(a, b, Cause.ALL[best]));
            }
        }
        return out;
    }

    private static Plot workerPlot(RunModel run, double t0, double len) {
        List<Events.WorkerPoolGauge> g = WorkerOccupancy.of(run).gauges();
        if (g.isEmpty()) {
            return null;
        }
        double max = g.stream()
                .mapToDouble(w -> Math.max(Math.max(w.busy(), w.max()), Math.max(w.size(), w.queued())))
                .max().orElse(1);
        Plot p = new Plot(900, 200, LEFT, 0, len, 0, max * 1.05).axes("seconds since start",
                "worker threads");
        series(p, g.stream().mapToDouble(w -> w.timeNanos() / 1e9 - t0).toArray(),
                g.stream().mapToDouble(Events.WorkerPoolGauge::busy).toArray(), "busy", "#d62728");
        series(p, g.stream().mapToDouble(w -> w.timeNanos() / 1e9 - t0).toArray(),
                g.stream().mapToDouble(Events.WorkerPoolGauge::max).toArray(), "max", "#333333");
        series(p, g.stream().mapToDouble(w -> w.timeNanos() / 1e9 - t0).toArray(),
                g.stream().mapToDouble(Events.WorkerPoolGauge::size).toArray(), "size", "#1f77b4");
        if (g.stream().anyMatch(w -> w.queued() >= 0)) {
            series(p, g.stream().mapToDouble(w -> w.timeNanos() / 1e9 - t0).toArray(),
                    g.stream().mapToDouble(w -> Math.max(0, w.queued())).toArray(), "queued", "#ff7f0e");
        }
        return p;
    }

    private static Plot hikariPlot(RunModel run, double t0, double len) {
        List<Events.HikariPoolGauge> g = run.pools().hikari();
        if (g.isEmpty()) {
            return null;
        }
        double max = g.stream().mapToDouble(h -> Math.max(Math.max(h.active(), h.max()), h.waiting())).max()
                .orElse(1);
        Plot p = new Plot(900, 200, LEFT, 0, len, 0, max * 1.05).axes("seconds since start",
                "connections / threads");
        double[] xs = g.stream().mapToDouble(h -> h.timeNanos() / 1e9 - t0).toArray();
        series(p, xs, g.stream().mapToDouble(Events.HikariPoolGauge::active).toArray(), "active", "#d62728");
        series(p, xs, g.stream().mapToDouble(Events.HikariPoolGauge::idle).toArray(), "idle", "#2ca02c");
        series(p, xs, g.stream().mapToDouble(Events.HikariPoolGauge::waiting).toArray(), "waiting threads",
                "#9467bd");
        series(p, xs, g.stream().mapToDouble(Events.HikariPoolGauge::max).toArray(), "max", "#333333");
        return p;
    }

    private static void series(Plot p, double[] xs, double[] ys, String name, String color) {
        p.line(xs, ys, color);
        p.legend(name, color);
    }

    private static String shortName(String name) {
        return name.length() <= NAME_CHARS ? name : "…" + name.substring(name.length() - NAME_CHARS + 1);
    }
}
