package dev.poolscope.agent.it;

/**
 * A host with no Spring, Hikari, Redis or servlets: for the given milliseconds, 15 ms of CPU work then a 5 ms sleep,
 * so a 20 ms sampler finds its main thread running most of the time.
 */
public final class PlainHost {
    private PlainHost() {
    }

    public static void main(String[] args) throws Exception {
        long millis = args.length > 0 ? Long.parseLong(args[0]) : 500;
        long end = System.currentTimeMillis() + millis;
        long sum = 0;
        System.out.println("plain host started");
        while (System.currentTimeMillis() < end) {
            long busyUntil = System.nanoTime() + 15_000_000L;
            while (System.nanoTime() < busyUntil) {
                for (int i = 0; i < 10_000; i++) {
                    sum += i % 7;
                }
            }
            Thread.sleep(5);
        }
        System.out.println("plain host done " + (sum >= 0));
    }
}
