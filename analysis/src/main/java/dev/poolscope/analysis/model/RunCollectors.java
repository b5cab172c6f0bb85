package dev.poolscope.analysis.model;

/**
 * Every topic's collector for one chunk, one time segment of the run ({@link Segments}), or the whole run once joined.
 * Which topics read which event is {@link Dispatch}'s.
 */
final class RunCollectors {
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

    /** Empty collectors for one time segment: their caps shared with the other segments' ({@link Segments}). */
    RunCollectors segment(Caps shared) {
        Scope s = scope.sharing(shared);
        return new RunCollectors(s, requests.fork(s), spans.fork(s), pools.fork(s), redis.fork(s),
                http.fork(s),
                reactive.fork(s), sched.fork(s), cpu.fork(s), process.fork(s), startup.fork(s),
                stacks.fork(s), statements.fork(s), memory.fork(s));
    }

    /**
     * Absorbs the collectors of the chunk (or time segment) that follows everything absorbed so far. {@code later} is
     * only read: a time segment is joined into the judged read's whole and again into the steady part.
     */
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

    /**
     * Absorbs what a time segment outside the steady part still gives it: what is kept whatever the window (schedstat
     * series, CPU samples per thread, start-up, Redis' event loops, the heap's configuration, the agent's status), and
     * its requests as ones outside the window.
     */
    void joinOutside(RunCollectors later) {
        requests.joinOutside(later.requests);
        sched.join(later.sched);
        cpu.joinOutside(later.cpu);
        startup.join(later.startup);
        redis.joinOutside(later.redis);
        memory.joinOutside(later.memory);
        process.joinOutside(later.process);
    }
}
