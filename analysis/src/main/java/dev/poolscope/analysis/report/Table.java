package dev.poolscope.analysis.report;

import java.util.List;

/** A plain table for the template; cells are text and are escaped when rendered. */
public record Table(List<String> header, List<List<String>> rows) {
}
