package dev.poolscope.analysis.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.thymeleaf.context.Context;

import dev.poolscope.analysis.compare.Beside;
import dev.poolscope.analysis.compare.Pivot;
import dev.poolscope.analysis.model.Cause;

/**
 * Renders compare.html with the run report's style, plot and table fragments: the same escaping rules (th:text and
 * th:attr only), no external resources.
 */
public final class CompareWriter {
    /** Lanes in the comparison are thinner than in a run report: several settings share one page. */
    static final int LANE_HEIGHT = 4;

    /** One setting's lanes, or (data null) a note saying why there are none. */
    public record Timeline(String label, TimelineJson.Data data, String note) {
    }

    /** Mean server milliseconds per request by cause id (summary.json's server_ms_by_cause / requests). */
    public record Gap(String label, Map<String, Double> msPerRequestByCause) {
    }

    /** A matrix figure: its pivot table and, when a knob is numeric, its chart (else null). */
    public record MatrixFigure(Pivot pivot, Plot chart) {
    }

    /**
     * {@code figures} (one column per setting) is null when there are too many settings for it; {@code matrix} is
     * empty for a plain one-knob comparison; {@code timelineNote} says which settings' lanes are drawn, or is null.
     */
    /** An experiment's frame: the seed's source and set-up, what was run, its notes, the tables, the explanation. */
    public record Experiment(String source, String seedSetup, List<String> ran, List<String> notes,
            List<Beside.Table> tables, List<String> explanation) {
    }

    public record Input(String title, String knobNote, Experiment experiment, List<String> notes,
            List<String> sentences,
            Table figures, String matrixNote, List<MatrixFigure> matrix,
            List<Timeline> timelines, String timelineNote, List<Gap> gaps, String flameFile,
            String flameNote) {
    }

    /** What the template draws per setting. */
    public record Lanes(String title, Plot plot, String note) {
    }

    public void write(Path file, Input in) throws IOException {
        Context ctx = new Context();
        ctx.setVariable("title", in.title());
        ctx.setVariable("knobNote", in.knobNote());
        ctx.setVariable("experiment", in.experiment());
        ctx.setVariable("notes", in.notes());
        ctx.setVariable("sentences", in.sentences());
        ctx.setVariable("figures", in.figures());
        ctx.setVariable("matrixNote", in.matrixNote());
        ctx.setVariable("matrix", in.matrix());
        ctx.setVariable("timelines", lanes(in.timelines()));
        ctx.setVariable("timelineNote", in.timelineNote());
        ctx.setVariable("gaps", gaps(in.gaps()));
        ctx.setVariable("flameFile", in.flameFile());
        ctx.setVariable("flameNote", in.flameNote());
        dev.poolscope.analysis.output.AtomicWrite.write(file, out -> {
            Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
            new ReportWriter().engine().process("compare", ctx, w);
            w.flush();
        });
    }

    /** Every setting on the longest run's time scale, so equal widths mean equal seconds. */
    static List<Lanes> lanes(List<Timeline> timelines) {
        double seconds = timelines.stream().filter(t -> t.data() != null).mapToDouble(t -> t.data().seconds())
                .max().orElse(1);
        List<Lanes> out = new ArrayList<>();
        for (Timeline t : timelines) {
            if (t.data() == null) {
                out.add(new Lanes(t.label(), null, t.note()));
                continue;
            }
            Plot p = TimelineView.lanes(t.data().timeline(), t.data().startNanos(), Math.max(1e-3, seconds),
                    LANE_HEIGHT);
            int lanes = t.data().timeline().lanes().size();
            String note = lanes + " busiest worker threads, " + Fmt.num(t.data().seconds()) + " s of load"
                    + (t.data().timeline().lanesOmitted() > 0
                            ? " (" + t.data().timeline().lanesOmitted() + " more threads not drawn)"
                            : "")
                    + "; each pixel column in the cause that covered most of it" + TimelineView.aggregation(
                            t.data().timeline());
            out.add(new Lanes(t.label(), p, note));
        }
        return out;
    }

    static Plot gaps(List<Gap> gaps) {
        if (gaps.isEmpty()) {
            return null;
        }
        List<String> labels = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        for (Gap g : gaps) {
            double[] ms = new double[Cause.ALL.length];
            for (Cause c : Cause.ALL) {
                Double v = g.msPerRequestByCause().get(c.id());
                ms[c.ordinal()] = v == null ? 0 : v;
            }
            labels.add(g.label());
            values.add(ms);
        }
        return GapView.stacked(labels, values, "mean ms of server time per request");
    }
}
