package dev.poolscope.agent;

import dev.poolscope.format.event.ThreadContext;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.FieldVisitor;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * On a JDK with {@code jdk.jfr.Contextual} (25+), adds it to the event fields marked {@link ThreadContext} as their
 * classes load, so that JDK tools show the request beside every JDK event inside it. The event classes are compiled
 * for JDK 21, which cannot name that annotation; on JDK 21–24 nothing is installed and they load as compiled.
 *
 * <p>
 * Only the annotations change: the same fields, the same code, so committing an event costs what it did. The
 * transformer looks at the format's event package only and must run before any of its classes loads: installed from
 * premain (or the first attach) before the hooks, which are the first to use them.
 */
final class ContextualFields implements ClassFileTransformer {
    static final String CONTEXTUAL = "jdk.jfr.Contextual";
    private static final String CONTEXTUAL_DESCRIPTOR = "L" + CONTEXTUAL.replace('.', '/') + ";";
    private static final String MARK = Type.getDescriptor(ThreadContext.class);
    private static final String EVENT_PACKAGE = ThreadContext.class.getPackageName().replace('.', '/') + "/";
    private static boolean installed;

    private ContextualFields() {
    }

    /** Once per JVM (a second attach finds the classes loaded and marked). Never throws. */
    static synchronized void install(Instrumentation inst) {
        if (installed) {
            return;
        }
        installed = true;
        try {
            if (jdkHasContextual()) {
                inst.addTransformer(new ContextualFields(), false);
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    static boolean jdkHasContextual() {
        return Class.forName(jdk.jfr.Event.class.getModule(), CONTEXTUAL) != null;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain pd,
            byte[] classFile) {
        if (className == null || redefined != null || !className.startsWith(EVENT_PACKAGE)) {
            return null;
        }
        try {
            return mark(classFile);
        } catch (Throwable t) {
            // The class loads as compiled, without the context.
            Suppressed.record(t);
            return null;
        }
    }

    /** The class with {@code jdk.jfr.Contextual} beside each {@link ThreadContext}; null when it has none. */
    static byte[] mark(byte[] classFile) {
        ClassReader reader = OpenedClassReader.of(classFile);
        // Given the reader, the writer copies every method it is not asked to change as it stands.
        ClassWriter writer = new ClassWriter(reader, 0);
        Marker marker = new Marker(writer);
        reader.accept(marker, 0);
        return marker.marked ? writer.toByteArray() : null;
    }

    private static final class Marker extends ClassVisitor {
        boolean marked;

        Marker(ClassVisitor next) {
            super(OpenedClassReader.ASM_API, next);
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                Object value) {
            return new FieldVisitor(OpenedClassReader.ASM_API,
                    super.visitField(access, name, descriptor, signature, value)) {
                // A class compiled with it already (a JDK 25 build of the events) keeps its one annotation: ASM
                // visits the visible annotations before the invisible mark.
                private boolean contextual;

                @Override
                public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                    if (annotation.equals(CONTEXTUAL_DESCRIPTOR)) {
                        contextual = true;
                    } else if (annotation.equals(MARK) && !contextual) {
                        contextual = true;
                        marked = true;
                        super.visitAnnotation(CONTEXTUAL_DESCRIPTOR, true).visitEnd();
                    }
                    return super.visitAnnotation(annotation, visible);
                }
            };
        }
    }
}
