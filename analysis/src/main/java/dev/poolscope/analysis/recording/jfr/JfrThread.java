package dev.poolscope.analysis.recording.jfr;

/** A thread as a chunk's constant pool describes it; {@code name} is the Java name, else the OS name, else "?". */
public record JfrThread(long javaThreadId, long osThreadId, String name, boolean virtual) {
}
