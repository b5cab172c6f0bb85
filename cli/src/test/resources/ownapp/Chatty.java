import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * An app that logs every SQL statement it runs to its standard output, as one with Hibernate's show-sql on, on a
 * machine whose cores are busy: PRINTERS threads serve requests back to back, each a little work and LINES statements
 * printed, while BUSY threads of the same app compute without printing (its other requests). It measures itself: the
 * requests the printers served per second from START (epoch ms; they begin a second before, to warm up) for
 * MEASURE_MS, written to RESULT_FILE, so two copies started together are measured over the same interval. Run as
 * {@code java Chatty START MEASURE_MS PRINTERS LINES BUSY RESULT_FILE}.
 */
public class Chatty {
    static volatile boolean running = true;
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        long start = Long.parseLong(args[0]);
        long measureMs = Long.parseLong(args[1]);
        int printers = Integer.parseInt(args[2]);
        int lines = Integer.parseInt(args[3]);
        int busy = Integer.parseInt(args[4]);
        Path result = Path.of(args[5]);
        LongAdder served = new LongAdder();
        // Idle until the warm-up, so the other copy starts its JVM on cores that are not yet busy.
        Thread.sleep(Math.max(0, start - 1_000 - System.currentTimeMillis()));
        for (int t = 0; t < printers; t++) {
            int id = t;
            Thread.ofPlatform().daemon().name("printer-" + t).start(() -> {
                for (long request = 0; running; request++) {
                    for (int i = 0; i < lines; i++) {
                        System.out.println("Hibernate: select p1_0.id,p1_0.name,p1_0.price,p1_0.stock from"
                                + " product p1_0 where p1_0.id=? and p1_0.version=? -- worker " + id
                                + " request " + request + " statement " + i);
                    }
                    work(20_000);
                    served.increment();
                }
            });
        }
        for (int t = 0; t < busy; t++) {
            Thread.ofPlatform().daemon().name("busy-" + t).start(() -> {
                while (running) {
                    work(1_000_000);
                }
            });
        }
        Thread.sleep(Math.max(0, start - System.currentTimeMillis()));
        long late = System.currentTimeMillis() - start;
        long from = served.sum();
        long t0 = System.nanoTime();
        Thread.sleep(measureMs);
        long count = served.sum() - from;
        double elapsed = (System.nanoTime() - t0) / 1e9;
        running = false;
        // The rate, then how late the measurement began (ms): a copy that started too slowly was not measured alike.
        Files.writeString(result, count / elapsed + " " + late);
        System.exit(0);
    }

    private static void work(int iterations) {
        long s = sink;
        for (int i = 0; i < iterations; i++) {
            s += Long.rotateLeft(s ^ i, 7) * 31;
        }
        sink = s;
    }
}
