package dev.poolscope.agent.bench;

import dev.poolscope.agent.hikari.BorrowStamp;
import dev.poolscope.agent.hikari.HikariHooks;
import dev.poolscope.agent.lettuce.CommandStamp;
import dev.poolscope.agent.lettuce.RedisHooks;
import dev.poolscope.agent.request.RequestHooks;

import java.util.Arrays;

/**
 * Not a test: the premain hook path of one request (a span, a connection borrow and hold, a Redis round trip and
 * wait), called directly in a loop, in nanoseconds per request. Run it against two agent jars, alternating, to
 * compare builds (profiler-agent/bench-hook-path.sh); no JFR recording runs, so the hooks' own code is what is
 * timed.
 */
public final class HookPathBench {
    private HookPathBench() {
    }

    static final class Proxy implements BorrowStamp {
        private volatile Object borrow;

        @Override
        public Object poolscope$borrow() {
            return borrow;
        }

        @Override
        public void poolscope$borrow(Object b) {
            borrow = b;
        }
    }

    static final class Command implements CommandStamp {
        private volatile Object trip;

        @Override
        public Object poolscope$trip() {
            return trip;
        }

        @Override
        public void poolscope$trip(Object t) {
            trip = t;
        }
    }

    enum Type {
        GET
    }

    static long sink;

    static void request(Object pool, Object physical) {
        Object token = RequestHooks.enter(true);
        Object span = RequestHooks.leave(token);
        Proxy proxy = new Proxy();
        Object wait = HikariHooks.waitBegin(1, 2, 0, 3);
        HikariHooks.waitEnd(wait, pool, proxy, physical);
        Command command = new Command();
        RedisHooks.dispatched(command);
        Object redisWait = RedisHooks.waitBegin();
        RedisHooks.completed(command, Type.GET, true);
        RedisHooks.waitEnd(redisWait, Type.GET, true);
        HikariHooks.holdEnd(HikariHooks.holdTake(proxy));
        if (span != null) {
            RequestHooks.commit(span, "id", "GET", "/api/products/1", 200, HookPathBench.class);
        }
        sink += command.hashCode();
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
        Object pool = new Object();
        Object physical = new Object();
        for (int i = 0; i < perRound; i++) {
            request(pool, physical);
        }
        double[] ns = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < perRound; i++) {
                request(pool, physical);
            }
            ns[r] = (System.nanoTime() - t0) / (double) perRound;
        }
        Arrays.sort(ns);
        System.out.printf(java.util.Locale.ROOT,
                "ns per request: median %.1f, min %.1f, max %.1f (%d rounds of %d)%n",
                ns[rounds / 2], ns[0], ns[rounds - 1], rounds, perRound);
    }
}
