package dev.poolscope.analysis.model;

import java.util.List;

/** A Scouter-style step list of one request, with poolscope's explanation of each gap beside Scouter's. */
public record StepProfile(RequestTimeline request, List<Step> steps) {
    /** The name of a statement's step; its detail is the normalised text, and the rows when the driver said. */
    public static final String STATEMENT = "SQL statement";

    static String statement(String sql, long rows) {
        String text = sql == null || sql.isEmpty() ? "(text unknown)" : sql;
        return rows < 0 ? text : text + " (" + rows + (rows == 1 ? " row)" : " rows)");
    }

    /**
     * {@code scouterGapNanos} is Scouter's T-GAP: this step's start minus the previous step's start, so it includes
     * the previous step's own time. {@code gap} splits exactly that interval by cause. {@code cpuNanos} is the CPU
     * time inside the step, -1 when unknown.
     */
    public record Step(String name, String detail, long offsetNanos, long durationNanos, long scouterGapNanos,
            long cpuNanos, Breakdown gap) {
    }
}
