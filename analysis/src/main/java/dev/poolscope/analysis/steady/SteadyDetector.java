package dev.poolscope.analysis.steady;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SteadyGrid;
import dev.poolscope.analysis.model.SteadyState;
import dev.poolscope.analysis.rules.Messages;

/**
 * Finds where a run's load settled, from the measures the rules read, second by second ({@link PerSecond}): each
 * measure's start is judged by {@link Leading}; the steady part begins where the last of them settled. When one still
 * changed after its start there is no steady part, and the run is judged whole. Sentences are templates in
 * {@code steady.properties}.
 */
public final class SteadyDetector {
    /** Fewer seconds of load than this give no spread to judge a level against. */
    static final int MIN_SECONDS = Leading.MIN_VALUES;
    /**
     * Below a millisecond per request a difference is invisible to a client: the limit the rules use for run delay and
     * Redis waits per request.
     */
    static final double VISIBLE_MS = 1;
    /**
     * Nor does a difference under this share of the run's server time per request: the smallest share of server time a
     * rule takes notice of (run delay's and lock waits' info limit, 5 %), so no share a rule reads can cross a limit
     * on it.
     */
    static final double VISIBLE_SHARE = 0.05;
    /** At most this many measures in a sentence, the largest differences first. */
    static final int SHOWN = 3;
    private static final Properties TEXT = load();

    /** Judges {@code run}'s window; {@code skippedSeconds} were cut by hand before it (0: none). */
    public SteadyState detect(RunModel run, double skippedSeconds) {
        String skipped = skippedSeconds > 0 ? text("steady.skipped", Messages.num(skippedSeconds)) + " " : "";
        if (run.requests().isEmpty()) {
            return new SteadyState(SteadyState.Status.NOT_JUDGED, skippedSeconds, null, 0, 0, 0, List.of(),
                    skipped.isEmpty() ? null : skipped.strip());
        }
        long start = anchor(run);
        int seconds = (int) Math.min(Integer.MAX_VALUE, Math.max(0, run.endNanos() - start) / 1_000_000_000L);
        double sending = Drain.sendingNanos(run);
        double response = Drain.meanResponseNanos(run, true);
        if (!run.client().isEmpty() && sending < response) {
            // Every request was sent before a mean one was answered: each client sent about once, and what follows
            // is the queue of one burst emptying, a level that moves by design, not a load that settles.
            return new SteadyState(SteadyState.Status.BURST, skippedSeconds, run.window(), start, start,
                    seconds,
                    List.of(),
                    skipped + text("steady.burst", Messages.num(run.sampling().clientSamples()),
                            Messages.num(sending / 1e6), Messages.num(response / 1e6)));
        }
        if (seconds < MIN_SECONDS) {
            return new SteadyState(SteadyState.Status.TOO_SHORT, skippedSeconds, run.window(), start, start,
                    seconds,
                    List.of(),
                    skipped + text("steady.short", Messages.num(seconds), Messages.num(MIN_SECONDS)));
        }
        int steadyFrom = 0;
        List<SteadyState.Shift> moved = new ArrayList<>();
        List<SteadyState.Shift> unsettled = new ArrayList<>();
        List<PerSecond> measures = PerSecond.of(run.requests(), start, seconds);
        double floor = floor(measures);
        List<Leading.Lead> leads = new ArrayList<>();
        for (PerSecond m : measures) {
            Leading.Lead lead = Leading.find(m.levels(), floor);
            leads.add(lead);
            if (lead != null && !lead.settled()) {
                unsettled.add(shift(m, lead.movedAt(), seconds, lead.noise()));
            } else if (lead != null) {
                steadyFrom = Math.max(steadyFrom, lead.steadyFrom());
            }
        }
        if (!unsettled.isEmpty()) {
            List<SteadyState.Shift> shifts = sorted(unsettled);
            return new SteadyState(SteadyState.Status.UNSETTLED, skippedSeconds, run.window(), start, start,
                    seconds,
                    shifts,
                    skipped + text("steady.unsettled", phrases(shifts, true), Messages.num(seconds)));
        }
        steadyFrom = SteadyGrid.onStep(steadyFrom, SteadyGrid.stepSeconds(run.window().seconds()));
        if (steadyFrom == 0) {
            return new SteadyState(SteadyState.Status.STEADY, skippedSeconds, run.window(), start, start,
                    seconds,
                    List.of(),
                    skipped + text("steady.steady", Messages.num(seconds)));
        }
        for (int i = 0; i < measures.size(); i++) {
            if (leads.get(i) != null) {
                moved.add(shift(measures.get(i), steadyFrom, seconds, leads.get(i).noise()));
            }
        }
        List<SteadyState.Shift> shifts = sorted(moved);
        String hint = "";
        for (SteadyState.Shift s : shifts.subList(0, Math.min(SHOWN, shifts.size()))) {
            if (hint.isEmpty() && TEXT.containsKey("steady.hint." + s.measure())) {
                hint = text("steady.hint." + s.measure());
            }
        }
        return new SteadyState(SteadyState.Status.TRANSIENT, skippedSeconds, run.window(), start,
                start + steadyFrom * 1_000_000_000L, seconds, shifts,
                skipped + text("steady.transient", Messages.num(steadyFrom), phrases(shifts, false), hint));
    }

