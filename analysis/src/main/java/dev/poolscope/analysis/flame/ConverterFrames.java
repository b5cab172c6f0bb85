package dev.poolscope.analysis.flame;

import java.nio.charset.StandardCharsets;

import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.MethodRef;

/** Names of methods and classes in a recording read through the pinned converter's {@link JfrReader}. */
final class ConverterFrames {
    private ConverterFrames() {
    }

    static String symbol(JfrReader r, long id) {
        byte[] b = r.symbols.get(id);
        return b == null ? "" : new String(b, StandardCharsets.UTF_8);
    }

    /** The method's class, dotted, or "" when unknown; a native frame's "class" is its library's file name. */
    static String className(JfrReader r, MethodRef m) {
        ClassRef c = r.classes.get(m.cls);
        return c == null ? "" : symbol(r, c.name).replace('/', '.');
    }
}
