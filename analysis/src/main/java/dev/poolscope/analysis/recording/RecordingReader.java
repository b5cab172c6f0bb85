package dev.poolscope.analysis.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.poolscope.analysis.recording.jfr.Chunk;
import dev.poolscope.analysis.recording.jfr.ChunkHeader;
import dev.poolscope.analysis.recording.jfr.JfrFormatException;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.folder.RunFolder;

/**
 * Reads a run's JDK recording: {@code agent/recording.jfr}, or when it is missing (the app was killed) the chunks in
 * {@code agent/jfr-repository/}. Chunk by chunk with poolscope's own parser ({@link Chunk}), several chunks at once on
 * as many threads as the machine has cores; each chunk's events go to its own listener ({@link ChunkSink#fork}),
 * joined back in file order. Events are never kept here.
 */
public final class RecordingReader {
    static final String RECORDING = RunFolder.RECORDING_JFR;
    static final String REPOSITORY = RunFolder.JFR_REPOSITORY;
    static final String REQUEST = RequestEvent.NAME;
    /** How many chunks may be read ahead of the one being joined, per thread: bounds the memory of waiting parts. */
    private static final int AHEAD_PER_THREAD = 2;

    private final int threads;

    public RecordingReader() {
        this(Integer.getInteger("poolscope.analysis.threads", Runtime.getRuntime().availableProcessors()));
    }

    public RecordingReader(int threads) {
        this.threads = Math.max(1, threads);
    }

    /** The chunks to read, where they came from, and what was wrong with the files on the way. */
    public record Source(List<Path> files, boolean fromRepository, List<ChunkHeader> chunks,
            List<String> warnings,
            Map<Path, String> damage) {
    }

