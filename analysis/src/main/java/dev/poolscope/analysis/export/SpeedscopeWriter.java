package dev.poolscope.analysis.export;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import dev.poolscope.analysis.flame.Interner;
import dev.poolscope.analysis.flame.ProfileSamples;
import dev.poolscope.analysis.recording.Events;

/**
 * speedscope's JSON file format (https://www.speedscope.app/file-format-schema.json). speedscope has no labels: it
 * shows one profile at a time. The first profile is every selected thread together (stacks summed: its Left Heavy
 * and Sandwich views are the report's flame graph); then one profile per thread with its samples in time order, where
 * a sample inside a request sits under a frame {@code [METHOD path id=ID]}, so Time Order shows each request as a
 * block. Consecutive equal samples are merged into one, weighted.
 */
final class SpeedscopeWriter implements ProfileWriter {
    private final Map<String, Lane> threads = new TreeMap<>();
    /** Per stack, summed over threads: [count, nanos]. */
    private final Map<Integer, long[]> total = new LinkedHashMap<>();
    /** Request frames, after the stacks' frames in the shared table. */
    private final Interner<String> requestFrames = new Interner<>();

    /** One thread's samples as read: time, stack, request frame (-1: none), count, nanoseconds. */
    private static final class Lane {
        long[] times = new long[16];
        int[] stacks = new int[16];
        int[] requests = new int[16];
        long[] counts = new long[16];
        long[] nanos = new long[16];
        int n;

        void add(long time, int stack, int request, long count, long nanos) {
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
                stacks = Arrays.copyOf(stacks, n * 2);
                requests = Arrays.copyOf(requests, n * 2);
                counts = Arrays.copyOf(counts, n * 2);
                this.nanos = Arrays.copyOf(this.nanos, n * 2);
            }
            times[n] = time;
            stacks[n] = stack;
            requests[n] = request;
            counts[n] = count;
            this.nanos[n++] = nanos;
        }

        long weight(int i, boolean timed) {
            return timed ? nanos[i] : counts[i];
        }
    }

    @Override
    public void sample(long timeNanos, String thread, Events.Request request, int stack, long count,
            long nanos) {
        int requestFrame = -1;
        if (request != null) {
            String name = "[" + request.method() + " " + request.uri() + " id=" + request.requestId() + "]";
            requestFrame = requestFrames.of(name);
        }
        threads.computeIfAbsent(thread, k -> new Lane()).add(timeNanos, stack, requestFrame, count, nanos);
        long[] sum = total.computeIfAbsent(stack, k -> new long[2]);
        sum[0] += count;
        sum[1] += nanos;
    }

    @Override
    public void write(ProfileInfo info, OutputStream out) throws IOException {
        ProfileSamples.Stacks stacks = info.stacks();
        List<ProfileSamples.Frame> frames = stacks.frames();
        boolean timed = info.timed();
        int w = timed ? 1 : 0;
        String unit = timed ? "nanoseconds" : "none";
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("$schema", "https://www.speedscope.app/file-format-schema.json");
            g.writeStringField("name", info.runName() + " " + info.kind().id());
            g.writeStringField("exporter", "poolscope");
            g.writeNumberField("activeProfileIndex", 0);
            g.writeObjectFieldStart("shared");
            g.writeArrayFieldStart("frames");
            for (ProfileSamples.Frame f : frames) {
                g.writeStartObject();
                g.writeStringField("name", f.name());
                if (f.line() > 0) {
                    g.writeNumberField("line", f.line());
                }
                g.writeEndObject();
            }
            for (String r : requestFrames.all()) {
                g.writeStartObject();
                g.writeStringField("name", r);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeArrayFieldStart("profiles");
            long sum = total.values().stream().mapToLong(v -> v[w]).sum();
            start(g, "all threads", unit, sum);
            g.writeArrayFieldStart("samples");
            for (int stack : total.keySet()) {
                writeStack(g, stacks.stack(stack), -1, frames.size());
            }
            g.writeEndArray();
            g.writeArrayFieldStart("weights");
            for (long[] v : total.values()) {
                g.writeNumber(v[w]);
            }
            g.writeEndArray();
            g.writeEndObject();
            for (Map.Entry<String, Lane> e : threads.entrySet()) {
                writeLane(g, info, e.getKey(), e.getValue(), frames.size());
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void writeLane(JsonGenerator g, ProfileInfo info, String thread, Lane lane,
            int requestBase)
            throws IOException {
        boolean timed = info.timed();
        Integer[] order = new Integer[lane.n];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(lane.times[a], lane.times[b]));
        // Runs of equal samples, merged: [first index of the run, weight].
        int[] runStart = new int[lane.n];
        long[] runWeight = new long[lane.n];
        int runs = 0;
        long sum = 0;
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            long weight = lane.weight(i, timed);
            sum += weight;
            if (runs > 0) {
                int j = runStart[runs - 1];
                if (lane.stacks[j] == lane.stacks[i] && lane.requests[j] == lane.requests[i]) {
                    runWeight[runs - 1] += weight;
                    continue;
                }
            }
            runStart[runs] = i;
            runWeight[runs++] = weight;
        }
        start(g, thread, timed ? "nanoseconds" : "none", sum);
        g.writeArrayFieldStart("samples");
        for (int r = 0; r < runs; r++) {
            int i = runStart[r];
            writeStack(g, info.stacks().stack(lane.stacks[i]), lane.requests[i], requestBase);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("weights");
        for (int r = 0; r < runs; r++) {
            g.writeNumber(runWeight[r]);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void start(JsonGenerator g, String name, String unit, long endValue) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", "sampled");
        g.writeStringField("name", name);
        g.writeStringField("unit", unit);
        g.writeNumberField("startValue", 0);
        g.writeNumberField("endValue", endValue);
    }

    /** Frame indexes root first, under the request's frame when there is one. */
    private static void writeStack(JsonGenerator g, int[] stack, int request, int requestBase)
            throws IOException {
        g.writeStartArray();
        if (request >= 0) {
            g.writeNumber(requestBase + request);
        }
        for (int f : stack) {
            g.writeNumber(f);
        }
        g.writeEndArray();
    }

}
