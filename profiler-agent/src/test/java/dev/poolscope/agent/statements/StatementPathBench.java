package dev.poolscope.agent.statements;

import dev.poolscope.format.event.StatementEvent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

import jdk.jfr.Recording;

/**
 * Not a test: the statement hooks' path of one prepared statement under a pool (the proxy's creation around the
 * driver's, the proxy's execution around the driver's), called directly in a loop, in nanoseconds per statement:
 * without a recording (the hooks' own code) and with one that records every statement (threshold 0, to disk, as the
 * agent's). Run it alone: {@code java -cp ... dev.poolscope.agent.statements.StatementPathBench [rounds] [perRound]}.
 */
public final class StatementPathBench {
    private StatementPathBench() {
    }

    static final class Stamped implements StatementStamp {
        private volatile Object state;

        @Override
        public Object poolscope$statement() {
            return state;
        }

        @Override
        public void poolscope$statement(Object value) {
            state = value;
        }
    }

    static final String SQL = "select p1_0.id, p1_0.description, p1_0.name, p1_0.price from product p1_0 where p1_0.id=?";
    static long sink;

    static void statement(Object pooled, Object driver) {
        Stamped proxy = new Stamped();
        Stamped inner = new Stamped();
        Object outerCreate = StatementHooks.creating(pooled);
        Object innerCreate = StatementHooks.creating(driver);
        StatementHooks.created(innerCreate, inner, SQL);
        StatementHooks.created(outerCreate, proxy, SQL);
        Object outer = StatementHooks.enter();
        Object nested = StatementHooks.enter();
        StatementHooks.executed(nested, inner, null, StatementEvent.KIND_EXECUTE_QUERY, null, true);
        StatementHooks.executed(outer, proxy, null, StatementEvent.KIND_EXECUTE_QUERY, null, true);
        sink += proxy.hashCode();
    }

    static double[] run(int rounds, int perRound) {
        Object pooled = new Object();
        Object driver = new Object();
        for (int i = 0; i < perRound; i++) {
            statement(pooled, driver);
        }
        double[] ns = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < perRound; i++) {
                statement(pooled, driver);
            }
            ns[r] = (System.nanoTime() - t0) / (double) perRound;
        }
        Arrays.sort(ns);
        return ns;
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        print("hooks, no recording", run(rounds, perRound));
        Path dir = Files.createTempDirectory("statement-bench");
        try (Recording r = new Recording()) {
            r.enable(StatementEvent.class).withThreshold(Duration.ZERO).withoutStackTrace();
            r.setToDisk(true);
            r.setDestination(dir.resolve("bench.jfr"));
            r.start();
            print("hooks, every statement recorded", run(rounds, perRound));
        }
        System.out.println("recorded into " + dir);
    }

    private static void print(String what, double[] ns) {
        System.out.printf(Locale.ROOT, "%s: ns per statement median %.1f, min %.1f, max %.1f (%d rounds)%n",
                what,
                ns[ns.length / 2], ns[0], ns[ns.length - 1], ns.length);
    }
}
