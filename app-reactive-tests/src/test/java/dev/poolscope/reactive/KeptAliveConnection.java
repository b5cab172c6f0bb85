package dev.poolscope.reactive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One HTTP/1.1 connection over a plain socket, for what HTTP clients do not let a test choose: which requests go on
 * the same connection, and several of them in one write (pipelined). Reads Content-Length and chunked bodies.
 */
final class KeptAliveConnection implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;

    KeptAliveConnection(int port, Duration readTimeout) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout((int) readTimeout.toMillis());
        in = socket.getInputStream();
    }

    /** Writes a GET for each path in one write, then reads as many responses: their status lines. */
    List<String> get(String... paths) throws IOException {
        StringBuilder requests = new StringBuilder();
        for (String path : paths) {
            requests.append("GET ").append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        }
        socket.getOutputStream().write(requests.toString().getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        List<String> statusLines = new ArrayList<>();
        for (int i = 0; i < paths.length; i++) {
            statusLines.add(readResponse());
        }
        return statusLines;
    }

    private String readResponse() throws IOException {
        String status = line();
        long length = 0;
        boolean chunked = false;
        for (String header = line(); !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(lower.substring("content-length:".length()).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        if (!chunked) {
            in.readNBytes((int) length);
            return status;
        }
        for (long size = Long.parseLong(line().split(";")[0].trim(), 16); size > 0; size = Long
                .parseLong(line().split(";")[0].trim(), 16)) {
            in.readNBytes((int) size);
            line();
        }
        while (!line().isEmpty()) {
            // trailers
        }
        return status;
    }

    private String line() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("connection closed by the server");
            }
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
