package dev.poolscope.analysis.flame;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import dev.poolscope.analysis.model.StackProfiles;
import dev.poolscope.analysis.output.AtomicWrite;
import dev.poolscope.analysis.recording.Events;
import one.convert.Arguments;
import one.convert.CallStack;
import one.convert.FlameGraph;

/**
 * A flame graph of the JDK recording's stacks, counted in the analysis' own pass (no second read of the file), drawn
 * by async-profiler's converter and framed as it frames its own: root first, {@code class/Name.method} with the
 * frame's type, hidden classes without their address (its {@code --norm}).
 */
public final class JdkStackGraph {

    /** Draws {@code stacks} of {@code kind} on {@code threads} (null: all) into {@code dir/flame-NAME.html} and {@code .collapsed.gz}. */
    public FlameGraphs.Graph write(StackProfiles stacks, Events.StackKind kind, Set<Long> threads,
            String name,
            String title, Path dir) throws IOException {
        Arguments args = new Arguments("--norm", "--title", title);
        FlameGraph graph = new FlameGraph(args);
        CallStack call = new CallStack();
        Map<String, String> names = new HashMap<>();
        stacks.forEach(kind, threads, (stack, count) -> {
            call.clear();
            for (int i = stack.size() - 1; i >= 0; i--) {
                boolean waitedOn = stack.kind(i) == Events.FrameKind.CLASS;
                call.push(names.computeIfAbsent(stack.frame(i),
                        waitedOn ? JdkStackGraph::javaName : JdkStackGraph::normalized), type(stack.kind(i)));
            }
            graph.addSample(call, count);
        });
        Path html = dir.resolve("flame-" + name + ".html");
        Path collapsed = dir.resolve("flame-" + name + CollapsedFiles.SUFFIX);
        try {
            // Collapsed first: the HTML dump consumes the graph's frame-name pool.
            args.output = "collapsed";
            args.minwidth = 0;
            AtomicWrite.write(collapsed, CollapsedFiles.gzipped(graph::dump));
            args.output = "html";
            args.minwidth = FlameGraphs.HTML_MIN_WIDTH_PERCENT;
            AtomicWrite.write(html, graph::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot write " + html.getFileName() + ": " + e, e);
        }
        return CollapsedFiles.summarize(name, html, collapsed);
    }

    /** {@code Class.method}, the class as {@link #normalizedClass} makes it. */
    static String normalized(String frame) {
        int dot = frame.lastIndexOf('.');
        return dot < 0
                ? normalizedClass(frame)
                : normalizedClass(frame.substring(0, dot)) + frame.substring(dot);
    }

    /** A class waited on as Java spells it: {@code int[]}, {@code java.lang.Object[]}, not {@code [I}. */
    static String javaName(String className) {
        String readable = dev.poolscope.analysis.recording.ClassNames.readable(className);
        int array = readable.indexOf("[]");
        return array < 0
                ? normalizedClass(readable)
                : normalizedClass(readable.substring(0, array)) + readable.substring(array);
    }

    /** A class name without a hidden class's trailing address ({@code /0x…}, {@code .0x…}, {@code +0x…/…}). */
    static String normalizedClass(String name) {
        String cls = name;
        int cut = Math.max(cls.lastIndexOf('/'), cls.lastIndexOf('.'));
        if (cut > 0 && cut + 1 < cls.length() && Character.isDigit(cls.charAt(cut + 1))) {
            cls = cls.substring(0, cut);
            int plus = cls.lastIndexOf("+0");
            if (plus > 0 && cls.length() - plus == 19) {
                cls = cls.substring(0, plus);
            }
        }
        return cls;
    }

    private static byte type(Events.FrameKind kind) {
        return switch (kind) {
            case INTERPRETED -> one.convert.Frame.TYPE_INTERPRETED;
            case JIT_COMPILED -> one.convert.Frame.TYPE_JIT_COMPILED;
            case INLINED -> one.convert.Frame.TYPE_INLINED;
            case NATIVE -> one.convert.Frame.TYPE_NATIVE;
            case C1_COMPILED -> one.convert.Frame.TYPE_C1_COMPILED;
            case OTHER -> one.convert.Frame.TYPE_JIT_COMPILED;
            // The converter's own choice for the class a lock event waited on.
            case CLASS -> one.convert.Frame.TYPE_INLINED;
        };
    }
}
