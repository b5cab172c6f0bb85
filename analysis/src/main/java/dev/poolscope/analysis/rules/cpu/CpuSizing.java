package dev.poolscope.analysis.rules.cpu;

import static dev.poolscope.analysis.rules.Messages.num;

import dev.poolscope.format.folder.RunFolder;

import java.util.List;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * CPU-bound: Goetz's threads = cores × (1 + W / C), W the per-request waits that do not queue on a shared resource
 * of this process, C the CPU per request. Run delay, pool and lock waits are queueing, never W: counting them (as
 * Little's law on wall time does) sizes the pool to the queue it created.
 */
public final class CpuSizing {

    /**
     * {@code jvm} and {@code others}: this JVM's and every other process's mean CPU, fractions of the machine's (NaN
     * when not recorded). When the others used more, the count is said to assume CPUs the app did not have to itself
     * ({@link CpuOversubscriptionRule}).
     */
    public Recommendation recommend(Measured m, double jvm, double others) {
        if (m.cores() == null || m.cpu() <= 0) {
            return Recommendation.notAvailable(m.cores() == null
                    ? "the CPU count is unknown (" + RunFolder.METADATA_PATH + ")"
                    : "no CPU time per request was measured");
        }
        double ratio = m.independentWaits() / m.cpu();
        double exact = m.cores() * (1 + ratio);
        int threads = Math.max(m.cores(), (int) Math.ceil(exact));
        double ceiling = m.cores() / m.cpu();
        List<String> lines = List.of(
                Messages.format("recommend.cpu.measured", num(m.cpu() * 1000),
                        num(m.independentWaits() * 1000),
                        num(m.runDelay() * 1000), num(m.poolWait() * 1000), num(m.lockWait() * 1000),
                        m.cores()),
                Messages.format("recommend.cpu.goetz", m.cores(), num(m.independentWaits() * 1000),
                        num(m.cpu() * 1000), num(exact), threads),
                Messages.format("recommend.cpu.predict", threads, m.cores(), num(m.cpu() * 1000),
                        num(ceiling),
                        num(m.throughput()), num((m.cpu() + m.independentWaits()) * 1000),
                        num(m.server() * 1000)));
        return new Recommendation("cpu", threads,
                Messages.format("recommend.cpu.sentence", threads, m.maxThreadsText(), m.cores())
                        + sharedHost(jvm, others, m.cores()),
                lines);
    }

    /**
     * A count sized to the cores assumes the app had them: when other processes used more of the machine's CPU than
     * this JVM, a sentence that says so (with a leading space), else "".
     */
    public static String sharedHost(double jvm, double others, int cores) {
        return Facts.othersTookMoreCpu(jvm, others)
                ? " " + Messages.format("recommend.cpu.shared", num(others * 100), num(jvm * 100), cores)
                : "";
    }
}
