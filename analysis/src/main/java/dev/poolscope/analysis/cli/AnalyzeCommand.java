package dev.poolscope.analysis.cli;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "analyze", mixinStandardHelpOptions = true, description = "Write " + RunFolder.REPORT_HTML
        + ", " + RunFolder.SUMMARY_JSON + " and " + RunFolder.FLAME_PREFIX + "*.html into RUN_DIR.")
final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "a run folder (agent/, jmeter/)")
    Path runDir;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        RunAnalyzer.Outcome o = new RunAnalyzer().analyze(runDir);
        if (o.ok()) {
            spec.commandLine().getOut().println(o.message());
            return 0;
        }
        spec.commandLine().getErr().println("poolscope-analysis: " + o.message());
        return AnalysisCli.FAILED;
    }
}
