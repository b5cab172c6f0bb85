package dev.poolscope.analysis.rules.cpu;

import static dev.poolscope.analysis.rules.Messages.num;

import dev.poolscope.format.folder.RunFolder;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.RunModel;
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
     * A thread count is a lever only when it would have held requests back for more of the time than the smallest
     * share of server time the rules take notice of (run delay's info limit): a cap that binds for less cannot take a
     * noticeable share of the run delay away.
     */
    static final double NOTICED_PCT = CpuOversubscriptionRule.SERVER_TIME_SHARE.info();

    /**
     * The count for {@code run}, with where the machine's mean CPU went when {@code jdk.CPULoad} recorded it. When other
     * processes used more of it than this JVM, the count is said to assume CPUs the app did not have to itself
     * ({@link CpuOversubscriptionRule}). A count that would hardly have bound is no lever: when more requests than
     * that were in flight for less than {@link #NOTICED_PCT} of the time ({@link InFlight}), a pool of that size would
     * have held few of them back, and the run queue the workers waited in was made by other CPU work, which the
     * sentence splits.
     */
    public Recommendation recommend(RunModel run, Measured m) {
        if (m.cores() == null || m.cpu() <= 0) {
            return Recommendation.notAvailable(m.cores() == null
                    ? "the CPU count is unknown (" + RunFolder.METADATA_PATH + ")"
                    : "no CPU time per request was measured");
        }
        double ratio = m.independentWaits() / m.cpu();
        double exact = m.cores() * (1 + ratio);
        int threads = Math.max(m.cores(), (int) Math.ceil(exact));
        double ceiling = m.cores() / m.cpu();
        String measured = Messages.format("recommend.cpu.measured", num(m.cpu() * 1000),
                num(m.independentWaits() * 1000),
                num(m.runDelay() * 1000), num(m.poolWait() * 1000), num(m.lockWait() * 1000),
                m.cores());
        String goetz = Messages.format("recommend.cpu.goetz", m.cores(), num(m.independentWaits() * 1000),
                num(m.cpu() * 1000), num(exact), threads);
        double jvm = Facts.meanJvmCpu(run);
        double others = Facts.meanOtherCpu(run);
        String split = machine(m, jvm, others, Facts.meanMachineCpu(run));
        InFlight inFlight = InFlight.of(run);
        int most = inFlight.most();
        double above = most < 0 ? Double.NaN : 100 * inFlight.shareAbove(threads);
        String held = most < 0
                ? null
                : Messages.format(
                        inFlight.fromSpans()
                                ? "recommend.cpu.inflight.spans"
                                : "recommend.cpu.inflight.gauges",
                        most, threads, num(above));
        if (above < NOTICED_PCT) {
            return new Recommendation("none", null,
                    Messages.format(
                            inFlight.fromSpans() ? "recommend.none.cpu.spans" : "recommend.none.cpu.gauges",
                            most, threads, m.cores(), num(above), num(NOTICED_PCT)) + split + " "
                            + Messages.format("recommend.none.cpu.lever"),
                    List.of(measured, goetz, held));
        }
        List<String> lines = new ArrayList<>(List.of(measured, goetz,
                Messages.format("recommend.cpu.predict", threads, m.cores(), num(m.cpu() * 1000),
                        num(ceiling),
                        num(m.throughput()), num((m.cpu() + m.independentWaits()) * 1000),
                        num(m.server() * 1000))));
        if (held != null) {
            lines.add(held);
        }
        String assumed = Facts.othersTookMoreCpu(jvm, others)
                ? " " + Messages.format("recommend.cpu.shared.split", m.cores())
                : "";
        return new Recommendation("cpu", threads,
                Messages.format("recommend.cpu.sentence", threads, m.maxThreadsText(), m.cores()) + split
                        + assumed,
                List.copyOf(lines));
    }

    /**
     * Where the machine's CPU went (with a leading space): the requests' own work (throughput × CPU per request, over
     * the cores), the rest of this JVM, and other processes; "" when the CPU load was not recorded. A thread count
     * acts on the first part alone.
     */
    static String machine(Measured m, double jvm, double others, double machine) {
        if (Double.isNaN(jvm) || Double.isNaN(others) || Double.isNaN(machine)) {
            return "";
        }
        double own = Math.min(jvm, m.throughput() * m.cpu() / m.cores());
        return " " + Messages.format("recommend.cpu.machine", num(machine * 100), num(own * 100),
                num((jvm - own) * 100), num(others * 100));
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
