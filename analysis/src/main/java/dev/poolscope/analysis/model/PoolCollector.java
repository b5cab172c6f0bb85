package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.recording.Events;

/**
 * The connection pools (HikariCP and r2dbc-pool) and the worker pool: every getConnection wait and hold in the window
 * as a distribution, the failed ones, and the pools' gauges.
 */
final class PoolCollector implements Collector<PoolCollector> {
    private final Scope scope;
    final DurationHistogram connectionWait = new DurationHistogram();
    final DurationHistogram hold = new DurationHistogram();
    long connectionWaitFailures;
    /** Failed getConnection calls: {active connections at the failure, time waited}, two longs each. */
    final LongList connectionFailures = new LongList();
    final List<Events.WorkerPoolGauge> workerGauges = new ArrayList<>();
    final List<Events.HikariPoolGauge> hikariGauges = new ArrayList<>();

    PoolCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public PoolCollector fork(Scope s) {
        return new PoolCollector(s);
    }

    @Override
    public void join(PoolCollector later) {
        connectionWait.addAll(later.connectionWait);
        hold.addAll(later.hold);
        connectionWaitFailures += later.connectionWaitFailures;
        connectionFailures.addAll(later.connectionFailures);
        workerGauges.addAll(later.workerGauges);
        hikariGauges.addAll(later.hikariGauges);
    }

    private void waited(long start, long end, boolean success, int active) {
        if (scope.in(start)) {
            connectionWait.add(end - start);
            if (!success) {
                connectionWaitFailures++;
                connectionFailures.add(active);
                connectionFailures.add(end - start);
            }
        }
    }

    @Override
    public void connectionWait(Events.ConnectionWait e) {
        waited(e.startNanos(), e.endNanos(), e.success(), e.active());
    }

    @Override
    public void r2dbcAcquire(Events.R2dbcAcquire e) {
        waited(e.startNanos(), e.endNanos(), e.success(), e.acquired());
    }

    @Override
    public void connectionHold(Events.ConnectionHold e) {
        if (scope.in(e.startNanos())) {
            hold.add(e.endNanos() - e.startNanos());
        }
    }

    @Override
    public void r2dbcHold(Events.R2dbcHold e) {
        if (scope.in(e.startNanos())) {
            hold.add(e.endNanos() - e.startNanos());
        }
    }

    @Override
    public void workerPool(Events.WorkerPoolGauge e) {
        if (scope.in(e.timeNanos())) {
            workerGauges.add(e);
        }
    }

    @Override
    public void hikariPool(Events.HikariPoolGauge e) {
        if (scope.in(e.timeNanos())) {
            hikariGauges.add(e);
        }
    }

    /** The same figures as Hikari's gauge: in use, idle, waiting, open, maximum. */
    @Override
    public void r2dbcPool(Events.R2dbcPoolGauge e) {
        hikariPool(new Events.HikariPoolGauge(e.timeNanos(), e.pool(), e.acquired(), e.idle(), e.pending(),
                e.allocated(), e.max()));
    }
}
