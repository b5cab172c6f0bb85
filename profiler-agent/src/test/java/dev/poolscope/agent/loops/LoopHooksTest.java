package dev.poolscope.agent.loops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;

import dev.poolscope.format.event.LoopStallEvent;

/**
 * The hooks and the watchdog on a real thread and a real JFR recording, without Netty: a task that sleeps past the
 * threshold becomes one {@code poolscope.LoopStall} whose stack was taken while it slept; nested tasks count once.
 */
class LoopHooksTest {

    @Test
    void aTaskPastTheThresholdIsOneStallWithTheStackOfWhereItBlocked() throws Exception {
        LoopHooks.configure(Duration.ofMillis(10));
        LoopHooks.register();
        Path file = Files.createTempFile("loop-stall", ".jfr");
        try (Recording r = new Recording()) {
            r.enable(LoopHooks.eventType()).withThreshold(Duration.ZERO).withoutStackTrace();
            r.start();
            Thread loop = new Thread(() -> {
                for (int i = 0; i < 1000; i++) {
                    LoopHooks.exit(LoopHooks.enter(LoopHooks.TASK));
                }
                Object outer = LoopHooks.enter(LoopHooks.IO);
                Object inner = LoopHooks.enter(LoopHooks.TASK);
                blockHere();
                LoopHooks.exit(inner);
                LoopHooks.exit(outer);
            }, "test-loop");
            loop.start();
            loop.join();
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> stalls = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(LoopStallEvent.NAME)).toList();
        Files.delete(file);
        // An empty task can be descheduled past 10 ms on a loaded machine: that is a stall too. The nested task
        // inside the blocked one is not.
        List<RecordedEvent> blocked = stalls.stream().filter(e -> e.getDuration().toMillis() >= 80).toList();
        assertEquals(1, blocked.size(), "one stall for the blocked outer task: " + stalls);
        RecordedEvent stall = blocked.get(0);
        assertEquals(LoopStallEvent.KIND_IO, stall.getString(LoopStallEvent.KIND));
        assertEquals("test-loop", stall.getThread().getJavaName());
        assertTrue(stall.getDuration().toMillis() >= 80, stall.getDuration().toString());
        String stack = stall.getString(LoopStallEvent.STACK);
        assertTrue(stack.startsWith("java.lang.Thread.sleep"), stack);
        assertTrue(stack.contains("dev.poolscope.agent.loops.LoopHooksTest.blockHere(LoopHooksTest.java:"),
                stack);
        long after = stall.getLong(LoopStallEvent.STACK_AFTER_NANOS);
        assertTrue(after >= 10_000_000L && after < stall.getDuration().toNanos(), after + " ns");
    }

    private static void blockHere() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void framesAreWrittenLikeTheJdkWithoutLoaderOrModule() {
        StackTraceElement[] frames = {
                new StackTraceElement("app", "java.base", "21", "a.B", "m", "B.java", 12),
                new StackTraceElement("c.D", "n", null, -1),
                new StackTraceElement("e.F", "o", "F.java", -2)};
        assertEquals("a.B.m(B.java:12)\nc.D.n(Unknown Source)\ne.F.o(Native Method)",
                LoopWatchdog.format(frames));
    }
}
