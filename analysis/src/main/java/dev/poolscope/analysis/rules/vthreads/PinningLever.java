package dev.poolscope.analysis.rules.vthreads;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.stream.Collectors;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Messages;

/**
 * Pinning is the root: the frame where virtual threads blocked while pinned, and what to replace there. The JDK says
 * why from JDK 24 on (jdk.VirtualThreadPinned's pinnedReason: a native or VM frame, a class initializer); before 24
 * a thread is pinned while it holds a monitor or runs under a native frame, and a monitor (synchronized) is the
 * common case, which JDK 24 no longer pins (JEP 491).
 */
public final class PinningLever {

    /** What bounds concurrency, with the pinning frame and its fix; null when no pinned site was recorded. */
    public String bound(RunModel run) {
        if (run.process().pinnedSites().isEmpty()) {
            return null;
        }
        RunModel.PinnedSite top = run.process().pinnedSites().getFirst();
        return Messages.format("recommend.pinned.bound", num(run.process().pinnedNanos() / 1e6), top.site(),
                top.count(), num(top.nanos() / 1e6), fix(top));
    }

    /** The pinned sites, longest first. */
    public String line(RunModel run) {
        return Messages.format("recommend.pinned.sites", run.process().pinnedSites().stream()
                .map(s -> Messages.format("recommend.pinned.site", s.site(), s.count(), num(s.nanos() / 1e6),
                        s.reason().isEmpty() ? "no reason recorded (JDK 21-23)" : s.reason()))
                .collect(Collectors.joining("; ")));
    }

    static String fix(RunModel.PinnedSite s) {
        String reason = s.reason();
        if (reason.isEmpty()) {
            return Messages.format("recommend.pinned.fix.monitor");
        }
        if (reason.contains("<clinit>") || reason.contains("initialization")) {
            return Messages.format("recommend.pinned.fix.initializer", reason);
        }
        if (reason.contains("Native")) {
            return Messages.format("recommend.pinned.fix.native", reason);
        }
        return Messages.format("recommend.pinned.fix.other", reason);
    }
}
