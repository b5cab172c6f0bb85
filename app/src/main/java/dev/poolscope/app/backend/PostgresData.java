package dev.poolscope.app.backend;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * The embedded PostgreSQL's data directories. initdb makes the first one; a copy of it, kept as a template, makes
 * every later one, because initdb costs 1.7–2.6 s of CPU on the 2-core machine on every start (its bootstrap
 * script) where copying its ~43 MB takes about a tenth of a second. The server's settings are not in the template:
 * the launcher passes them on the server's command line (EmbeddedBackends), so one template serves every start.
 *
 * <p>
 * A template names the binaries that made it ({@link Binaries}); one made by others (another PostgreSQL after an
 * upgrade) fails the start before the server starts, and is discarded and made again (EmbeddedBackends); so is one
 * whose server failed to start for any other reason, by the next start. A template that cannot be read or written is
 * only a slower start. Each directory is the app's
 * own and is deleted when its server stops: by {@link BackendServices} on a clean stop, by the {@link Watchdog} when
 * the app dies.
 */
final class PostgresData {
    /** Prefix of every data directory this class makes, and what the watchdog checks before it deletes one. */
    static final String PREFIX = "poolscope-pg-";
    /** In the template: the digest of the binaries that made it. */
    static final String BINARIES = "poolscope-binaries";
    /** Not copied into or out of the template: the lock of the directory's own server, and its pid file. */
    private static final Set<String> SKIPPED = Set.of("epg-lock", "postmaster.pid");

    private final Path template;

    PostgresData(Path template) {
        this.template = template;
    }

    /** The template in the temporary folder, one per user (initdb makes directories only their owner may read). */
    static PostgresData inTempDir() {
        return new PostgresData(Path.of(System.getProperty("java.io.tmpdir"),
                PREFIX + "template-" + System.getProperty("user.name", "user")));
    }

    /**
     * A new data directory: a copy of the template when there is one, else empty (initdb fills it). Says which in
     * {@link Directory#fromTemplate()}.
     */
    Directory create() throws IOException {
        Path dir = Files.createTempDirectory(template.getParent(), PREFIX);
        if (Files.isRegularFile(template.resolve("PG_VERSION"))) {
            try {
                copy(template, dir);
                return new Directory(dir, true);
            } catch (IOException | RuntimeException e) {
                delete(dir);
                Files.createDirectories(dir);
            }
        }
        return new Directory(dir, false);
    }

    /**
     * Keeps {@code initialized} (a data directory initdb just made, its server not yet started) as the template,
     * unless there is one. Written beside it and renamed into place, so no start copies half a template. Never throws:
     * without a template the next start runs initdb again.
     */
    void keep(File initialized) {
        if (Files.exists(template)) {
            return;
        }
        String binaries = Binaries.INSTANCE.digest();
        if (binaries == null) {
            return;
        }
        Path partial = null;
        try {
            partial = Files.createTempDirectory(template.getParent(), PREFIX + "partial-");
            copy(initialized.toPath(), partial);
            Files.writeString(partial.resolve(BINARIES), binaries);
            Files.move(partial, template, StandardCopyOption.ATOMIC_MOVE);
            partial = null;
        } catch (IOException | RuntimeException e) {
            // Another start kept its own first, or the folder is not writable.
        } finally {
            if (partial != null) {
                delete(partial);
            }
        }
    }

    /**
     * Fails a start on a copy of a template the binaries now in use did not make: called before the server starts
     * ({@code setDataDirectoryCustomizer}), so the start fails at once rather than after the server's start-up wait.
     */
    static void madeByTheseBinaries(File copy) {
        String now = Binaries.INSTANCE.digest();
        String made;
        try {
            made = Files.readString(copy.toPath().resolve(BINARIES)).strip();
        } catch (IOException e) {
            made = null;
        }
        if (now == null || !now.equals(made)) {
            throw new OtherBinaries();
        }
    }

    /** The template a directory was copied from was made by other binaries than the ones now in use. */
    static final class OtherBinaries extends IllegalStateException {
        OtherBinaries() {
            super("the PostgreSQL data template was made by other binaries");
        }
    }

    /** Drops the template (one its PostgreSQL could not start). */
    void discard() {
        delete(template);
    }

    Path template() {
        return template;
    }

    /**
     * Deletes {@code dir} and what is in it, as far as it can. A server that has just stopped may still remove a file
     * or two meanwhile: what vanished is skipped, and the walk is tried again while something is left.
     */
    static void delete(Path dir) {
        for (int attempt = 0; attempt < 3 && Files.exists(dir); attempt++) {
            try {
                Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                            throws IOException {
                        Files.deleteIfExists(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                        Files.deleteIfExists(d);
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException | RuntimeException e) {
                // Left for the next attempt; what is left after the last is in the temporary folder.
            }
        }
    }

    /** Copies the tree with its permissions (PostgreSQL refuses a data directory others may read). */
    private static void copy(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path target = to.resolve(from.relativize(dir).toString());
                if (!Files.exists(target)) {
                    Files.createDirectory(target);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!SKIPPED.contains(file.getFileName().toString())) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()),
                            StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Path target = to.resolve(from.relativize(dir).toString());
                Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(dir));
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** A data directory of this app's server; {@code fromTemplate} when copied, false when initdb is to fill it. */
    record Directory(Path path, boolean fromTemplate) {
    }
}
