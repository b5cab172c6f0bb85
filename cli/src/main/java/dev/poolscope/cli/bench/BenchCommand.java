package dev.poolscope.cli.bench;

import picocli.CommandLine.Command;

@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks (A/B runs alternated, ratios printed).", subcommands = {
        OverheadBench.class, AnalysisBench.class, FlameBench.class, SynthRecordingCommand.class})
public final class BenchCommand {
}
