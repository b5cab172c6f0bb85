package dev.poolscope.cli.bench;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.run.RunExecutor;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Makes a run folder holding only a synthetic agent/recording.jfr, for 'bench analysis' on large files. */
@Command(name = "synth-recording", mixinStandardHelpOptions = true, description = "Writes RUN_DIR/"
        + RunFolder.RECORDING_PATH
        + " with poolscope's event types (docs/reference/recording-format.md) until it reaches --size-mb, for 'bench analysis' on large recordings.")
final class SynthRecordingCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN_DIR", description = "a new or empty folder")
    Path run;

    @Option(names = "--size-mb", defaultValue = "1024", description = "stop once JFR reports this many MB on disk (default: ${DEFAULT-VALUE})")
    long sizeMb;

    @Option(names = "--threads", defaultValue = "2", description = "worker threads committing requests (default: ${DEFAULT-VALUE})")
    int threads;

    @Override
    public Integer call() throws Exception {
        if (sizeMb < 1) {
            throw new UserError("--size-mb must be at least 1");
        }
        if (threads < 1 || threads > 64) {
            throw new UserError("--threads must be between 1 and 64");
        }
        RunExecutor.requireEmpty(run);
        long start = System.nanoTime();
        SyntheticRecording.Result r = new SyntheticRecording().write(run.resolve(RunFolder.AGENT),
                sizeMb * 1_000_000L, 0,
                threads);
        System.out.printf(Locale.ROOT, "wrote %s: %.1f MB in %.0f s%n", r.file(), Files.size(r.file()) / 1e6,
                (System.nanoTime() - start) / 1e9);
        r.committed().forEach((type, n) -> System.out.printf(Locale.ROOT, "  %-28s %,d%n", type, n));
        return 0;
    }
}
