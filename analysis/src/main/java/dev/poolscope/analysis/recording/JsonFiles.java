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
}
