package dev.poolscope.analysis.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.fixtures.SyntheticRun;
import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.folder.RunFolder;

/**
 * The steady part built from one read's segments is the model a second read on its window gives: on a real JDK
 * recording of about 3 s of load (with its .jtl and run.json), for a start on a whole second from the first request,
 * an end where the last request started (a drain left out), and both; a window whose edges the read did not keep
 * apart is read again.
 */
class SteadyFromSegmentsTest {
    @TempDir
    static Path dir;
    static Path run;
    static RunModel judged;

    @BeforeAll
    static void record() throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.markup = "home";
        s.threadsSetting = 3;
        s.requestsPerWorker = 40;
        s.warmupRequests = 2;
        run = s.write(dir.resolve("run")).runDir();
        judged = new RunReader().read(run, run.resolve(RunFolder.AGENT), "agent").model();
    }

    private static MeasuredWindow window(long start, long end) {
        return new MeasuredWindow(start, end, judged.window().source());
    }

    private static long second(int n) {
        return judged.sampling().firstStartNanos() + n * 1_000_000_000L;
    }

    private static RunModel fromSegments(MeasuredWindow w) {
        RunReader reader = RunReader.splitting();
        RunModel whole = reader.read(run, run.resolve(RunFolder.AGENT), "agent").model();
        same(whole, judged);
        RunReader.Result r = reader.steady(w);
        assertThat(r).as("kept apart at %s", w).isNotNull();
        return r.model();
    }

    /** Field by field; NaN (a figure not measured) equal to NaN. */
    private static void same(RunModel actual, RunModel expected) {
        assertThat(actual).usingRecursiveComparison()
                .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class)
                .isEqualTo(expected);
    }

    private static RunModel readAgain(MeasuredWindow w) {
        return new RunReader().read(run, run.resolve(RunFolder.AGENT), "agent", w).model();
    }

    @Test
    void aStartOnAWholeSecondFromTheFirstRequest() {
        MeasuredWindow w = window(second(1), judged.window().endNanos());
        RunModel m = fromSegments(w);
        assertThat(m.requests()).isNotEmpty().hasSizeLessThan(judged.requests().size());
        same(m, readAgain(w));
    }

    @Test
    void anEndWhereTheLastRequestStarted() {
        MeasuredWindow w = window(judged.window().startNanos(), judged.sampling().lastStartNanos());
        same(fromSegments(w), readAgain(w));
    }

    @Test
    void bothEdges() {
        MeasuredWindow w = window(second(2), judged.sampling().lastStartNanos());
        RunModel m = fromSegments(w);
        assertThat(m.notes()).anyMatch(n -> n.contains("warm-up requests"));
        same(m, readAgain(w));
    }

    @Test
    void aWindowWhoseEdgesWereNotKeptApartIsReadAgain() {
        RunReader reader = RunReader.splitting();
        reader.read(run, run.resolve(RunFolder.AGENT), "agent");
        assertThat(reader.steady(window(second(1) + 1, judged.window().endNanos()))).isNull();
    }
}
