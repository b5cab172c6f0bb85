package dev.poolscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.FieldVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.utility.OpenedClassReader;

import org.junit.jupiter.api.Test;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.RequestEvent;

class ContextualFieldsTest {
    private static final String CONTEXTUAL = "Ljdk/jfr/Contextual;";
    private static final String MARK = "Ldev/poolscope/format/event/ThreadContext;";

    @Test
    void theRequestsIdentityIsContextualAndNothingElseChanges() throws IOException {
        byte[] compiled = classFile(RequestEvent.class);
        byte[] marked = ContextualFields.mark(compiled);
        assertNotNull(marked, "the request event has marked fields");

        Map<String, List<String>> expected = fieldAnnotations(compiled);
        for (String field : List.of(RequestEvent.REQUEST_ID, RequestEvent.METHOD, RequestEvent.URI)) {
            assertEquals(true, expected.get(field).contains("invisible " + MARK), field + " is marked");
            expected.get(field).add("visible " + CONTEXTUAL);
            expected.get(field).sort(null);
        }
        assertEquals(expected, fieldAnnotations(marked));
        assertEquals(methods(compiled), methods(marked), "the same code");
    }

    @Test
    void anEventWithoutMarksLoadsAsCompiled() throws IOException {
        assertNull(ContextualFields.mark(classFile(AgentStatusEvent.class)));
    }

    @Test
    void theAnnotationExistsFromJdk25On() {
        assertEquals(Runtime.version().feature() >= 25, ContextualFields.jdkHasContextual());
    }

    @Test
    void aMarkedClassIsNotMarkedTwice() throws IOException {
        assertNull(ContextualFields.mark(ContextualFields.mark(classFile(RequestEvent.class))));
    }

    private static byte[] classFile(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    /** "visible|invisible DESCRIPTOR" by field name, sorted. */
    private static Map<String, List<String>> fieldAnnotations(byte[] classFile) {
        Map<String, List<String>> out = new TreeMap<>();
        OpenedClassReader.of(classFile).accept(new ClassVisitor(OpenedClassReader.ASM_API) {
            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                    Object value) {
                List<String> annotations = new ArrayList<>();
                out.put(name, annotations);
                return new FieldVisitor(OpenedClassReader.ASM_API) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                        annotations.add((visible ? "visible " : "invisible ") + annotation);
                        annotations.sort(null);
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE);
        return out;
    }

    /** Each method's name, descriptor and instruction count. */
    private static List<String> methods(byte[] classFile) {
        List<String> out = new ArrayList<>();
        OpenedClassReader.of(classFile).accept(new ClassVisitor(OpenedClassReader.ASM_API) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                int[] count = {0};
                String key = name + descriptor;
                return new MethodVisitor(OpenedClassReader.ASM_API) {
                    @Override
                    public void visitInsn(int opcode) {
                        count[0]++;
                    }

                    @Override
                    public void visitEnd() {
                        out.add(key + " " + count[0]);
                    }
                };
            }
        }, 0);
        return out;
    }
}
