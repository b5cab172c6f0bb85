package dev.poolscope.analysis.report;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.diagnosis.Diagnosis;

/**
 * One instance of a service run as several: its agent folder's name ({@code agent-1}), its own model (restricted to
 * the client samples it served), figures and diagnosis, and the file of its own full report.
 */
public record Instance(String name, RunModel model, RunSummary summary, Diagnosis.Result diagnosis,
        String report) {
}
