package dev.poolscope.analysis.flame;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlameGraphsTest {
    @TempDir
    Path dir;

    /** 100,000 samples: the HTML keeps frames of at least 0.02 % (20 samples) and leaves out narrower ones. */
    static final String STACKS = "Thread.run;Orders.get;Redis.get 99960\n"
            + "Thread.run;Orders.get;Audit.log 20\n"
            + "Thread.run;Orders.get;Metrics.tick 19\n" + "Thread.run;Cache.evict 1\n";

    @Test
    void theHtmlLeavesOutFramesNarrowerThanTheThresholdAndTheGzippedCollapsedKeepsThemAll() throws Exception {
        Path plain = dir.resolve("base.collapsed");
        Files.writeString(plain, STACKS);
        Path gz = dir.resolve("newer.collapsed.gz");
        try (var out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(STACKS.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        FlameGraphs.Graph g = new FlameGraphs().diff(plain, gz, "flame-diff", "t", dir);

        assertThat(g.samples()).isEqualTo(100_000);
        assertThat(g.htmlMinFrameSamples()).isEqualTo(20);
        // Drawn: the root, Thread.run, Orders.get, Redis.get and Audit.log (20 samples: at the threshold).
        // Left out: Metrics.tick (19) and Cache.evict (1).
        assertThat(frameCalls(g.html())).isEqualTo(5);
        assertThat(g.collapsed().getFileName().toString()).isEqualTo("flame-diff.collapsed.gz");
        List<String> lines;
        try (BufferedReader r = CollapsedFiles.open(g.collapsed())) {
            lines = r.lines().toList();
        }
        assertThat(lines).hasSize(4).anyMatch(l -> l.contains("Metrics.tick_[j] 19"))
                .anyMatch(l -> l.contains("Cache.evict_[j] 1"));
    }

    @Test
    void aRunAnalysedBeforeGzipKeepsItsPlainCollapsedFile() throws Exception {
        assertThat(CollapsedFiles.in(dir, "wall").getFileName().toString())
                .isEqualTo("flame-wall.collapsed.gz");
        Files.writeString(dir.resolve("flame-wall.collapsed"), STACKS);
        assertThat(CollapsedFiles.in(dir, "wall").getFileName().toString())
                .isEqualTo("flame-wall.collapsed");
        Files.writeString(dir.resolve("flame-wall.collapsed.gz"), "");
        assertThat(CollapsedFiles.in(dir, "wall").getFileName().toString())
                .isEqualTo("flame-wall.collapsed.gz");
    }

    /** The converter's HTML draws each frame with one f(..), u(..) or n(..) call after the name pool. */
    static long frameCalls(Path html) throws Exception {
        String text = Files.readString(html);
        String frames = text.substring(text.indexOf("unpack(cpool);") + "unpack(cpool);".length());
        return frames.lines().filter(l -> l.matches("[fun]\\(.*")).count();
    }
}
