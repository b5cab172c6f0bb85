package dev.poolscope.analysis.cli;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.poolscope.analysis.export.ExportFormat;
import dev.poolscope.analysis.run.RunAnalyzer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "analyze", mixinStandardHelpOptions = true, description = "Write " + RunFolder.REPORT_HTML
        + ", " + RunFolder.SUMMARY_JSON + " and " + RunFolder.FLAME_PREFIX + "*.html into RUN_DIR.")
final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "a run folder (agent/, jmeter/)")
    Path runDir;

    @Option(names = "--export", split = ",", paramLabel = "FORMAT", description = {
            "also write every profile the run has (cpu, wall, gaps, lock) in these formats into RUN_DIR/export/:",
            "pprof, otlp, speedscope, collapsed (what ./poolscope run --export passes on)"})
    List<String> export = new ArrayList<>();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<ExportFormat> formats = new ArrayList<>();
        for (String f : export) {
            ExportFormat format = ExportFormat.of(f);
            if (format == null) {
                spec.commandLine().getErr().println(
                        "poolscope-analysis: --export takes pprof, otlp, speedscope or collapsed, got '" + f
                                + "'");
                return 2;
            }
            formats.add(format);
        }
        RunAnalyzer.Outcome o = new RunAnalyzer().analyze(runDir);
        if (!o.ok()) {
            spec.commandLine().getErr().println("poolscope-analysis: " + o.message());
            return AnalysisCli.FAILED;
        }
        spec.commandLine().getOut().println(o.message());
        if (!formats.isEmpty()) {
            if (RunAnalyzer.severalInstances(runDir)) {
                spec.commandLine().getErr()
                        .println("poolscope-analysis: " + runDir + " holds several instances:"
                                + " no export (export reads a run with one agent/ folder)");
                return AnalysisCli.FAILED;
            }
            int failed = ExportCommand.exportAll(runDir, o.model(), o.diagnosis().primaryCause(), formats,
                    spec.commandLine().getOut(), spec.commandLine().getErr());
            return failed == 0 ? 0 : AnalysisCli.FAILED;
        }
        return 0;
    }
}
