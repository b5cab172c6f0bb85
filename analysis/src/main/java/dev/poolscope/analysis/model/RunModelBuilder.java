package dev.poolscope.analysis.model;

import java.util.List;
import java.util.function.Consumer;

import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.ChunkSink;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingListener;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Builds a run's model: the .jtl into {@link ClientCollector}, the recording's chunks into per-topic collectors
 * ({@link RunCollectors}, several chunks at once, joined in file order) after the request passes chose a sample, then
 * assembles: the client join, each request's attribution, the run-wide figures.
 */
public final class RunModelBuilder implements Consumer<JtlSample>, JtlReader.Columns {
    private final long maxSpans;
    private final int maxClientSamples;
    private final ClientCollector client;
    private final SampledWaits wall = new SampledWaits();
    /** Null until decided: then everything read counts (the whole-recording fallback). */
    private MeasuredWindow window;
    private final int maxRequests;
    private final RequestPasses passes;
    private RunCollectors root;
    /** Whether the full read is kept apart for the steady part ({@link #splitForSteady}). */
    private boolean split;
    /** The full read kept apart in time, when it was ({@link #steady}). */
    private Segments segments;

    public RunModelBuilder() {
        this(RunData.MAX_REQUESTS, RunData.MAX_SPANS);
    }

    /** With smaller caps, so tests can pass them. */
    RunModelBuilder(int maxRequests, long maxSpans) {
        this(maxRequests, maxSpans, RunData.MAX_CLIENT_SAMPLES);
    }

    /** With smaller request and client caps, so a test can reach them with a small run. */
    public static RunModelBuilder withCaps(int maxRequests, int maxClientSamples) {
        return new RunModelBuilder(maxRequests, RunData.MAX_SPANS, maxClientSamples);
    }

    RunModelBuilder(int maxRequests, long maxSpans, int maxClientSamples) {
        this.maxSpans = maxSpans;
        this.maxClientSamples = maxClientSamples;
        this.client = new ClientCollector(maxClientSamples);
        this.maxRequests = maxRequests;
        this.passes = new RequestPasses(maxRequests);
    }

    /** Restricts the figures to {@code w}; call before the recording is read. */
    public void measure(MeasuredWindow w) {
        this.window = w;
        client.measure(w);
    }

    /** The span of the JMeter samples read so far (start of the first to end of the last), or null without any. */
    public MeasuredWindow clientSpan() {
        return client.span();
    }

    @Override
    public void accept(JtlSample s) {
        client.accept(s);
    }

    @Override
    public void columns(boolean hasRequestId) {
        client.columns(hasRequestId);
    }

    /** The request-only pass: after it the requests the full pass keeps are known ({@link #readAll} next). */
    public void chooseRequests(RecordingReader reader, RecordingReader.Source source)
            throws RecordingException {
        passes.read(reader, source, window);
        if (window == null && passes.requestSpan() != null) {
            // Without run.json or JMeter samples the load ran where the requests did: gauges, GC and schedstat before
            // the first (start-up, an idle app) or after the last would be read against a load that was not there.
            measure(passes.requestSpan());
        }
    }

    /** The .jtl comes after {@link #chooseRequests}: its one read keeps the chosen requests' samples too. */
    public void clientAfterRequests() {
        client.gatherChosen(passes.sample().lookup(), maxRequests);
    }

    /**
     * Keeps the full read apart at the instants where a steady part may start or end ({@link Segments}), so the
     * steady part's model needs no second read ({@link #steady}); before {@link #readAll}.
     */
    public void splitForSteady() {
        split = true;
    }

    /** Every event, chunk by chunk on as many threads as the reader has, after {@link #chooseRequests}. */
    public RecordingInfo readAll(RecordingReader reader, RecordingReader.Source source)
            throws RecordingException {
        RunCollectors all = root();
        segments = split ? Segments.of(all, passes) : null;
        if (segments != null) {
            return segments.read(reader, source, all);
        }
        return reader.readAll(source,
                ChunkSink.of(i -> new Dispatch.One(all.fork()), p -> all.join(p.collectors)));
    }

    /**
     * A builder for the steady part on {@code w}, its recording's events taken from this read's segments ({@link
     * #splitForSteady}); null when they do not hold that window, and it must be read again. Its .jtl and
     * async-profiler samples are still to be fed.
     */
    public RunModelBuilder steady(MeasuredWindow w) {
        if (segments == null || !segments.holds(w)) {
            return null;
        }
        // This read's own whole is done with (its model built and judged) but for its thread intervals.
        RunCollectors whole = root;
        root = null;
        RunModelBuilder b = new RunModelBuilder(maxRequests, maxSpans, maxClientSamples);
        b.measure(w);
        b.passes.use(segments.sample(passes.sample(), w));
        b.root = segments.steady(w, b.passes.sample(), whole, maxRequests, maxSpans);
        return b;
    }

    /** The events of the whole recording, fed one by one (tests; the reader uses {@link #readAll}). */
    public RecordingListener events() {
        return new Dispatch.One(root());
    }

    private RunCollectors root() {
        if (root == null) {
            root = new RunCollectors(new Scope(window, passes.sample()), maxRequests, maxSpans);
        }
        return root;
    }

    /** Whether one more request-only pass is wanted, when they are fed by hand (tests). */
    boolean wantsRequestPass() {
        return passes.wantsPass();
    }

    void requestPass(Events.Request e) {
        passes.request(e, window);
    }

    void requestPassEnd() {
        passes.passEnd();
    }

    /** Whether the kept samples should be the kept requests' ({@link #rereadClient}): requests and samples thinned. */
    public boolean wantsClientReread(boolean jtlHasRequestIds) {
        return client.wantsReread(jtlHasRequestIds, root().scope.sample);
    }

    /**
     * Starts keeping the samples of the kept requests instead of the thinned ones: those the first read gathered, when
     * it followed {@link #clientAfterRequests} (returns false: nothing to hand over), else every sample handed over
     * again (true).
     */
    public boolean rereadClient() {
        return client.keepKeptRequests(root().scope.sample, root().requests.requests.size());
    }

    /** One of async-profiler's wall samples of a sleeping thread (read after the JDK recording). */
    public void wallSample(Events.WallSample e) {
        wall.offer(e, root());
    }

    /**
     * One of async-profiler's CPU samples (read after the JDK recording): when there are any, the process' CPU samples
     * are these, since the JDK's miss every thread inside native code.
     */
    public void profilerCpuSample(long timeNanos, boolean yieldSpin) {
        root().cpu.profilerSample(timeNanos, yieldSpin);
    }

    /** The JDK recording's stacks in the window, for its flame graphs (none before the recording is read). */
    public StackProfiles stackProfiles() {
        return root == null ? StackProfiles.NONE : root.stacks.profiles();
    }

    /** Joins and attributes; {@code recording} may be null when only the .jtl was readable. */
    public RunModel build(RunMetadata metadata, RecordingInfo recording, JtlReader.Result jtl,
            List<String> notes) {
        return RunAssembly.assemble(root(), wall, client, window, maxSpans, metadata, recording, jtl, notes);
    }
}
