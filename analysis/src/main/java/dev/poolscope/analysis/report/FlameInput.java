package dev.poolscope.analysis.report;

import dev.poolscope.analysis.flame.FlameGraphs;

/** A flame graph for the report, or (graph null) a note saying why it is missing. */
public record FlameInput(String title, FlameGraphs.Graph graph, String note) {
}
