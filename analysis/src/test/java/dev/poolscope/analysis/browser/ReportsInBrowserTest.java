package dev.poolscope.analysis.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.analysis.cli.AnalysisCli;
import dev.poolscope.analysis.fixtures.SyntheticRun;

/**
 * The pages the analysis writes, opened in headless Chromium as a person would open them: report.html of the two
 * recordings the real agent made (fixtures/) and of a run with JMeter samples, compare.html of the two recordings,
 * and every flame graph a report links. Each numbered section must have its content (tables with rows, charts with
 * marks and no label over another, flame graphs with frames on the canvas), the page must log no script or console
 * error, and every request it makes must stay in file: or data: (the reports work offline).
 */
class ReportsInBrowserTest {
    static final Path FIXTURES = Path.of("src/test/resources/fixtures");
    /** Screenshots of pages that failed a check, for a person to look at. */
    static final Path SHOTS = Path.of("target/browser");
    /** Client samples the run with JMeter leaves out of its results, so the report has server-only requests. */
    static final int DROPPED_SAMPLES = 2;

    @TempDir
    static Path dir;
    static Chromium browser;
    static Path starved;
    static Path reactive;
    static Path withClient;
    static Path comparison;
    static final Map<Path, Seen> reports = new java.util.concurrent.ConcurrentHashMap<>();

    @BeforeAll
    static void analyzeAndStartChromium() throws Exception {
        starved = analyzed(golden("starved-pool"));
        reactive = analyzed(golden("reactive-starved-pool"));
        withClient = analyzed(
                withServerOnlyRequests(new SyntheticRun().write(dir.resolve("with-client")).runDir()));
        comparison = dir.resolve("compare");
        cli("compare", "--out", comparison.toString(), starved.toString(), reactive.toString());
        browser = Chromium.start(Files.createDirectories(dir.resolve("chromium-profile")),
                Path.of("target/apt-get-chromium.log"));
    }

    @AfterAll
    static void stopChromium() throws IOException {
        if (browser != null) {
            browser.close();
        }
    }

    static Path golden(String name) throws IOException {
        Path run = dir.resolve(name);
        Files.createDirectories(run.resolve("agent"));
        for (String f : new String[]{"recording.jfr", "metadata.json"}) {
            Files.copy(FIXTURES.resolve(name).resolve("agent").resolve(f), run.resolve("agent").resolve(f));
        }
        return run;
    }

    /** Drops the last client samples of the .jtl: their requests are then on the server only. */
    static Path withServerOnlyRequests(Path run) throws IOException {
        Path jtl = run.resolve("jmeter/results.jtl");
        List<String> lines = Files.readAllLines(jtl);
        Files.write(jtl, lines.subList(0, lines.size() - DROPPED_SAMPLES));
        return run;
    }

    static Path analyzed(Path run) {
        cli("analyze", run.toString());
        return run;
    }

    static void cli(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = AnalysisCli.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        assertThat(code).as(String.join(" ", args) + ": " + e).isZero();
    }

    /** What the browser saw of one page: its errors, its requests, each section's problems and its file links. */
    record Seen(Path page, List<String> errors, List<String> requests, Map<String, List<String>> sections,
            List<String> links, JsonNode tables) {

        /** Table {@code table} of section {@code id}, a row a list of its cells (header cells included). */
        List<List<String>> table(String id, int table) {
            List<List<String>> rows = new ArrayList<>();
            tables.path(id).path(table).forEach(r -> {
                List<String> cells = new ArrayList<>();
                r.forEach(c -> cells.add(c.asText()));
                rows.add(cells);
            });
            return rows;
        }

        List<String> problems() {
            List<String> out = new ArrayList<>();
            sections.values().forEach(out::addAll);
            return out;
        }

        List<String> offline() {
            return requests.stream().filter(u -> !u.startsWith("file:") && !u.startsWith("data:")).toList();
        }
    }

    /**
     * Opens {@code page} and runs the check {@code check} of checks.js in it (report, compare or flame); a page with
     * problems leaves a screenshot in {@link #SHOTS}.
     */
    static Seen visit(Path page, String check) throws IOException {
        return visit(page, check, true);
    }