    /**
     * The recording of the agent folder {@code agentDir}: {@code recording.jfr} when it has a readable chunk, else
     * (missing, empty or unreadable: the app was killed) the chunks JFR left in its repository.
     */
    public Source open(Path agentDir) throws RecordingException {
        Path main = agentDir.resolve(RECORDING);
        Path repository = agentDir.resolve(REPOSITORY);
        String mainProblem;
        if (Files.isRegularFile(main)) {
            String problem = probe(main);
            if (problem == null) {
                return open(List.of(main), false);
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
        Source s = open(chunks, true);
        List<String> warnings = new ArrayList<>();
        warnings.add(mainProblem + ": read the chunks in " + REPOSITORY + "/ instead");
        warnings.addAll(s.warnings());
        return new Source(s.files(), true, s.chunks(), warnings, s.damage());
    }

    /** The given files' chunks, in order. */
    public Source open(List<Path> files, boolean fromRepository) {
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
        return new Source(List.copyOf(files), fromRepository, List.copyOf(chunks), warnings, damage);
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

    /**
     * The poolscope.Request events alone, as {@link RecordingListener#requestPass} keys (thread, start, end, id): the
     * other events are skipped unparsed. Damage ends a chunk quietly; the full pass says what it could not read.
     */
    public <P extends RecordingListener> void requests(Source source, ChunkSink<P> sink) {
        run(source.chunks(), EventBinder.Mode.REQUEST_KEYS, sink, (h, stats, problem) -> {
        });
    }

    /** Every event the analysis reads, into the sink's listeners; what was read and what was damaged. */
    public <P extends RecordingListener> RecordingInfo readAll(Source source, ChunkSink<P> sink)
            throws RecordingException {
        Map<String, Long> counts = new TreeMap<>();
        long[] totals = {0, Long.MAX_VALUE, Long.MIN_VALUE};
        Map<Path, Long> readPerFile = new HashMap<>();
        Map<Path, String> damage = new HashMap<>(source.damage());
        run(source.chunks(), EventBinder.Mode.ALL, sink, (h, s, problem) -> {
            s.counts.forEach((k, v) -> counts.merge(k, v, Long::sum));
            totals[0] += s.events;
            totals[1] = Math.min(totals[1], s.firstNanos);
            totals[2] = Math.max(totals[2], s.lastNanos);
            readPerFile.merge(h.file(), s.events, Long::sum);
            if (problem != null) {
                // A chunk damaged inside: what was read of it is kept; the file says so.
                damage.putIfAbsent(h.file(), "chunk " + h.index() + ": " + problem);
            }
        });
        List<String> warnings = new ArrayList<>(source.warnings());
        for (Path file : source.files()) {
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
        if (totals[0] == 0) {
            String why = warnings.isEmpty() ? "it holds no events" : warnings.getFirst();
            throw new RecordingException("cannot read recording " + source.files().getFirst() + ": " + why);
        }
        return new RecordingInfo(source.files(), source.fromRepository(), totals[0], Map.copyOf(counts),
                List.copyOf(warnings), totals[1], totals[2]);
    }

    /** Reads the recording of {@code agentDir} into one listener, on one thread. */
    public RecordingInfo read(Path agentDir, RecordingListener listener) throws RecordingException {
        return readAll(open(agentDir), ChunkSink.of(listener));
    }

    /** Reads the given files in order into one listener; for tests and tools that point at a single .jfr. */
    public RecordingInfo readFiles(List<Path> files, boolean fromRepository, RecordingListener listener)
            throws RecordingException {
        return readAll(open(files, fromRepository), ChunkSink.of(listener));
    }

    /**
     * Every poolscope.Request of {@code files}, in file order, with its method and uri: what an export labels each
     * sample inside a request with. What damage hides is left out quietly.
     */
    public static void readRequests(List<Path> files, Consumer<Events.Request> sink) {
        RecordingListener requests = new RecordingListener() {
            @Override
            public void request(Events.Request e) {
                sink.accept(e);
            }
        };
        RecordingReader reader = new RecordingReader(1);
        reader.run(reader.open(files, false).chunks(), EventBinder.Mode.REQUESTS, ChunkSink.of(requests),
                (h, s, p) -> {
                });
    }

    /** What a chunk gave: its stats, and why it stopped early (null when it did not). */
    private interface ChunkDone {
        void done(ChunkHeader chunk, Chunk.Stats stats, String problem);
    }

    private record Read<P>(P part, Chunk.Stats stats, String problem) {
    }

    private <P extends RecordingListener> void run(List<ChunkHeader> chunks, EventBinder.Mode mode,
            ChunkSink<P> sink, ChunkDone done) {
        int n = sink.parallel() ? Math.min(threads, chunks.size()) : 1;
        if (n <= 1) {
            Chunk.Buffer buffer = new Chunk.Buffer();
            for (int i = 0; i < chunks.size(); i++) {
                Read<P> r = readChunk(chunks.get(i), mode, sink.fork(i), buffer);
                sink.join(r.part());
                done.done(chunks.get(i), r.stats(), r.problem());
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "poolscope-chunks");
            t.setDaemon(true);
            return t;
        });
        // One array per reading thread, reused chunk after chunk; the threads end with the pass.
        ThreadLocal<Chunk.Buffer> buffers = ThreadLocal.withInitial(Chunk.Buffer::new);
        try {
            Deque<Future<Read<P>>> ahead = new ArrayDeque<>();
            int next = 0;
            for (int joined = 0; joined < chunks.size(); joined++) {
                while (next < chunks.size() && ahead.size() < n * AHEAD_PER_THREAD) {
                    ChunkHeader h = chunks.get(next);
                    P part = sink.fork(next);
                    ahead.add(pool.submit(() -> readChunk(h, mode, part, buffers.get())));
                    next++;
                }
                Read<P> r = Futures.await(ahead.removeFirst(), "the recording");
                sink.join(r.part());
                done.done(chunks.get(joined), r.stats(), r.problem());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** One chunk into one part; damage is the chunk's problem, anything else a bug that propagates. */
    private static <P extends RecordingListener> Read<P> readChunk(ChunkHeader h, EventBinder.Mode mode,
            P part, Chunk.Buffer buffer) {
        Chunk.Stats stats = new Chunk.Stats();
        try {
            // The request passes want neither stacks nor the span of the events they skip.
            boolean all = mode == EventBinder.Mode.ALL;
            stats = Chunk.open(h, buffer, all).read(new EventBinder(part, mode, new HashMap<>()), stats, all);
            return new Read<>(part, stats, null);
        } catch (IOException | JfrFormatException | IndexOutOfBoundsException e) {
            return new Read<>(part, stats, oneLine(e));
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
