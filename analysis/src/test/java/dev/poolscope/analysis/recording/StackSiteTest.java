package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.jfr.Chunk;
import dev.poolscope.analysis.recording.jfr.ChunkHeader;
import dev.poolscope.analysis.recording.jfr.JfrEvent;

/**
 * A site looked for in the top of a stack first is the site of the whole stack: on every stack of the golden
 * recordings (made by the real agent), for tops of one frame (most stacks then need the whole) up to more than a stack
 * holds. Each way reads the recording afresh, so no stack is already decoded whole when a top is asked for.
 */
class StackSiteTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures");
    private static final List<Path> GOLDEN = List.of(
            FIXTURES.resolve("starved-pool/agent/recording.jfr"),
            FIXTURES.resolve("reactive-starved-pool/agent/recording.jfr"));

    /** What {@code how} gives for every event with a stack, in file order. */
    private static List<String> each(BiFunction<JfrEvent, Long, String> how) throws Exception {
        List<String> out = new ArrayList<>();
        for (Path file : GOLDEN) {
            for (ChunkHeader h : ChunkHeader.list(file).chunks()) {
                Chunk.open(h).read((type, view) -> ev -> {
                    if (ev.stackKey() != 0) {
                        out.add(how.apply(ev, ev.stackKey()));
                    }
                });
            }
        }
        return out;
    }

    @Test
    void theSiteFromTheTopIsTheSiteOfTheWholeStack() throws Exception {
        List<String> whole = each((ev, key) -> StackClassifier.site(ev.frames(key)));
        assertThat(whole).hasSizeGreaterThan(1_000);
        for (int top : new int[]{1, 2, 3, 8, 64, 10_000}) {
            assertThat(each((ev, key) -> StackClassifier.site(ev, key, top))).as("top %d", top)
                    .isEqualTo(whole);
        }
        // Sites below the top frame: a top of one frame had to go on to the whole stack for these.
        List<String> topFrame = each((ev, key) -> {
            JfrEvent.Frames f = ev.topFrames(key, 1);
            return f.className(0) + "." + f.methodName(0);
        });
        int below = 0;
        for (int i = 0; i < whole.size(); i++) {
            below += whole.get(i).equals(topFrame.get(i)) ? 0 : 1;
        }
        assertThat(below).isGreaterThan(100);
    }

    @Test
    void aTopSaysWhetherItIsTheWholeStack() throws Exception {
        int checked = 0;
        for (ChunkHeader h : ChunkHeader.list(GOLDEN.getFirst()).chunks()) {
            // Keys are the chunk's own: a stack decoded whole once is kept for the events after.
            Set<Long> decoded = new HashSet<>();
            List<String> seen = new ArrayList<>();
            Chunk.open(h).read((type, view) -> ev -> {
                long key = ev.stackKey();
                if (key == 0 || !decoded.add(key)) {
                    return;
                }
                int n = ev.topFrames(key, Integer.MAX_VALUE).size();
                if (n < 3) {
                    return;
                }
                JfrEvent.Frames less = ev.topFrames(key, n - 1);
                assertThat(less.size()).isEqualTo(n - 1);
                assertThat(less.whole()).isFalse();
                assertThat(ev.topFrames(key, n).whole()).isTrue();
                assertThat(ev.topFrames(key, n + 5).size()).isEqualTo(n);
                assertThat(ev.frames(key).className(0)).isEqualTo(less.className(0));
                // Once decoded whole, the stack is kept, and a top of it is the whole.
                assertThat(ev.topFrames(key, 1).whole()).isTrue();
                assertThat(ev.topFrames(key, 1).size()).isEqualTo(n);
                seen.add("checked");
            });
            checked += seen.size();
        }
        assertThat(checked).isGreaterThan(10);
    }
}