    static Seen visit(Path page, String check, boolean screenshotProblems) throws IOException {
        String js;
        try (InputStream in = ReportsInBrowserTest.class.getResourceAsStream("checks.js")) {
            js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (PageVisit v = browser.open(page.toUri())) {
            JsonNode r = v.evaluate("(() => {\n" + js + "\nreturn " + check + "();\n})()");
            Map<String, List<String>> sections = new LinkedHashMap<>();
            r.path("sections").properties().forEach(e -> {
                List<String> problems = new ArrayList<>();
                e.getValue().forEach(p -> problems.add(p.asText()));
                sections.put(e.getKey(), problems);
            });
            List<String> links = new ArrayList<>();
            r.path("links").forEach(l -> links.add(l.asText()));
            Seen seen = new Seen(page, v.errors(), v.requests(), sections, links, r.path("tables"));
            if (screenshotProblems
                    && (!seen.errors().isEmpty() || !seen.problems().isEmpty()
                            || !seen.offline().isEmpty())) {
                Files.createDirectories(SHOTS);
                v.screenshot(
                        SHOTS.resolve(page.getParent().getFileName() + "-" + page.getFileName() + ".png"));
            }
            return seen;
        }
    }

    static void assertRendered(Seen s) {
        SoftAssertions.assertSoftly(soft -> assertRendered(soft, s));
    }

    /** Everything wrong with the page, not only the first thing. */
    static void assertRendered(SoftAssertions soft, Seen s) {
        soft.assertThat(s.requests())
                .as("the page's own request is seen (else the offline check proves nothing)")
                .isNotEmpty().first().isEqualTo(s.page().toUri().toString());
        soft.assertThat(s.offline()).as(s.page() + ": requests that leave the file").isEmpty();
        soft.assertThat(s.errors()).as(s.page() + ": script and console errors").isEmpty();
        soft.assertThat(s.problems()).as(s.page() + ": sections that did not render").isEmpty();
    }

    /** Each run's report as the browser saw it, seen once for the tests that read it. */
    static Seen report(Path run) throws IOException {
        Seen s = reports.get(run);
        if (s == null) {
            s = visit(run.resolve("report.html"), "report");
            reports.put(run, s);
        }
        return s;
    }

    @Test
    void runReportsRenderEverySectionOffline() throws IOException {
        SoftAssertions soft = new SoftAssertions();
        for (Path run : List.of(starved, reactive, withClient)) {
            Seen s = report(run);
            assertRendered(soft, s);
            soft.assertThat(s.sections()).containsKeys("summary", "xlog", "steps", "gaps", "client-server",
                    "threads", "flames", "diagnosis", "agent-cost");
            s.links().forEach(l -> soft.assertThat(run.resolve(l)).as(run + " links " + l).exists());
        }
        soft.assertAll();
    }

    /**
     * The run with JMeter samples: every sample was joined (the two dropped samples leave their requests on the
     * server only), which the page once printed as "1.0%"; and the table of which requests are server only.
     */
    @Test
    void theClientVsServerSectionSaysWhatMatched() throws IOException {
        Seen s = report(withClient);
        assertThat(s.table("client-server", 0)).containsExactly(
                List.of("matched by request id", "matched by path and time (approximate)", "match rate",
                        "server only", "client only", "client without id (unmatched)"),
                List.of("10", "0", "100.0%", "2", "0", "0 (0)"));
        assertThat(s.table("client-server", 2)).containsExactly(
                List.of("server-only requests", "method", "path (numbers as {n})", "status"),
                List.of("2", "GET", "/api/orders/{n}", "200"));
    }

    @Test
    void comparisonRendersOffline() throws IOException {
        Seen s = visit(comparison.resolve("compare.html"), "compare");
        assertRendered(s);
        assertThat(s.sections()).containsKeys("recommendation", "figures", "timelines", "gaps", "flame-diff");
    }

    @Test
    void everyLinkedFlameGraphDrawsItsFrames() throws IOException {
        List<Path> flames = new ArrayList<>();
        for (Path run : List.of(starved, reactive, withClient)) {
            report(run).links().stream().filter(l -> l.startsWith("flame-") && l.endsWith(".html"))
                    .forEach(l -> flames.add(run.resolve(l)));
        }
        assertThat(flames).as("the reports link flame graphs").isNotEmpty();
        SoftAssertions soft = new SoftAssertions();
        for (Path f : flames) {
            assertRendered(soft, visit(f, "flame"));
        }
        soft.assertAll();
    }

    /** The checks above bite: a report broken on purpose, in each way they look for, fails each of them. */
    @Test
    void aReportBrokenOnPurposeFailsEveryCheck() throws IOException {
        String html = Files.readString(withClient.resolve("report.html"));
        // The XLog's dots gone, as a view that stopped drawing would leave it.
        html = inSection(html, "xlog", x -> x.replaceAll("(?s)<circle.*?</circle>", ""));
        // A label drawn over another: the first text of the gap chart again, saying something else.
        html = inSection(html, "gaps",
                x -> x.replaceFirst("(<text [^>]*>)([^<]*)(</text>)", "$1$2$3$1over$3"));
        // The match rate as a 0-1 fraction printed with a percent sign.
        html = inSection(html, "client-server",
                x -> x.replaceFirst("<td>(\\d+(\\.\\d)?)%</td>", "<td>0.8%</td>"));
        // A script that throws and a resource from the network.
        html = html.replace("</body>",
                "<script>notDefinedAnywhere()</script><img src=\"https://cdn.example.invalid/x.png\"></body>");
        Path broken = Files.createDirectories(dir.resolve("broken")).resolve("report.html");
        Files.writeString(broken, html);

        Seen s = visit(broken, "report", false);
        assertThat(s.sections().get("xlog")).contains("3. XLog: no request drawn");
        assertThat(s.sections().get("gaps")).anyMatch(p -> p.contains("is drawn over \"over\""));
        assertThat(s.sections().get("client-server"))
                .anyMatch(p -> p.startsWith("7. Client vs server: match rate \"0.8%\""));
        assertThat(s.errors()).anyMatch(e -> e.startsWith("uncaught: ReferenceError: notDefinedAnywhere"));
        assertThat(s.offline()).containsExactly("https://cdn.example.invalid/x.png");
        assertThat(s.sections().get("steps")).as("the sections left alone still pass").isEmpty();
    }

    private static String inSection(String html, String id, java.util.function.UnaryOperator<String> change) {
        int from = html.indexOf("<section id=\"" + id + "\">");
        int to = html.indexOf("</section>", from);
        assertThat(from).as(id).isNotNegative();
        String changed = change.apply(html.substring(from, to));
        assertThat(changed).as("the change to " + id + " applies").isNotEqualTo(html.substring(from, to));
        return html.substring(0, from) + changed + html.substring(to);
    }
}
