package dev.poolscope.analysis.model;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingListener;

/**
 * Every topic's collector for one chunk (or the whole run, once joined), and which topics read which event: each
 * event goes to the collectors that keep something of it.
 */
final class RunCollectors implements RecordingListener {
    final Scope scope;
    final RequestCollector requests;
    final SpanCollector spans;
    final PoolCollector pools;
    final RedisCollector redis;
    final HttpCollector http;
    final ReactiveCollector reactive;
    final SchedCollector sched;
    final CpuSampleCollector cpu;
    final ProcessCollector process;
    final Startup.Collector startup;
    final StackCollector stacks;
    final StatementCollector statements;
    final MemoryCollector memory;

    RunCollectors(Scope scope, int maxRequests, long maxSpans) {
        this(scope, new RequestCollector(scope, maxRequests), new SpanCollector(scope, maxSpans),
                new PoolCollector(scope), new RedisCollector(scope), new HttpCollector(scope),
                new ReactiveCollector(scope), new SchedCollector(),
                new CpuSampleCollector(scope), new ProcessCollector(scope), new Startup.Collector(),
                new StackCollector(scope), new StatementCollector(scope), new MemoryCollector(scope));
    }

    private RunCollectors(Scope scope, RequestCollector requests, SpanCollector spans, PoolCollector pools,
            RedisCollector redis, HttpCollector http, ReactiveCollector reactive, SchedCollector sched,
            CpuSampleCollector cpu, ProcessCollector process, Startup.Collector startup,
            StackCollector stacks,
            StatementCollector statements, MemoryCollector memory) {
        this.scope = scope;
        this.requests = requests;
        this.spans = spans;
        this.pools = pools;
        this.redis = redis;
        this.http = http;
        this.reactive = reactive;
        this.sched = sched;
        this.cpu = cpu;
        this.process = process;
        this.startup = startup;
        this.stacks = stacks;
        this.statements = statements;
        this.memory = memory;
    }

    /** Empty collectors for one chunk, with a scope of their own. */
    RunCollectors fork() {
        Scope s = scope.fork();
        return new RunCollectors(s, requests.fork(s), spans.fork(s), pools.fork(s), redis.fork(s),
                http.fork(s),
                reactive.fork(s), sched.fork(s), cpu.fork(s), process.fork(s), startup.fork(s),
                stacks.fork(s), statements.fork(s), memory.fork(s));
    }

    /** Absorbs the collectors of the chunk that follows everything absorbed so far. */
    void join(RunCollectors later) {
        requests.join(later.requests);
        spans.join(later.spans);
        pools.join(later.pools);
        redis.join(later.redis);
        http.join(later.http);
        reactive.join(later.reactive);
        sched.join(later.sched);
        cpu.join(later.cpu);
        process.join(later.process);
        startup.join(later.startup);
        stacks.join(later.stacks);
        statements.join(later.statements);
        memory.join(later.memory);
    }

    @Override
    public void request(Events.Request e) {
        startup.request(e);
        requests.request(e);
    }

    @Override
    public void connectionWait(Events.ConnectionWait e) {
        spans.connectionWait(e);
        pools.connectionWait(e);
    }

    @Override
    public void connectionHold(Events.ConnectionHold e) {
        spans.connectionHold(e);
        pools.connectionHold(e);
    }

    @Override
    public void redisWait(Events.RedisWait e) {
        spans.redisWait(e);
        redis.redisWait(e);
    }

    @Override
    public void redisRoundTrip(Events.RedisRoundTrip e) {
        redis.redisRoundTrip(e);
        reactive.redisRoundTrip(e);
    }

    @Override
    public void httpCall(Events.HttpCall e) {
        spans.httpCall(e);
        http.httpCall(e);
        reactive.httpCall(e);
    }

    @Override
    public void workerPool(Events.WorkerPoolGauge e) {
        pools.workerPool(e);
    }

    @Override
    public void hikariPool(Events.HikariPoolGauge e) {
        pools.hikariPool(e);
    }

    @Override
    public void schedStat(Events.SchedStat e) {
        sched.schedStat(e);
    }

    @Override
    public void threadWait(Events.ThreadWait e) {
        spans.threadWait(e);
    }

    @Override
    public void cpuSample(Events.CpuSample e) {
        cpu.cpuSample(e);
    }

    @Override
    public void pause(Events.Pause e) {
        spans.pause(e);
        process.pause(e);
    }

    @Override
    public void garbageCollection(Events.GarbageCollection e) {
        process.garbageCollection(e);
        memory.garbageCollection(e);
    }

    @Override
    public void cpuLoad(Events.CpuLoad e) {
        process.cpuLoad(e);
    }

    @Override
    public void contextSwitchRate(Events.ContextSwitchRate e) {
        process.contextSwitchRate(e);
    }

    @Override
    public void threadCount(Events.ThreadCount e) {
        startup.threadCount(e);
        process.threadCount(e);
    }

    @Override
    public void heapSummary(Events.HeapSummary e) {
        process.heapSummary(e);
        memory.heapSummary(e);
    }

    @Override
    public void heapConfiguration(Events.HeapConfiguration e) {
        memory.heapConfiguration(e);
    }

    @Override
    public void gcConfiguration(Events.GcConfiguration e) {
        memory.gcConfiguration(e);
    }

    @Override
    public void allocationSample(Events.AllocationSample e) {
        memory.allocationSample(e);
    }

    @Override
    public void jvmStart(Events.JvmStart e) {
        startup.jvmStart(e);
    }

    @Override
    public void footprint(Events.Footprint e) {
        startup.footprint(e);
    }

    @Override
    public void virtualThreadPinned(Events.VirtualThreadPinned e) {
        process.virtualThreadPinned(e);
    }

    @Override
    public void agentStatus(Events.AgentStatus e) {
        process.agentStatus(e);
    }

    @Override
    public void r2dbcAcquire(Events.R2dbcAcquire e) {
        pools.r2dbcAcquire(e);
        reactive.r2dbcAcquire(e);
    }

    @Override
    public void r2dbcHold(Events.R2dbcHold e) {
        pools.r2dbcHold(e);
        reactive.r2dbcHold(e);
    }

    @Override
    public void r2dbcPool(Events.R2dbcPoolGauge e) {
        pools.r2dbcPool(e);
    }

    @Override
    public void stackSample(Events.StackSample e) {
        stacks.stackSample(e);
    }

    @Override
    public void loopStall(Events.LoopStall e) {
        reactive.loopStall(e);
    }

    @Override
    public void statement(Events.Statement e) {
        statements.statement(e);
        spans.statement(e);
        reactive.statement(e);
    }
}
