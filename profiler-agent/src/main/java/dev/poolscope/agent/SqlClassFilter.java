package dev.poolscope.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;

/**
 * Passes to the statement hooks' transformer only the classes whose constant pool mentions a {@code java/sql/} or
 * {@code io/r2dbc/} name. Every class that implements a JDBC or R2DBC connection, statement or result does: it names
 * the interface, or the types of the methods it declares. Reading the pool's strings costs a few microseconds a
 * class; the parse ByteBuddy needs to see which methods a class declares costs ten times that, for every class the
 * host loads. A class file it cannot read is passed on.
 */
final class SqlClassFilter implements ClassFileTransformer {
    private static final byte[][] NEEDLES = {"java/sql/".getBytes(StandardCharsets.US_ASCII),
            "io/r2dbc/".getBytes(StandardCharsets.US_ASCII)};
    private static final int[] FIRST_SLASH = {"java/sql/".indexOf('/'), "io/r2dbc/".indexOf('/')};
    private final ClassFileTransformer hooks;

    SqlClassFilter(ClassFileTransformer hooks) {
        this.hooks = hooks;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain, byte[] bytes) throws IllegalClassFormatException {
        if (className == null || className.startsWith("java/") || className.startsWith("jdk/")
                || className.startsWith("sun/") || !mentionsSql(bytes)) {
            return null;
        }
        return hooks.transform(module, loader, className, classBeingRedefined, protectionDomain, bytes);
    }

    /** Whether a UTF-8 entry of the constant pool contains one of the needles; true when the pool is unreadable. */
    static boolean mentionsSql(byte[] b) {
        try {
            if (b == null || b.length < 10 || (b[0] & 0xff) != 0xCA || (b[1] & 0xff) != 0xFE) {
                return true;
            }
            int count = u2(b, 8);
            int p = 10;
            for (int i = 1; i < count; i++) {
                int tag = b[p] & 0xff;
                switch (tag) {
                    case 1 -> {
                        int length = u2(b, p + 1);
                        if (contains(b, p + 3, p + 3 + length)) {
                            return true;
                        }
                        p += 3 + length;
                    }
                    case 7, 8, 16, 19, 20 -> p += 3;
                    case 15 -> p += 4;
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> p += 5;
                    case 5, 6 -> {
                        p += 9;
                        i++;
                    }
                    default -> {
                        return true;
                    }
                }
            }
            return false;
        } catch (RuntimeException e) {
            return true;
        }
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xff) << 8 | (b[at + 1] & 0xff);
    }

    /** Looks at each '/' only (rare in a class file's other strings): "java" before it and "sql/" after, or the like. */
    private static boolean contains(byte[] b, int from, int to) {
        for (int k = from; k < to; k++) {
            if (b[k] != '/') {
                continue;
            }
            for (int n = 0; n < NEEDLES.length; n++) {
                int start = k - FIRST_SLASH[n];
                if (start >= from && start + NEEDLES[n].length <= to && matches(b, start, NEEDLES[n])) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean matches(byte[] b, int at, byte[] needle) {
        for (int j = 0; j < needle.length; j++) {
            if (b[at + j] != needle[j]) {
                return false;
            }
        }
        return true;
    }
}
