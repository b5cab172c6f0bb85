package dev.poolscope.analysis.recording.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Event;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.Timespan;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import dev.poolscope.format.event.JdkTypes;

/**
 * poolscope's chunk parser against the JDK's own, event by event: the same events in the same order, the same start
 * and end, thread, stack frames, and every number and string field. On the committed golden recordings (made by the
 * real agent in a real lab run) and on one recorded here with strings the agent never writes.
 */
class ChunkConformanceTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    @TempDir
    Path dir;

    @Name("test.Strings")
    static final class StringsEvent extends Event {
        String text;
        String empty;
        String none;
        int number;
        long big;
        boolean flag;
        double ratio;
        float small;
        char letter;
        short little;
        byte tiny;
        @Timespan(Timespan.TICKS)
        long span;
    }

    @Test
    void goldenRecordingsReadAsTheJdkReadsThem() throws Exception {
        for (String run : List.of("starved-pool", "reactive-starved-pool")) {
            assertSameEvents(FIXTURES.resolve(run).resolve("agent/recording.jfr"));
        }
    }

    @Test
    void stringsNumbersAndStacksOfEveryEncoding() throws Exception {
        Path file = dir.resolve("strings.jfr");
        try (Recording r = new Recording()) {
            r.enable(StringsEvent.class).withStackTrace();
            r.enable(JdkTypes.THREAD_PARK).withThreshold(java.time.Duration.ZERO).withStackTrace();
            r.start();
            String[] texts = {"plain", "ünïcödé ✓ 日本語", "x".repeat(70_000), "emoji 😀", "line\nbreak"};
            for (int i = 0; i < 200; i++) {
                StringsEvent e = new StringsEvent();
                e.begin();
                e.text = texts[i % texts.length];
                e.empty = "";
                e.none = null;
                e.number = i % 2 == 0 ? -i : Integer.MAX_VALUE - i;
                e.big = i % 3 == 0 ? Long.MIN_VALUE + i : (long) i << 40;
                e.flag = i % 2 == 0;
                e.ratio = i / 7.0;
                e.small = i / 3f;
                e.letter = (char) ('a' + i % 26 + (i % 5 == 0 ? 900 : 0));
                e.little = (short) (i * 300);
                e.tiny = (byte) i;
                e.span = i * 1000L;
                e.commit();
                if (i % 50 == 0) {
                    LockSupport.parkNanos(1_000_000);
                }
            }
            r.stop();
            r.dump(file);
        }
        assertThat(assertSameEvents(file)).isGreaterThanOrEqualTo(200);
    }

    /** Returns how many events were compared. */
    private static int assertSameEvents(Path file) throws Exception {
        List<RecordedEvent> jdk = new ArrayList<>();
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                jdk.add(rf.readEvent());
            }
        }
        List<String> ours = new ArrayList<>();
        List<String> theirs = new ArrayList<>();
        for (RecordedEvent e : jdk) {
            theirs.add(describe(e));
        }
        ChunkHeader.Listing listing = ChunkHeader.list(file);
        assertThat(listing.damage()).isNull();
        for (ChunkHeader h : listing.chunks()) {
            Chunk.open(h).read((type, event) -> e -> ours.add(describe(type, e)));
        }
        assertThat(ours).hasSameSizeAs(theirs);
        for (int i = 0; i < ours.size(); i++) {
            if (!ours.get(i).equals(theirs.get(i))) {
                // Only the fields that differ: a whole event can hold a 70,000-character string.
                List<String> a = List.of(ours.get(i).split(" "));
                List<String> b = List.of(theirs.get(i).split(" "));
                assertThat(a).as("event %d of %s: ours, then the JDK's", i, file.getFileName())
                        .isEqualTo(b);
            }
        }
        return ours.size();
    }

    private static String describe(RecordedEvent e) {
        StringBuilder b = new StringBuilder(e.getEventType().getName());
        b.append(" start=").append(nanos(e.getStartTime())).append(" end=").append(nanos(e.getEndTime()));
        RecordedThread t = e.getThread();
        b.append(" thread=").append(t == null ? "-" : t.getJavaThreadId() + "/" + t.getOSThreadId());
        if (e.getStackTrace() != null) {
            b.append(" stack=");
            for (RecordedFrame f : e.getStackTrace().getFrames()) {
                b.append(f.getMethod().getType().getName()).append('.').append(f.getMethod().getName())
                        .append(';');
            }
        }
        for (ValueDescriptor v : e.getFields()) {
            String name = v.getName();
            if (name.equals("startTime") || name.equals("duration") || name.equals("eventThread")
                    || name.equals("stackTrace") || v.isArray() || !simple(v.getTypeName())) {
                continue;
            }
            b.append(' ').append(name).append('=').append(shorten(value(e, v)));
        }
        return b.toString();
    }

    private static String describe(EventType type, JfrEvent e) {
        StringBuilder b = new StringBuilder(type.name());
        b.append(" start=").append(e.startNanos()).append(" end=").append(e.endNanos());
        JfrThread t = e.thread(e.threadKey());
        b.append(" thread=").append(t == null ? "-" : t.javaThreadId() + "/" + t.osThreadId());
        if (e.stackKey() != 0 && type.hasField("stackTrace")) {
            b.append(" stack=");
            JfrEvent.Frames frames = e.frames(e.stackKey());
            for (int i = 0; i < frames.size(); i++) {
                b.append(frames.className(i)).append('.').append(frames.methodName(i)).append(';');
            }
        }
        Metadata.Field[] fields = type.type.fieldArray;
        for (int i = 0; i < fields.length; i++) {
            Metadata.Field f = fields[i];
            if (f.name.equals("startTime") || f.name.equals("duration") || f.name.equals("eventThread")
                    || f.name.equals("stackTrace") || f.array) {
                continue;
            }
            if (f.constantPool && ConstantPools.isSimpleString(f.type)) {
                // The JDK reads a pooled one-string struct (a thread state, a GC's name) as the string itself.
                b.append(' ').append(f.name).append('=').append(shorten(e.getString(i)));
                continue;
            }
            if (!simple(f.type.name)) {
                continue;
            }
            b.append(' ').append(f.name).append('=').append(shorten(switch (f.type.kind) {
                case STRING -> e.getString(i);
                case BOOLEAN -> e.getBoolean(i);
                case FLOAT, DOUBLE -> e.getDouble(i);
                case CHAR -> (int) (char) e.getLong(i);
                default -> f.timeUnit == null || f.timeUnit.startsWith("MILLISECONDS_SINCE")
                        || f.timeUnit.equals("TICKS") && f.name.endsWith("Time")
                                ? e.getLong(i)
                                : span(e.getLong(i), e.getSpanNanos(i));
            }));
        }
        return b.toString();
    }

    private static boolean simple(String typeName) {
        return switch (typeName) {
            case "boolean", "byte", "char", "short", "int", "long", "float", "double", "java.lang.String" ->
                true;
            default -> false;
        };
    }

    private static Object value(RecordedObject e, ValueDescriptor v) {
        String name = v.getName();
        return switch (v.getTypeName()) {
            case "java.lang.String" -> {
                String s = e.getString(name);
                yield s == null ? "" : s;
            }
            case "boolean" -> e.getBoolean(name);
            case "float", "double" -> e.getDouble(name);
            case "char" -> (int) e.getChar(name);
            case "short" -> (long) e.getShort(name);
            default -> {
                String unit = v.getAnnotation(Timespan.class) == null
                        ? null
                        : v.getAnnotation(Timespan.class).value();
                yield unit == null ? e.getLong(name) : span(e.getLong(name), safeNanos(e, name));
            }
        };
    }

    /** A span's nanoseconds, or its raw value where it is one of the extremes JFR uses for "none". */
    private static Object span(long raw, long nanos) {
        return raw == Long.MAX_VALUE || raw == Long.MIN_VALUE ? "raw" + raw : nanos;
    }

    private static long safeNanos(RecordedObject e, String name) {
        try {
            return e.getDuration(name).toNanos();
        } catch (ArithmeticException overflow) {
            return Long.MIN_VALUE;
        }
    }

    private static String shorten(Object v) {
        String s = String.valueOf(v).replace(' ', '_').replace('\n', '/');
        return s.length() <= 80
                ? s
                : s.substring(0, 40) + "...(" + s.length() + " chars, hash " + s.hashCode() + ")";
    }

    private static long nanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    @Test
    void everyChunkOfAConcatenationIsListed() throws Exception {
        Path one = FIXTURES.resolve("starved-pool/agent/recording.jfr");
        Path three = dir.resolve("three.jfr");
        byte[] b = Files.readAllBytes(one);
        Files.write(three, b);
        Files.write(three, b, java.nio.file.StandardOpenOption.APPEND);
        Files.write(three, b, java.nio.file.StandardOpenOption.APPEND);
        int perFile = ChunkHeader.list(one).chunks().size();
        assertThat(ChunkHeader.list(three).chunks()).hasSize(3 * perFile);
        assertThat(ChunkHeader.list(three).damage()).isNull();
        Files.write(three, java.util.Arrays.copyOf(b, b.length - 10),
                java.nio.file.StandardOpenOption.APPEND);
        ChunkHeader.Listing cut = ChunkHeader.list(three);
        assertThat(cut.chunks()).hasSize(3 * perFile + perFile - 1);
        assertThat(cut.damage()).contains("is cut short");
    }
}
