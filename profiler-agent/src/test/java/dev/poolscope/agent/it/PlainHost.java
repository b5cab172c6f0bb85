package dev.poolscope.agent.it;

/** A host with no Spring, Hikari, Redis or servlets: some CPU work and sleeps for the given milliseconds. */
public final class PlainHost {
    private PlainHost() {
    }

    public static void main(String[] args) throws Exception {
        long millis = args.length > 0 ? Long.parseLong(args[0]) : 500;
        long end = System.currentTimeMillis() + millis;
        long sum = 0;
        System.out.println("plain host started");
        while (System.currentTimeMillis() < end) {
            for (int i = 0; i < 1_000_000; i++) {
                sum += i % 7;
            }
            Thread.sleep(20);
        }
        System.out.println("plain host done " + (sum >= 0));
    }
}
