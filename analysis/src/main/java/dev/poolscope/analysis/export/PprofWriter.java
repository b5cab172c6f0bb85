package dev.poolscope.analysis.export;

import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import dev.poolscope.analysis.flame.Interner;
import dev.poolscope.analysis.flame.ProfileSamples;
import dev.poolscope.analysis.recording.Events;
import one.proto.Proto;

/**
 * pprof's profile.proto, gzipped, encoded with the converter's protobuf writer. One sample per distinct stack, thread
 * and request, with the {@link Label}s as string labels; values are sample counts (lock: waits and their nanoseconds,
 * as Go's block profile has them). Field numbers are profile.proto's.
 */
final class PprofWriter implements ProfileWriter {
    private final Map<Key, long[]> samples = new LinkedHashMap<>();

    private record Key(int stack, String thread, Events.Request request) {
    }

    @Override
    public void sample(long timeNanos, String thread, Events.Request request, int stack, long count,
            long nanos) {
        long[] v = samples.computeIfAbsent(new Key(stack, thread, request), k -> new long[2]);
        v[0] += count;
        v[1] += nanos;
    }

    @Override
    public void write(ProfileInfo info, OutputStream out) throws IOException {
        Interner<String> strings = Interner.startingWith("");
        Proto profile = new Proto(1 << 16);
        boolean timed = info.timed();
        String what = timed ? "contentions" : "samples";
        profile.field(1, valueType(strings, what, "count"));
        if (timed) {
            profile.field(1, valueType(strings, "delay", "nanoseconds"));
        }
        ProfileSamples.Stacks stacks = info.stacks();
        List<ProfileSamples.Frame> frames = stacks.frames();
        Proto s = new Proto(256);
        Proto label = new Proto(16);
        for (Map.Entry<Key, long[]> e : samples.entrySet()) {
            Key k = e.getKey();
            s.reset();
            long packed = s.startField(1, 3);
            int[] stack = stacks.stack(k.stack());
            for (int i = stack.length; --i >= 0;) {
                // Location i+1 is frame i; pprof lists the leaf first.
                s.writeInt(stack[i] + 1);
            }
            s.commitField(packed);
            long values = s.startField(2, 2);
            s.writeLong(e.getValue()[0]);
            if (timed) {
                s.writeLong(e.getValue()[1]);
            }
            s.commitField(values);
            for (Label l : Label.values()) {
                String v = l.value(k.thread(), k.request(), info.primaryCause());
                if (v != null && !v.isEmpty()) {
                    label.reset();
                    label.field(1, strings.of(l.pprofKey)).field(2, strings.of(v));
                    s.field(3, label);
                }
            }
            profile.field(2, s);
        }
        profile.field(3, new Proto(32).field(1, 1).field(5, strings.of("poolscope export"))
                .field(7, 1).field(9, 1));
        // Function ids count from 1 (0 means none in pprof): index 0 holds a placeholder that is not written.
        Interner<String> functions = Interner.startingWith("");
        Proto location = new Proto(32);
        for (int i = 0; i < frames.size(); i++) {
            ProfileSamples.Frame f = frames.get(i);
            location.reset();
            location.field(1, i + 1).field(2, 1)
                    .field(4, new Proto(16).field(1, functions.of(f.name())).field(2, f.line()));
            profile.field(4, location);
        }
        Proto function = new Proto(32);
        for (int i = 1; i < functions.size(); i++) {
            int name = strings.of(functions.get(i));
            function.reset();
            function.field(1, i).field(2, name).field(3, name);
            profile.field(5, function);
        }
        int comment = strings.of("poolscope export of " + info.runName() + ": " + info.kind().id()
                + " samples in the measured window");
        Proto periodType = valueType(strings, timed
                ? "contentions"
                : info.kind().mode().name().toLowerCase(
                        java.util.Locale.ROOT),
                timed ? "count" : "nanoseconds");
        for (String str : strings.all()) {
            profile.field(6, str);
        }
        profile.field(9, info.startNanos()).field(10, info.endNanos() - info.startNanos());
        profile.field(11, periodType).field(12, timed ? 1 : info.intervalNanos());
        profile.field(13, comment);
        GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16);
        gz.write(profile.buffer(), 0, profile.size());
        gz.finish();
    }

    private static Proto valueType(Interner<String> strings, String type, String unit) {
        return new Proto(8).field(1, strings.of(type)).field(2, strings.of(unit));
    }
}
