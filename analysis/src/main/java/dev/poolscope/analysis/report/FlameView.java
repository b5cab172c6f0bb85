package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.flame.FlameGraphs;

/** View 7: links to the flame graphs and their heaviest leaf frames as bars. */
final class FlameView {
    static final int FRAME_CHARS = 64;

    /** What the HTML leaves out, with the threshold and the samples it means for this graph. */
    static String pruned(FlameGraphs.Graph g) {
        long min = g.htmlMinFrameSamples();
        if (min <= 1) {
            return "The HTML has every frame (" + count(g.samples()) + " samples: no frame is narrower than "
                    + FlameGraphs.HTML_MIN_WIDTH_PERCENT + "% of them).";
        }
        return "The HTML leaves out frames narrower than " + FlameGraphs.HTML_MIN_WIDTH_PERCENT + "% of the "
                + count(g.samples()) + " samples (fewer than " + count(min)
                + " samples: under a pixel until zoomed in); " + g.collapsed().getFileName()
                + " (gzipped collapsed text) keeps every stack.";
    }

    public record Entry(String title, String file, String collapsed, long samples, Plot top, String note,
            String pruned) {
    }

    /** The end of a frame's name, where its class and method are; the bar's tooltip has all of it. */
    static String shortFrame(String name) {
        return name.length() <= FRAME_CHARS ? name : "…" + name.substring(name.length() - FRAME_CHARS + 1);
    }

    private static String count(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    List<Entry> build(List<FlameInput> inputs) {
        List<Entry> out = new ArrayList<>();
        for (FlameInput in : inputs) {
            FlameGraphs.Graph g = in.graph();
            if (g == null) {
                out.add(new Entry(in.title(), null, null, 0, null, in.note(), null));
                continue;
            }
            if (g.samples() == 0) {
                out.add(new Entry(in.title(), null, null, 0, null,
                        (in.note() == null ? "" : in.note() + "; ")
                                + "the graph has no samples, so it is not linked (its page would be blank)",
                        null));
                continue;
            }
            Plot p = null;
            if (!g.topFrames().isEmpty()) {
                int n = g.topFrames().size();
                // 16 pixels a row whatever the count: two frames once shared the margins' leftover 16 pixels.
                p = new Plot(900, Plot.TOP + Plot.BOTTOM + 16 * n, 0, 100, 0, n);
                for (int i = 0; i < n; i++) {
                    FlameGraphs.Frame f = g.topFrames().get(i);
                    double pct = 100.0 * f.samples() / g.samples();
                    double y = n - i - 1;
                    p.bar(0, pct, y + 0.1, y + 0.9, "#e8743b", f.name() + " " + Fmt.pct(pct));
                    // Right of a short bar, on a long one: either way about 400 pixels of room.
                    p.text(pct <= 50 ? p.px(pct) + 4 : p.px(0) + 4, p.py(y + 0.3),
                            Fmt.pct(pct) + "  " + shortFrame(f.name()), "start");
                }
            }
            out.add(new Entry(in.title(), g.html().getFileName().toString(),
                    g.collapsed().getFileName().toString(),
                    g.samples(), p, in.note(), pruned(g)));
        }
        return out;
    }
}
