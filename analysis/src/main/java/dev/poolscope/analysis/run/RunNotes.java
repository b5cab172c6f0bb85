package dev.poolscope.analysis.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.Startup;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunConfig;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.folder.RunFolder;

/**
 * The notes a run's analysis adds about its own inputs (what was missing, partial or approximate, and why), each one
 * sentence the report lists; and the notes that need the built model.
 */
final class RunNotes {
    private RunNotes() {
    }

    static String metadataMissing(String agent) {
        return agent + "/" + RunFolder.METADATA_JSON
                + " is missing: pool size, server and CPU count are unknown";
    }

    static String requestsBeforeRecording(long early, String agent) {
        return early + " requests began before the JDK recording in " + agent
                + "/ had started and are not in it (the agent counted them)";
    }

    static String noRequestIdColumn() {
        return RunFolder.RESULTS_JTL_PATH
                + " has no requestId column: client samples are joined to server spans by path and"
                + " time (approximate: concurrent requests to one path can swap partners)";
    }

    static String skippedRows(long skipped) {
        return skipped + " rows of " + RunFolder.RESULTS_JTL_PATH + " could not be parsed and were skipped";
    }

    static String attached(Long pid) {
        return "recorded by attaching to the running JVM pid " + pid
                + ": no JMeter, so no client view (client latency, backlog and the client-server join are"
                + " empty); every figure is the server's, and there are no start-up figures (the recording"
                + " began after the app started)";
    }

    static String fromRepository(RecordingInfo recording) {
        return recording.warnings().getFirst() + " (the app was probably killed): " + recording.files().size()
                + " chunks; the recording is partial";
    }

    static String wallSamplesUnreadable(String why) {
        return RunFolder.ASYNC_PROFILER_JFR + ": " + why
                + "; time no event covers stays unexplained (no wall samples to name it)";
    }

    /** Where a recording read from the repository's chunks ends, against the measured window. */
    static String ended(RecordingInfo recording, RunModel model) {
        double into = (recording.lastEventNanos() - model.window().startNanos()) / 1e9;
        String when = java.time.Instant.ofEpochMilli(recording.lastEventNanos() / 1_000_000L).toString();
        return String.format(Locale.ROOT, "the recording ends at %s, %.1f s into the %.1f s measured window",
                when,
                into, model.window().seconds());
    }

    /**
     * The model with the notes only it can tell (where a partial recording ends, no requests), and without start-up
     * figures when the recording began by attaching: JVM start to the first request seen says when we attached, not
     * how long the app took to start.
     */
    static RunModel afterBuild(RunModel model, RecordingInfo recording, RunConfig config) {
        List<String> more = new ArrayList<>();
        if (recording != null && recording.fromRepository()) {
            more.add(ended(recording, model));
        }
        if (model.requests().isEmpty()) {
            more.add(model.client().isEmpty()
                    ? "the run has no requests: neither " + RequestEvent.NAME + " events nor JMeter samples"
                    : "the recording has no " + RequestEvent.NAME
                            + " events: no diagnosis without server-side requests");
        }
        Startup startup = config.attachedPid() != null ? Startup.NONE : model.startup();
        if (more.isEmpty() && startup == model.startup()) {
            return model;
        }
        List<String> all = new ArrayList<>(model.notes());
        all.addAll(more);
        return with(model, all, startup);
    }

    /** The model with {@code notes} instead of its own. */
    static RunModel withNotes(RunModel m, List<String> notes) {
        return with(m, notes, m.startup());
    }

    private static RunModel with(RunModel m, List<String> notes, Startup startup) {
        return new RunModel(m.metadata(), m.recording(), m.jtl(), List.copyOf(notes), m.window(),
                m.startNanos(),
                m.endNanos(), m.requests(), m.client(), m.join(), m.serverTotal(), m.pools(), m.redis(),
                m.http(), m.process(), m.workers(), m.eventLoop(), m.carriers(), m.timeline(), m.slowest(),
                m.redisToConnectionGaps(),
                m.cpuFromSchedstat(), m.locks(), startup, m.loops(), m.sampling(), m.statements(),
                m.memory(), m.overlaps(), m.steady());
    }
}
