package dev.poolscope.analysis.browser;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One page in its own tab, watched from before its first byte: uncaught exceptions, console errors, the browser's own
 * error log (a resource that failed, a blocked request), JavaScript dialogs (an {@code alert} from an unescaped
 * string) and the URL of every request it made. Requests to the network are blocked, so a report that regressed to
 * a CDN script fails here without the request leaving the machine.
 */
final class PageVisit implements AutoCloseable {
    /** Any scheme that reaches a network; file: and data: stay inside the report. */
    static final List<String> BLOCKED = List.of("http:*", "https:*", "ws:*", "wss:*", "ftp:*");

    private final DevTools devTools;
    private final String targetId;
    private final String session;
    private final Consumer<JsonNode> listener;
    private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();

    private PageVisit(DevTools devTools, String targetId, String session) {
        this.devTools = devTools;
        this.targetId = targetId;
        this.session = session;
        this.listener = this::event;
    }

    static PageVisit open(DevTools devTools, URI page) throws IOException {
        String target = devTools.call(null, "Target.createTarget", Map.of("url", "about:blank"))
                .path("targetId").asText();
        String session = devTools
                .call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
                .path("sessionId").asText();
        PageVisit v = new PageVisit(devTools, target, session);
        devTools.listen(v.listener);
        for (String domain : List.of("Page", "Runtime", "Log", "Network")) {
            devTools.call(session, domain + ".enable", Map.of());
        }
        devTools.call(session, "Network.setBlockedURLs", Map.of("urls", BLOCKED));
        JsonNode nav = devTools.call(session, "Page.navigate", Map.of("url", page.toString()));
        if (nav.has("errorText")) {
            throw new IOException("Chromium could not open " + page + ": " + nav.get("errorText").asText());
        }
        try {
            v.loaded.get(DevTools.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException(page + " fired no load event within " + DevTools.TIMEOUT, e);
        }
        // Scripts that draw on load (the flame graph's canvas) have run; give timers and one frame their turn.
        v.evaluate("new Promise(r => requestAnimationFrame(() => setTimeout(() => r(true), 50)))");
        return v;
    }

    private void event(JsonNode m) {
        if (!session.equals(m.path("sessionId").asText())) {
            return;
        }
        JsonNode p = m.path("params");
        switch (m.path("method").asText()) {
            case "Page.loadEventFired" -> loaded.complete(null);
            case "Runtime.exceptionThrown" ->
                errors.add("uncaught: " + exception(p.path("exceptionDetails")));
            case "Runtime.consoleAPICalled" -> {
                String type = p.path("type").asText();
                if (type.equals("error") || type.equals("assert")) {
                    List<String> args = new ArrayList<>();
                    p.path("args")
                            .forEach(a -> args.add(a.path("value").asText(a.path("description").asText())));
                    errors.add("console." + type + ": " + String.join(" ", args));
                }
            }
            case "Log.entryAdded" -> {
                JsonNode e = p.path("entry");
                if (e.path("level").asText().equals("error")) {
                    errors.add("log (" + e.path("source").asText() + "): " + e.path("text").asText() + " "
                            + e.path("url").asText());
                }
            }
            case "Network.requestWillBeSent" -> requests.add(p.path("request").path("url").asText());
            case "Page.javascriptDialogOpening" -> {
                errors.add("dialog (" + p.path("type").asText() + "): " + p.path("message").asText());
                devTools.send(session, "Page.handleJavaScriptDialog", Map.of("accept", false));
            }
            default -> {
            }
        }
    }

    private static String exception(JsonNode d) {
        JsonNode ex = d.path("exception");
        String text = ex.path("description").asText(d.path("text").asText());
        return text.lines().findFirst().orElse(text) + " at " + d.path("url").asText() + ":"
                + d.path("lineNumber").asInt();
    }

    /** Evaluates {@code expression} (awaiting a promise) and returns its value as JSON. */
    JsonNode evaluate(String expression) throws IOException {
        JsonNode r = devTools.call(session, "Runtime.evaluate",
                Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
        if (r.has("exceptionDetails")) {
            throw new IOException("the check threw: " + exception(r.path("exceptionDetails")));
        }
        return r.path("result").path("value");
    }

    /** Script errors, console errors, the browser's error log and dialogs, in the order they came. */
    List<String> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    /** Every URL the page requested, itself first. */
    List<String> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** The whole page as a PNG, for a person to look at when a check fails. */
    void screenshot(Path png) throws IOException {
        JsonNode size = devTools.call(session, "Page.getLayoutMetrics", Map.of()).path("cssContentSize");
        JsonNode shot = devTools.call(session, "Page.captureScreenshot",
                Map.of("format", "png", "captureBeyondViewport", true, "clip",
                        Map.of("x", 0, "y", 0, "width", size.path("width").asDouble(), "height",
                                size.path("height").asDouble(), "scale", 1)));
        Files.write(png, Base64.getDecoder().decode(shot.path("data").asText()));
    }

    @Override
    public void close() throws IOException {
        devTools.unlisten(listener);
        devTools.call(null, "Target.closeTarget", Map.of("targetId", targetId));
    }
}
