package dev.poolscope.analysis.export;

import java.io.IOException;
import java.io.OutputStream;

import dev.poolscope.analysis.recording.Events;

/** One format's writer: takes the samples one by one, then writes the file with what is known once all are read. */
interface ProfileWriter {
    /** {@code request}: the request around the sample on its thread, null when none; {@code nanos}: a lock wait's length. */
    void sample(long timeNanos, String thread, Events.Request request, int stack, long count, long nanos);

    void write(ProfileInfo info, OutputStream out) throws IOException;
}
