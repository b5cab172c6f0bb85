package dev.poolscope.cli;

import picocli.CommandLine.Command;

@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks (A/B runs alternated, ratios printed).", subcommands = {
        OverheadBench.class, AnalysisBench.class, SynthRecordingCommand.class})
final class BenchCommand {
}