    /**
     * Where the seconds count from: the first request the server counted (not the first JMeter sample, which the
     * recording's one read does not know before it reads it: {@link SteadyGrid}).
     */
    static long anchor(RunModel run) {
        long first = run.sampling().firstStartNanos();
        return first != Long.MAX_VALUE ? first : run.startNanos();
    }

    /** The least difference that counts: 1 ms per request, or 5 % of the median second's server time if more. */
    private static double floor(List<PerSecond> measures) {
        double[] server = measures.stream().filter(m -> m.measure.equals(PerSecond.SERVER)).findFirst()
                .map(PerSecond::levels).orElse(new double[0]);
        double[] defined = java.util.Arrays.stream(server).filter(x -> !Double.isNaN(x)).toArray();
        return defined.length == 0
                ? VISIBLE_MS
                : Math.max(VISIBLE_MS, VISIBLE_SHARE * Leading.median(defined));
    }

    /** A measure over the seconds before {@code from} against the seconds after. */
    private static SteadyState.Shift shift(PerSecond m, int from, int seconds, double noise) {
        return new SteadyState.Shift(m.measure, from, m.perRequest(0, from), m.perRequest(from, seconds),
                noise);
    }

    /** The largest differences first; server time, the sum of the causes, after what moved inside it. */
    private static List<SteadyState.Shift> sorted(List<SteadyState.Shift> shifts) {
        return shifts.stream()
                .sorted(Comparator.comparing((SteadyState.Shift s) -> s.measure().equals(PerSecond.SERVER))
                        .thenComparing(s -> -Math.abs(s.leadMsPerRequest() - s.restMsPerRequest()))
                        .thenComparing(SteadyState.Shift::measure))
                .toList();
    }

    /** The first shifts in words; {@code at}: each with the second it splits at. */
    private static String phrases(List<SteadyState.Shift> shifts, boolean at) {
        List<String> out = new ArrayList<>();
        for (SteadyState.Shift s : shifts.subList(0, Math.min(SHOWN, shifts.size()))) {
            double ratio = s.restMsPerRequest() > 0
                    ? s.leadMsPerRequest() / s.restMsPerRequest()
                    : Double.NaN;
            out.add(text((at ? "steady.shift.at" : "steady.shift") + (Double.isNaN(ratio) ? "" : ".ratio"),
                    label(s.measure()), Messages.num(s.leadMsPerRequest()),
                    Messages.num(s.restMsPerRequest()),
                    Messages.num(ratio), Messages.num(s.leadSeconds())));
        }
        if (shifts.size() > SHOWN) {
            out.add(text("steady.shift.more", Messages.num(shifts.size() - SHOWN)));
        }
        return String.join("; ", out);
    }

    /** What a measure is, in words. */
    static String label(String measure) {
        if (measure.equals(PerSecond.SERVER)) {
            return text("steady.measure.server");
        }
        if (measure.equals(PerSecond.BACKLOG)) {
            return text("steady.measure.backlog");
        }
        for (Cause c : Cause.ALL) {
            if (c.id().equals(measure)) {
                return TEXT.containsKey("steady.measure." + c.id())
                        ? text("steady.measure." + c.id())
                        : c.label();
            }
        }
        return measure;
    }

    static String text(String key, Object... args) {
        String pattern = TEXT.getProperty(key);
        if (pattern == null) {
            throw new IllegalStateException("no message " + key);
        }
        return new MessageFormat(pattern, Locale.ROOT).format(args);
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = SteadyDetector.class.getResourceAsStream("steady.properties")) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
