package dev.poolscope.analysis.export;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.flame.Interner;
import dev.poolscope.analysis.flame.ProfileSamples;
import dev.poolscope.analysis.recording.Events;
import one.proto.Proto;

/**
 * An OpenTelemetry {@code ProfilesData} (profiles v1development as opentelemetry-proto v1.10.0 defines it, the
 * version the pinned converter's own OTLP writer follows), encoded with the converter's protobuf writer. Its bytes are
 * also a valid {@code ExportProfilesServiceRequest} (same fields), the body an OTLP/HTTP endpoint takes. One profile;
 * one sample per distinct stack and attribute set ({@link Label}s), with every observation's timestamp and value.
 * Field numbers are profiles.proto's; index 0 of every dictionary table is the empty entry the spec requires.
 */
final class OtlpWriter implements ProfileWriter {
    private final Interner<String> strings = Interner.startingWith("");
    /** attribute_table entries as (key index, value): index 0 is the empty entry. */
    private final Interner<List<Object>> attributes = Interner.startingWith(List.of());
    private final Map<Key, Observations> samples = new LinkedHashMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    private record Attributes(String thread, Events.Request request) {
    }

    private record Key(int stack, Attributes attributes) {
    }

    /** Each observation's time, count and (lock) nanoseconds. */
    private static final class Observations {
        long[] times = new long[4];
        long[] counts = new long[4];
        long[] nanos = new long[4];
        int n;

        void add(long time, long count, long nanos) {
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
                counts = Arrays.copyOf(counts, n * 2);
                this.nanos = Arrays.copyOf(this.nanos, n * 2);
            }
            times[n] = time;
            counts[n] = count;
            this.nanos[n++] = nanos;
        }
    }

    @Override
    public void sample(long timeNanos, String thread, Events.Request request, int stack, long count,
            long nanos) {
        samples.computeIfAbsent(new Key(stack, new Attributes(thread, request)), k -> new Observations())
                .add(timeNanos, count, nanos);
        first = Math.min(first, timeNanos);
        last = Math.max(last, timeNanos);
    }

    private int[] indices(Attributes a, ProfileInfo info) {
        List<Integer> out = new ArrayList<>();
        for (Label l : Label.values()) {
            String v = l.value(a.thread(), a.request(), info.primaryCause());
            if (v != null && !v.isEmpty()) {
                out.add(attributes.of(List.of(strings.of(l.otlpKey), v)));
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public void write(ProfileInfo info, OutputStream out) throws IOException {
        Proto p = new Proto(1 << 16);
        long resourceProfiles = p.startField(1, 5);
        long resource = p.startField(1, 2);
        long serviceName = p.startField(1, 2);
        p.field(1, "service.name").field(2, new Proto(64).field(1, info.runName()));
        p.commitField(serviceName);
        p.commitField(resource);
        long scopeProfiles = p.startField(2, 5);
        p.field(1, new Proto(16).field(1, "poolscope"));
        long profile = p.startField(2, 5);
        boolean timed = info.timed();
        p.field(1, valueType(timed ? "delay" : "samples", timed ? "nanoseconds" : "count"));
        Map<Attributes, int[]> attributeSets = new HashMap<>();
        for (Map.Entry<Key, Observations> e : samples.entrySet()) {
            Observations o = e.getValue();
            int[] attrs = attributeSets.computeIfAbsent(e.getKey().attributes(), a -> indices(a, info));
            long sample = p.startField(2, 4);
            p.field(1, e.getKey().stack() + 1);
            if (attrs.length > 0) {
                long packed = p.startField(2, 2);
                for (int a : attrs) {
                    p.writeInt(a);
                }
                p.commitField(packed);
            }
            long values = p.startField(4, 4);
            for (int i = 0; i < o.n; i++) {
                p.writeLong(timed ? o.nanos[i] : o.counts[i]);
            }
            p.commitField(values);
            long times = p.startField(5, 4);
            for (int i = 0; i < o.n; i++) {
                p.writeFixed64(o.times[i]);
            }
            p.commitField(times);
            p.commitField(sample);
        }
        long start = Math.min(info.startNanos(), first);
        long end = Math.max(info.endNanos(), last);
        p.fieldFixed64(3, start).field(4, end - start + 1);
        p.field(5,
                valueType(
                        timed ? "contentions" : info.kind().mode().name().toLowerCase(java.util.Locale.ROOT),
                        timed ? "count" : "nanoseconds"));
        p.field(6, timed ? 1 : info.intervalNanos());
        p.commitField(profile);
        p.commitField(scopeProfiles);
        p.commitField(resourceProfiles);
        writeDictionary(p, info);
        out.write(p.buffer(), 0, p.size());
    }

    private void writeDictionary(Proto p, ProfileInfo info) {
        ProfileSamples.Stacks stacks = info.stacks();
        List<ProfileSamples.Frame> frames = stacks.frames();
        // function_table[0] is the empty Function the spec requires: the placeholder at index 0 stands for it.
        Interner<String> functions = Interner.startingWith("");
        for (ProfileSamples.Frame f : frames) {
            functions.of(f.name());
        }
        long dictionary = p.startField(2, 5);
        p.field(1, new Proto(0));
        p.field(2, new Proto(0));
        for (ProfileSamples.Frame f : frames) {
            Proto line = new Proto(16).field(1, functions.of(f.name())).field(2, (long) f.line());
            p.field(2, new Proto(24).field(1, 0).field(3, line));
        }
        p.field(3, new Proto(0));
        for (String name : functions.all().subList(1, functions.size())) {
            int s = strings.of(name);
            p.field(3, new Proto(16).field(1, s).field(2, s));
        }
        p.field(4, new Proto(0));
        p.field(6, new Proto(0));
        for (List<Object> kv : attributes.all().subList(1, attributes.size())) {
            Proto value = new Proto(64).field(1, (String) kv.get(1));
            p.field(6, new Proto(64).field(1, (Integer) kv.get(0)).field(2, value));
        }
        p.field(7, new Proto(0));
        Proto stack = new Proto(256);
        for (int id = 0; id < stacks.size(); id++) {
            int[] ids = stacks.stack(id);
            stack.reset();
            long locations = stack.startField(1, 3);
            for (int i = ids.length; --i >= 0;) {
                // Location i+1 is frame i; OTLP lists the leaf first.
                stack.writeInt(ids[i] + 1);
            }
            stack.commitField(locations);
            p.field(7, stack);
        }
        // The string table last: every string above is in it by now.
        for (String s : strings.all()) {
            p.field(5, s);
        }
        p.commitField(dictionary);
    }

    private Proto valueType(String type, String unit) {
        return new Proto(8).field(1, strings.of(type)).field(2, strings.of(unit));
    }
}
