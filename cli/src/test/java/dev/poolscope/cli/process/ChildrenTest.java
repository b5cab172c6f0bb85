package dev.poolscope.cli.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the shutdown hook does with the children poolscope started. */
class ChildrenTest {

    @Test
    void aChildThatHasExitedIsNotStoppedAgainNorAnnounced() throws Exception {
        // Right after waitFor the child may still be listed (it leaves on its onExit stage, on another thread): the
        // hook must not count it. Many times over, so a listing left behind is met at least once.
        for (int i = 0; i < 50; i++) {
            Process p = Children.trackUnguarded(new ProcessBuilder("true").start());
            p.waitFor();
            assertThat(Children.stopAll()).as("round " + i).isZero();
        }
    }

    @Test
    void aChildStillRunningIsStopped() throws Exception {
        Process p = Children.trackUnguarded(new ProcessBuilder("sleep", "60").start());
        assertThat(Children.stopAll()).isEqualTo(1);
        assertThat(p.isAlive()).isFalse();
    }
}
