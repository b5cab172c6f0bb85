package dev.poolscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Folder trees copied, linked and deleted whole (a bench's scratch copy of a run). */
public final class Folders {

    private Folders() {
    }

    /** Copies {@code from} and everything below it to {@code to}, which must not exist yet. */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /**
     * Makes {@code to} (which must not exist yet) a tree of folders like {@code from}'s whose files are symbolic links to
     * {@code from}'s: what reads it reads {@code from}'s files, what writes a new file writes it into {@code to}. Where
     * the file system has no symbolic links, the files are copied.
     */
    public static void linkTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    try {
                        Files.createSymbolicLink(target, p.toAbsolutePath());
                    } catch (UnsupportedOperationException | IOException e) {
                        Files.copy(p, target);
                    }
                }
            }
        }
    }

    /** Deletes {@code dir} and everything below it. */
    public static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
