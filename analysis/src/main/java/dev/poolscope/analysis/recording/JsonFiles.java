package dev.poolscope.analysis.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The small JSON files beside a recording (metadata.json, run.json). */
final class JsonFiles {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonFiles() {
    }

    /** The file's top-level object; null when the file does not exist; a one-line exception when it is broken. */
    static JsonNode readObject(Path file) throws RecordingException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new RecordingException("cannot parse " + file + ": " + RecordingReader.oneLine(e));
        }
        if (root == null || !root.isObject()) {
            throw new RecordingException("cannot parse " + file + ": not a JSON object");
        }
        return root;
    }

    /** The file's top-level object as {@code type}; null when the file does not exist; one line when broken. */
    static <T> T read(Path file, Class<T> type) throws RecordingException {
        JsonNode root = readObject(file);
        if (root == null) {
            return null;
        }
        try {
            return JSON.treeToValue(root, type);
        } catch (IOException e) {
            throw new RecordingException("cannot parse " + file + ": " + RecordingReader.oneLine(e));
        }
    }
}
