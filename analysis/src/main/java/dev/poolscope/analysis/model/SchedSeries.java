package dev.poolscope.analysis.model;

import java.util.Arrays;

/**
 * One thread's cumulative schedstat counters over time. Between two samples the counters are taken to grow evenly,
 * so a window's share is the difference of the linearly interpolated counters: an estimate at the sampling period
 * (about 1 s), stated as such in the report.
 */
final class SchedSeries {
    private long[] time = new long[8];
    private long[] cpu = new long[8];
    private long[] runDelay = new long[8];
    private long[] involuntary = new long[8];
    private long[] voluntary = new long[8];
    private int size;
    /**
     * At most this many samples a thread (about an hour at the agent's one a second): past it every other one goes and
     * only every {@link #stride}-th sample after is kept, so a long run costs the same memory at a coarser grain.
     */
    static final int MAX_SAMPLES = 4096;
    private int stride = 1;
    private long offered;
    String threadName = "";
    long osThreadId = -1;

    void add(long t, long cpuNanos, long runDelayNanos, long invol, long vol) {
        if (offered++ % stride != 0) {
            return;
        }
        if (size == MAX_SAMPLES) {
            halve();
        }
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            cpu = Arrays.copyOf(cpu, n);
            runDelay = Arrays.copyOf(runDelay, n);
            involuntary = Arrays.copyOf(involuntary, n);
            voluntary = Arrays.copyOf(voluntary, n);
        }
        time[size] = t;
        cpu[size] = cpuNanos;
        runDelay[size] = runDelayNanos;
        involuntary[size] = invol;
        voluntary[size] = vol;
        size++;
    }

    private void halve() {
        int n = 0;
        for (int i = 0; i < size; i += 2) {
            time[n] = time[i];
            cpu[n] = cpu[i];
            runDelay[n] = runDelay[i];
            involuntary[n] = involuntary[i];
            voluntary[n] = voluntary[i];
            n++;
        }
        size = n;
        stride *= 2;
    }

    /** Appends {@code later}'s samples; its name and OS thread id, being the latest, win. */
    void addAll(SchedSeries later) {
        for (int i = 0; i < later.size; i++) {
            add(later.time[i], later.cpu[i], later.runDelay[i], later.involuntary[i], later.voluntary[i]);
        }
        threadName = later.threadName;
        osThreadId = later.osThreadId;
    }

    void seal() {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(time[a], time[b]));
        time = permute(time, order);
        cpu = permute(cpu, order);
        runDelay = permute(runDelay, order);
        involuntary = permute(involuntary, order);
        voluntary = permute(voluntary, order);
    }

    private long[] permute(long[] a, Integer[] order) {
        long[] r = new long[size];
        for (int i = 0; i < size; i++) {
            r[i] = a[order[i]];
        }
        return r;
    }

    boolean usable() {
        return size >= 2;
    }

    long cpuBetween(long from, long to) {
        return Math.round(at(cpu, to) - at(cpu, from));
    }

    long runDelayBetween(long from, long to) {
        return Math.round(at(runDelay, to) - at(runDelay, from));
    }

    long involuntaryBetween(long from, long to) {
        return Math.round(at(involuntary, to) - at(involuntary, from));
    }

    long voluntaryBetween(long from, long to) {
        return Math.round(at(voluntary, to) - at(voluntary, from));
    }

    long lastTime() {
        return size == 0 ? 0 : time[size - 1];
    }

    long firstTime() {
        return size == 0 ? 0 : time[0];
    }

    private double at(long[] counter, long t) {
        if (size == 0 || t <= time[0]) {
            return size == 0 ? 0 : counter[0];
        }
        if (t >= time[size - 1]) {
            return counter[size - 1];
        }
        int i = Arrays.binarySearch(time, 0, size, t);
        if (i >= 0) {
            return counter[i];
        }
        int hi = -i - 1;
        int lo = hi - 1;
        double f = (double) (t - time[lo]) / (time[hi] - time[lo]);
        return counter[lo] + f * (counter[hi] - counter[lo]);
    }

}
