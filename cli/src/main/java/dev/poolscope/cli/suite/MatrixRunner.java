package dev.poolscope.cli.suite;

import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Layout;
import dev.poolscope.cli.run.RunExecutor;
import dev.poolscope.cli.run.RunSpec;

import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * Runs a matrix's schedule one run at a time into DIR/FOLDER, keeps DIR/sweep.json current after every run (a cut-off
 * sweep still says what it did), and then compares what finished.
 */
final class MatrixRunner {

    /** The run of one planned setting. */
    interface Specs {
        RunSpec spec(Matrix.Planned planned, Path out);
    }

    /** What the sweep ended with: how many runs finished, and the exit code for the command. */
    record Result(int finished, int planned, int exit) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Layout layout;
    private final Path dir;
    private final String tag;

    MatrixRunner(Layout layout, Path dir, String tag) {
        this.layout = layout;
        this.dir = dir;
        this.tag = tag;
    }

    /**
     * {@code header} goes into sweep.json first (plan, options, anything the caller wants kept); {@code compare} are
     * extra options for {@code compare} ({@code --rows}, {@code --cols}).
     */
    Result run(Matrix matrix, Specs specs, Map<String, Object> header, List<String> compare,
            int loadSecondsPerRun)
            throws IOException, InterruptedException {
        List<Matrix.Planned> schedule = matrix.schedule();
        Map<String, Object> sweep = new LinkedHashMap<>(header);
        sweep.put("knobs", matrix.knobNames());
        Map<String, Object> vary = new LinkedHashMap<>();
        matrix.axes().forEach(a -> vary.put(a.knob().name(), a.values()));
        sweep.put("vary", vary);
        sweep.put("repeat", matrix.repeat());
        // Readers of the one-knob format (before matrices) find the first knob here.
        sweep.put("knob", matrix.knobNames().getFirst());
        sweep.put("values", matrix.axes().getFirst().values());
        List<Map<String, Object>> runs = new ArrayList<>();
        sweep.put("runs", runs);
        List<Path> finished = new ArrayList<>();
        boolean analyze = true;
        long start = System.nanoTime();
        System.err.printf(
                "[%s] %d settings x %d = %d runs; about %d min (start-up, warm-up, %d s of load, stop and"
                        + " analysis each)%n",
                tag, schedule.size() / matrix.repeat(), matrix.repeat(), schedule.size(),
                Math.max(1, Math.round(schedule.size() * (loadSecondsPerRun + 30) / 60.0)),
                loadSecondsPerRun);
        for (int i = 0; i < schedule.size(); i++) {
            Matrix.Planned p = schedule.get(i);
            String label = "[" + tag + " " + (i + 1) + "/" + schedule.size() + " " + p.setting().label()
                    + (matrix.repeat() > 1 ? " #" + p.repeat() : "") + "]";
            Path runDir = dir.resolve(p.folder());
            System.err
                    .println(label + " starting; about " + left(start, i, schedule.size(), loadSecondsPerRun)
                            + " s left");
            RunSpec spec = specs.spec(p, runDir);
            analyze &= spec.analyze();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", p.folder());
            entry.put("setting", p.setting().byName());
            entry.put("repeat", p.repeat());
            entry.put("dir", runDir.toString());
            entry.put("plan", spec.plan());
            entry.put("appArgs", spec.appArgs());
            entry.put("jmeterProps", spec.jmeterProps());
            entry.put("durationSeconds", spec.durationSeconds());
            try {
                RunExecutor.Outcome o = new RunExecutor(layout,
                        (phase, detail) -> System.err.println(label + " " + phase + ": " + detail))
                        .execute(spec);
                entry.put("status", o.analysisExit() > 0 ? "analysis-failed" : "ok");
                entry.put("samples", o.jtl().samples());
                entry.put("errorRate", o.jtl().errorRate());
                if (o.analysisExit() <= 0) {
                    finished.add(runDir);
                }
            } catch (IOException | RuntimeException e) {
                System.err.println(label + " FAILED: " + e.getMessage() + " (the sweep goes on)");
                entry.put("status", "failed");
                entry.put("error", e.getMessage());
            }
            runs.add(entry);
            JSON.writeValue(dir.resolve(RunFolder.SWEEP_JSON).toFile(), sweep);
        }
        System.err.printf("[%s] %d of %d runs finished in %d s%n", tag, finished.size(), schedule.size(),
                (System.nanoTime() - start) / 1_000_000_000L);
        if (finished.isEmpty()) {
            System.err.println("poolscope: every run failed; nothing to compare");
            return new Result(0, schedule.size(), 1);
        }
        if (!analyze) {
            return new Result(finished.size(), schedule.size(), finished.size() == schedule.size() ? 0 : 1);
        }
        if (finished.size() < 2) {
            System.err.println("poolscope: only one run finished; nothing to compare");
            return new Result(finished.size(), schedule.size(), 1);
        }
        List<String> args = new ArrayList<>(List.of("compare", "--out", dir.toString()));
        args.addAll(compare);
        finished.forEach(p -> args.add(p.toString()));
        System.err.printf("[%s] compare: %d runs (heap %s)%n", tag, finished.size(), Analysis.heap());
        int exit = new Analysis(layout).run(args);
        if (exit != 0) {
            System.err.println("poolscope: the comparison failed (exit " + exit + ")");
            return new Result(finished.size(), schedule.size(), 1);
        }
        return new Result(finished.size(), schedule.size(), finished.size() == schedule.size() ? 0 : 1);
    }

    private static long left(long start, int done, int total, int loadSeconds) {
        if (done == 0) {
            // start-up, warm-up, load, stop and analysis: measured ~30 s above the load on 2 cores
            return (long) total * (loadSeconds + 30);
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000_000L;
        return elapsed / done * (total - done);
    }
}
