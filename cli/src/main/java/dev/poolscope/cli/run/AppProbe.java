package dev.poolscope.cli.run;

import dev.poolscope.cli.process.Java;

import dev.poolscope.format.run.RunJson;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The app's memory once the load is over: heap in use right after a full GC (so garbage does not count)
 * and the process's resident size. Taken after the measured window, so it does not disturb it.
 */
final class AppProbe {

    private AppProbe() {
    }

    static RunJson.Memory memory(long pid, String baseUrl) {
        Long heap = null;
        String probeError = null;
        Long rss = null;
        Long threads = null;
        try {
            Path jcmd = Java.tool("jcmd");
            if (Files.isExecutable(jcmd)) {
                Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run")
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
                p.waitFor(30, TimeUnit.SECONDS);
            }
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> r = client.send(HttpRequest
                    .newBuilder(URI.create(baseUrl + "/actuator/metrics/jvm.memory.used?tag=area:heap"))
                    .timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 200) {
                JsonNode value = new ObjectMapper().readTree(r.body()).path("measurements").path(0)
                        .path("value");
                if (value.isNumber()) {
                    heap = value.asLong();
                }
            }
        } catch (IOException e) {
            probeError = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
                if (line.startsWith("Threads:")) {
                    threads = Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or the process is gone: the figure is simply absent.
        }
        return new RunJson.Memory(heap, probeError, rss, threads);
    }
}
