package dev.poolscope.agent.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import javax.management.ObjectName;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import dev.poolscope.format.event.JdkTypes;

/**
 * What JFR's stack depth costs the threads that do the work: many threads park for 11 ms at a time, 60 to 119 frames
 * deep (the lab app's stacks are ~94 frames at the median), each park a {@code jdk.ThreadPark} over the agent's 10 ms
 * threshold with its stack, while two threads spin on arithmetic; prints the spinners' work per second and the parks
 * per second, and the deepest stack recorded. {@code off} records nothing; a number sets JFR's stack depth first, as
 * the agent could (JFR.configure before the first recording). Not a test; one JVM per depth, alternated by the caller:
 * {@code for r in 1 2 3; do for d in off 64 32 16; do $(./poolscope java-home)/bin/java -cp profiler-agent/target/test-classes
 * dev.poolscope.agent.bench.JfrStackDepthBench $d; done; done}.
 */
public final class JfrStackDepthBench {
    private static volatile boolean stop;
    private static volatile long sink;
    private static final AtomicLong PARKS = new AtomicLong();
    private static final AtomicLong WORK = new AtomicLong();

    private JfrStackDepthBench() {
    }

    public static void main(String[] args) throws Exception {
        String depth = args.length > 0 ? args[0] : "64";
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int parkers = args.length > 2 ? Integer.parseInt(args[2]) : 400;
        Recording recording = null;
        if (!depth.equals("off")) {
            ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "jfrConfigure",
                    new Object[]{new String[]{"stackdepth=" + Integer.parseInt(depth)}},
                    new String[]{String[].class.getName()});
            recording = new Recording();
            recording.enable(JdkTypes.THREAD_PARK).withThreshold(Duration.ofMillis(10)).withStackTrace();
            recording.setToDisk(true);
            recording.start();
        }
        for (int i = 0; i < parkers; i++) {
            int frames = 60 + i % 60;
            Thread.ofPlatform().daemon().start(() -> parkAt(frames));
        }
        for (int i = 0; i < 2; i++) {
            Thread.ofPlatform().daemon().start(JfrStackDepthBench::spin);
        }
        Thread.sleep(2000);
        long work0 = WORK.get();
        long parks0 = PARKS.get();
        Thread.sleep(seconds * 1000L);
        long work = WORK.get() - work0;
        long parks = PARKS.get() - parks0;
        stop = true;
        System.out.printf(Locale.ROOT, "stack depth %-3s: work %.0f/s, parks %.0f/s%s%n", depth,
                work / (double) seconds, parks / (double) seconds,
                recording == null ? "" : ", " + deepestStack(recording));
        System.exit(0);
    }

    /** That the depth took: the frames of the deepest recorded park, and whether JFR cut it. */
    private static String deepestStack(Recording recording) throws Exception {
        recording.stop();
        Path file = Files.createTempFile("stack-depth", ".jfr");
        try {
            recording.dump(file);
            int frames = 0;
            boolean truncated = false;
            try (RecordingFile events = new RecordingFile(file)) {
                while (events.hasMoreEvents()) {
                    RecordedEvent e = events.readEvent();
                    RecordedStackTrace stack = e.getStackTrace();
                    if (stack != null && stack.getFrames().size() > frames) {
                        frames = stack.getFrames().size();
                        truncated = stack.isTruncated();
                    }
                }
            }
            return "deepest recorded stack " + frames + " frames" + (truncated ? " (cut)" : " (whole)");
        } finally {
            recording.close();
            Files.deleteIfExists(file);
        }
    }

    private static void parkAt(int frames) {
        if (frames > 0) {
            parkAt(frames - 1);
            return;
        }
        while (!stop) {
            LockSupport.parkNanos(11_000_000L);
            PARKS.incrementAndGet();
        }
    }

    private static void spin() {
        long x = 0;
        while (!stop) {
            for (int k = 0; k < 100_000; k++) {
                x += (x * 31 + k) ^ (x >>> 7);
            }
            WORK.incrementAndGet();
        }
        sink = x;
    }
}
