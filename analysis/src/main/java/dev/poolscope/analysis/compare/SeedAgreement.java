package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.compare.Explain.cause;
import static dev.poolscope.analysis.compare.Explain.n;
import static dev.poolscope.analysis.compare.Explain.pct;
import static dev.poolscope.analysis.compare.Sentences.format;
import static dev.poolscope.analysis.rules.Messages.num;

import java.util.Comparator;
import java.util.List;

import dev.poolscope.format.summary.Summary;

/**
 * How our numbers compare with one of the seed's published tables: how many cells agree, where they differ most and
 * what dominated there, and whether the rows rank in the same order.
 */
final class SeedAgreement {
    /** Ours and the seed's agree when within this share. */
    static final double AGREE = 0.25;

    private final int cores;

    SeedAgreement(int cores) {
        this.cores = cores;
    }

    /** How ours compare with one seed table, and why they differ most where they do. */
    void sentences(Beside.Table t, List<String> s) {
        int n = 0;
        int agree = 0;
        Beside.Entry worst = null;
        String worstLabel = null;
        String unit = "";
        double worstRatio = 1;
        for (Beside.Row r : t.rows()) {
            for (int i = 0; i < r.entries().size(); i++) {
                Beside.Entry e = r.entries().get(i);
                if (e.seed() == null || e.ours() == null || e.seed() == 0) {
                    continue;
                }
                n++;
                double ratio = e.ours() / e.seed();
                if (Math.abs(ratio - 1) <= AGREE) {
                    agree++;
                }
                if (Math.abs(Math.log(ratio)) > Math.abs(Math.log(worstRatio))) {
                    worstRatio = ratio;
                    worst = e;
                    worstLabel = r.label()
                            + (t.columns().get(i).isEmpty() ? "" : " at " + t.columns().get(i));
                    unit = r.unit();
                }
            }
        }
        if (n == 0) {
            return;
        }
        s.add(format("explain.seed", t.title(), Integer.toString(agree), Integer.toString(n)));
        if (worst != null && Math.abs(worstRatio - 1) > AGREE && worst.cell() == null) {
            s.add(format("explain.seed.differs.pooled", worstLabel, num(worst.ours()), num(worst.seed()),
                    unit,
                    num(worstRatio)));
        } else if (worst != null && Math.abs(worstRatio - 1) > AGREE) {
            Cell c = worst.cell();
            s.add(format("explain.seed.differs", worstLabel, Beside.sig(worst.ours()), worst.seedText(), unit,
                    Beside.sig(worstRatio), c == null ? "?" : cause(c),
                    c == null ? "?" : pct(n(c, Summary.CPU_MACHINE)),
                    Integer.toString(cores)));
        }
        order(t, s);
    }

    /**
     * Rows ranked at the last column every row has both numbers for (the heaviest load, where settings differ most),
     * the seed's against ours: lower is better for times, higher for rates.
     */
    private void order(Beside.Table t, List<String> s) {
        // Rows that are different workloads (cases) or different figures have no order to compare.
        if (t.rows().size() < 2 || t.rows().stream().map(Beside.Row::unit).distinct().count() > 1
                || t.rows().stream().anyMatch(r -> r.setting().containsKey("case"))) {
            return;
        }
        int col = -1;
        for (int i = t.columns().size() - 1; i >= 0 && col < 0; i--) {
            int at = i;
            long both = t.rows().stream()
                    .filter(r -> r.entries().size() > at && r.entries().get(at).seed() != null
                            && r.entries().get(at).ours() != null)
                    .count();
            if (both >= 2) {
                col = i;
            }
        }
        if (col < 0) {
            return;
        }
        int at = col;
        List<Beside.Row> rows = t.rows().stream().filter(r -> r.entries().get(at).seed() != null
                && r.entries().get(at).ours() != null).toList();
        boolean higherBetter = rows.getFirst().unit().contains("/s");
        Comparator<Double> better = higherBetter ? Comparator.reverseOrder() : Comparator.naturalOrder();
        List<String> seedOrder = rows.stream()
                .sorted(Comparator.comparing((Beside.Row r) -> r.entries().get(at).seed(), better))
                .map(Beside.Row::label).toList();
        List<String> ourOrder = rows.stream()
                .sorted(Comparator.comparing((Beside.Row r) -> r.entries().get(at).ours(), better))
                .map(Beside.Row::label).toList();
        String where = t.columns().get(at).isEmpty() ? "" : " at " + t.columns().get(at);
        s.add(seedOrder.equals(ourOrder)
                ? format("explain.seed.order.same", where, String.join(", ", seedOrder))
                : format("explain.seed.order.differs", where, String.join(", ", seedOrder),
                        String.join(", ", ourOrder)));
    }
}
