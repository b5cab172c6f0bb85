package dev.poolscope.analysis.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.poolscope.analysis.recording.jfr.Chunk;
import dev.poolscope.analysis.recording.jfr.ChunkHeader;
import dev.poolscope.analysis.recording.jfr.JfrFormatException;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.folder.RunFolder;

/**
 * Reads a run's JDK recording: {@code agent/recording.jfr}, or when it is missing (the app was killed) the chunks in
 * {@code agent/jfr-repository/}. Chunk by chunk with poolscope's own parser ({@link Chunk}); events are handed to a
 * listener one by one and never kept here.
 */
public final class RecordingReader {
    static final String RECORDING = RunFolder.RECORDING_JFR;
    static final String REPOSITORY = RunFolder.JFR_REPOSITORY;
    static final String REQUEST = RequestEvent.NAME;

    /**
     * Reads the recording of the agent folder {@code agentDir}: {@code recording.jfr} when it holds events, else
     * (missing, empty or unreadable: the app was killed) the chunks JFR left in its repository.
     */
    public RecordingInfo read(Path agentDir, RecordingListener listener) throws RecordingException {
        Path main = agentDir.resolve(RECORDING);
        Path repository = agentDir.resolve(REPOSITORY);
        String mainProblem;
        if (Files.isRegularFile(main)) {
            String problem = probe(main);
            if (problem == null) {
                return readFiles(List.of(main), false, listener);
            }
            mainProblem = problem;
        } else {
            mainProblem = RECORDING + " is missing";
        }
        List<Path> chunks = repositoryChunks(repository);
        if (chunks.isEmpty()) {
            throw new RecordingException("no recording: " + mainProblem + " and " + repository
                    + " holds no chunk");
        }
        RecordingInfo info = readFiles(chunks, true, listener);
        List<String> warnings = new ArrayList<>();
        warnings.add(mainProblem + ": read the chunks in " + REPOSITORY + "/ instead");
        warnings.addAll(info.warnings());
        return new RecordingInfo(info.files(), true, info.eventsRead(), info.eventCounts(),
                List.copyOf(warnings), info.firstEventNanos(), info.lastEventNanos());
    }

    /** Null when the file has a readable chunk; else why not. Cheap: headers only. */
    private static String probe(Path file) {
        try {
            if (Files.size(file) == 0) {
                return RECORDING + " is empty";
            }
            ChunkHeader.Listing listing = ChunkHeader.list(file);
            if (listing.chunks().isEmpty()) {
                return RECORDING + " is not a readable JFR recording (" + listing.damage() + ")";
            }
            return null;
        } catch (IOException e) {
            return RECORDING + " cannot be read: " + oneLine(e);
        }
    }

    /** Reads the given files in order; public for tests and for tools that point at a single .jfr. */
    public RecordingInfo readFiles(List<Path> files, boolean fromRepository, RecordingListener listener)
            throws RecordingException {
        List<String> warnings = new ArrayList<>();
        List<ChunkHeader> chunks = new ArrayList<>();
        Map<Path, String> damage = new HashMap<>();
        for (Path file : files) {
            try {
                if (Files.size(file) == 0) {
                    warnings.add(file.getFileName() + " is empty");
                    continue;
                }
                ChunkHeader.Listing listing = ChunkHeader.list(file);
                chunks.addAll(listing.chunks());
                if (listing.damage() != null) {
                    damage.put(file, listing.damage());
                }
            } catch (IOException e) {
                warnings.add(file.getFileName() + " cannot be read: " + oneLine(e));
            }
        }
        Map<String, String> strings = new HashMap<>();
        while (listener.wantsRequestPass()) {
            for (ChunkHeader h : chunks) {
                try {
                    Chunk.open(h).read(new EventBinder(listener, EventBinder.Mode.REQUEST_KEYS, strings));
                } catch (IOException | RuntimeException e) {
                    // Read as far as it could be; the full pass reports the damage.
                }
            }
            listener.requestPassEnd();
        }
        Map<String, Long> counts = new TreeMap<>();
        long events = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        Map<Path, Long> readPerFile = new HashMap<>();
        for (ChunkHeader h : chunks) {
            try {
                Chunk.Stats s = Chunk.open(h).read(new EventBinder(listener, EventBinder.Mode.ALL, strings));
                s.counts.forEach((k, v) -> counts.merge(k, v, Long::sum));
                events += s.events;
                first = Math.min(first, s.firstNanos);
                last = Math.max(last, s.lastNanos);
                readPerFile.merge(h.file(), s.events, Long::sum);
            } catch (IOException | JfrFormatException | IndexOutOfBoundsException e) {
                // A chunk damaged inside: keep the chunks before it and say so.
                damage.putIfAbsent(h.file(), "chunk " + h.index() + ": " + oneLine(e));
            }
        }
        for (Path file : files) {
            String why = damage.get(file);
            if (why == null) {
                continue;
            }
            long read = readPerFile.getOrDefault(file, 0L);
            warnings.add(read == 0
                    ? file.getFileName() + " is not a readable JFR recording (" + why + ")"
                    : file.getFileName() + " is truncated: kept the " + read + " events before the damage ("
                            + why + ")");
        }
        if (events == 0) {
            String why = warnings.isEmpty() ? "it holds no events" : warnings.getFirst();
            throw new RecordingException("cannot read recording " + files.getFirst() + ": " + why);
        }
        return new RecordingInfo(List.copyOf(files), fromRepository, events, Map.copyOf(counts),
                List.copyOf(warnings), first, last);
    }

    /**
     * Every poolscope.Request of {@code files}, in file order, with its method and uri: what an export labels each
     * sample inside a request with. What damage hides is left out quietly.
     */
    public static void readRequests(List<Path> files, java.util.function.Consumer<Events.Request> sink) {
        RecordingListener requests = new RecordingListener() {
            @Override
            public void request(Events.Request e) {
                sink.accept(e);
            }
        };
        Map<String, String> strings = new HashMap<>();
        for (Path file : files) {
            try {
                for (ChunkHeader h : ChunkHeader.list(file).chunks()) {
                    Chunk.open(h).read(new EventBinder(requests, EventBinder.Mode.REQUESTS, strings));
                }
            } catch (IOException | RuntimeException e) {
                // Read as far as it could be.
            }
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    private static List<Path> repositoryChunks(Path repository) throws RecordingException {
        if (!Files.isDirectory(repository)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(repository, 8)) {
            // Chunk names start with their creation time, so name order is time order.
            return walk.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jfr"))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new RecordingException("cannot list " + repository + ": " + oneLine(e));
        }
    }
}
