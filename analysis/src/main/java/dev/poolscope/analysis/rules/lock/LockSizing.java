package dev.poolscope.analysis.rules.lock;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * Lock-bound: with a serial part s of each request, throughput is capped at 1 / s whatever the thread count
 * (Amdahl). The threads that keep the measured throughput are the ones not waiting for the lock: X × (S − lock
 * wait) by Little's law; the rest only queue. The fix is the lock, named by what the threads waited on.
 */
public final class LockSizing {

    public Recommendation recommend(RunModel run, Measured m) {
        double x = m.throughput();
        double working = Math.max(0, m.server() - m.lockWait());
        if (x <= 0) {
            return Recommendation.notAvailable("no throughput was measured");
        }
        double exact = x * working;
        int threads = Math.max(1, (int) Math.ceil(exact));
        String lock = run.locks().isEmpty() ? "?" : run.locks().getFirst().className();
        double lockMs = run.locks().isEmpty() || run.requests().isEmpty()
                ? 0
                : run.locks().getFirst().waitNanos() / 1e6 / run.requests().size();
        List<String> lines = List.of(
                Messages.format("recommend.lock.measured", num(x), num(m.server() * 1000),
                        num(m.lockWait() * 1000), lock, num(lockMs)),
                Messages.format("recommend.lock.amdahl", num(x), num(working), num(exact), threads),
                Messages.format("recommend.lock.predict", threads, num(x), num(threads / x * 1000),
                        num(m.server() * 1000)));
        return new Recommendation("lock", threads,
                Messages.format("recommend.lock.sentence", threads, m.maxThreadsText(), lock), lines);
    }
}
