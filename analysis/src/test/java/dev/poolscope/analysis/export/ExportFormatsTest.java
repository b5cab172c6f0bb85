package dev.poolscope.analysis.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.perftools.profiles.ProfileProto;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import dev.poolscope.analysis.cli.AnalysisCli;
import dev.poolscope.analysis.flame.CollapsedFiles;
import dev.poolscope.analysis.fixtures.ProfiledRun;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.KeyValueAndUnit;
import io.opentelemetry.proto.profiles.v1development.Profile;
import io.opentelemetry.proto.profiles.v1development.ProfilesData;
import io.opentelemetry.proto.profiles.v1development.ProfilesDictionary;
import io.opentelemetry.proto.profiles.v1development.Sample;

/**
 * Every export of a real recording (the real async-profiler and JFR over a synthetic run; {@code analyze --export}
 * writes them all) opened with a reader of its format: pprof parsed as pprof's profile.proto, OTLP as OpenTelemetry's
 * ProfilesData and ExportProfilesServiceRequest, speedscope validated against speedscope's own schema, collapsed read
 * back line by line. Totals agree across formats and with the report's flame graph; a sample inside a known request
 * carries that request's path, id and thread. With {@code -Dpoolscope.exportRun=RUN_DIR}, the same checks run over
 * the exports {@code ./poolscope run --export pprof,otlp,speedscope,collapsed} wrote into that run (the real agent's).
 */
class ExportFormatsTest {
    @TempDir
    static Path tmp;
    static ProfiledRun.Recorded run;
    static String cause;
    static String analyzeOut;

    @BeforeAll
    static void recordAndExport() throws Exception {
        String given = System.getProperty("poolscope.exportRun");
        if (given != null) {
            run = ProfiledRun.of(Path.of(given));
            analyzeOut = "";
            cause = new ObjectMapper().readTree(run.runDir().resolve("summary.json").toFile())
                    .get("primary_cause").asText();
            return;
        }
        run = ProfiledRun.record(tmp.resolve("run"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = AnalysisCli.run(new String[]{"analyze", run.runDir().toString(), "--export",
                "pprof,otlp,speedscope,collapsed"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(exit).as(err.toString()).isZero();
        analyzeOut = out.toString();
        cause = new ObjectMapper().readTree(run.runDir().resolve("summary.json").toFile())
                .get("primary_cause")
                .asText();
        assertThat(cause).isNotBlank();
    }

    static Path file(String name) {
        return run.runDir().resolve("export").resolve(name);
    }

    @Test
    void analyzeWritesEveryKindInEveryFormat() {
        for (String kind : List.of("cpu", "wall", "gaps", "lock")) {
            for (String suffix : List.of(".pb.gz", ".otlp.pb", ".speedscope.json", ".collapsed")) {
                assertThat(file(kind + suffix)).isRegularFile();
                if (System.getProperty("poolscope.exportRun") == null) {
                    assertThat(analyzeOut).contains("wrote " + file(kind + suffix));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cpu", "wall", "gaps", "lock"})
    void pprofParsesAsProfileProtoWithTheRequestAroundEachSample(String kind) throws IOException {
        ProfileProto.Profile p;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file(kind + ".pb.gz")))) {
            p = ProfileProto.Profile.parseFrom(in);
        }
        List<String> s = p.getStringTableList();
        assertThat(s.getFirst()).isEmpty();
        boolean lock = kind.equals("lock");
        assertThat(p.getSampleTypeList())
                .extracting(v -> s.get((int) v.getType()) + "/" + s.get((int) v.getUnit()))
                .containsExactlyElementsOf(lock
                        ? List.of("contentions/count", "delay/nanoseconds")
                        : List.of("samples/count"));
        Map<Long, ProfileProto.Location> locations = new HashMap<>();
        p.getLocationList().forEach(l -> locations.put(l.getId(), l));
        Map<Long, ProfileProto.Function> functions = new HashMap<>();
        p.getFunctionList().forEach(f -> functions.put(f.getId(), f));
        long total = 0;
        long labelled = 0;
        for (ProfileProto.Sample sample : p.getSampleList()) {
            assertThat(sample.getLocationIdList()).isNotEmpty().allSatisfy(id -> {
                assertThat(locations).containsKey(id);
                assertThat(functions).containsKey(locations.get(id).getLine(0).getFunctionId());
            });
            assertThat(sample.getValueCount()).isEqualTo(lock ? 2 : 1);
            total += sample.getValue(0);
            Map<String, String> labels = new HashMap<>();
            sample.getLabelList().forEach(l -> labels.put(s.get((int) l.getKey()), s.get((int) l.getStr())));
            assertThat(labels).containsKey("thread");
            String id = labels.get("request_id");
            if (id != null) {
                labelled += sample.getValue(0);
                ProfiledRun.Span r = run.requests().get(id);
                assertThat(r).as("request " + id).isNotNull();
                assertThat(labels).containsEntry("request_path", r.uri())
                        .containsEntry("request_method", r.method())
                        .containsEntry("thread", r.thread()).containsEntry("primary_cause", cause);
                if (lock) {
                    assertThat(sample.getValue(1)).as("a park inside a request lasts").isPositive();
                }
            } else {
                assertThat(labels).doesNotContainKeys("request_path", "primary_cause");
                assertThat(kind).as("a gap lies inside its request").isNotEqualTo("gaps");
            }
        }
        assertThat(labelled).as("samples inside requests").isPositive();
        assertThat(total).as("the same samples as the collapsed export").isEqualTo(collapsedTotal(kind));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cpu", "wall", "gaps", "lock"})
    void otlpParsesAsProfilesDataWithEachObservationInsideItsRequest(String kind) throws IOException {
        byte[] bytes = Files.readAllBytes(file(kind + ".otlp.pb"));
        ProfilesData data = ProfilesData.parseFrom(bytes);
        assertThat(ExportProfilesServiceRequest.parseFrom(bytes).getResourceProfilesCount())
                .as("the same bytes are an OTLP export request").isEqualTo(1);
        assertThat(data.getUnknownFields().asMap()).isEmpty();
        ProfilesDictionary d = data.getDictionary();
        assertThat(d.getStringTable(0)).isEmpty();
        assertThat(d.getMappingTable(0).getSerializedSize()).isZero();
        assertThat(d.getLocationTable(0).getSerializedSize()).isZero();
        assertThat(d.getFunctionTable(0).getSerializedSize()).isZero();
        assertThat(d.getAttributeTable(0).getSerializedSize()).isZero();
        assertThat(d.getStackTable(0).getSerializedSize()).isZero();
        assertThat(d.getLinkTableCount()).isPositive();
        KeyValue service = data.getResourceProfiles(0).getResource().getAttributes(0);
        assertThat(service.getKey()).isEqualTo("service.name");
        assertThat(service.getValue().getStringValue()).isEqualTo(run.runDir().getFileName().toString());
        Profile profile = data.getResourceProfiles(0).getScopeProfiles(0).getProfiles(0);
        boolean lock = kind.equals("lock");
        assertThat(d.getStringTable(profile.getSampleType().getTypeStrindex()))
                .isEqualTo(lock ? "delay" : "samples");
        long total = 0;
        long labelled = 0;
        for (Sample sample : profile.getSamplesList()) {
            assertThat(sample.getStackIndex()).isBetween(1, d.getStackTableCount() - 1);
            assertThat(d.getStackTable(sample.getStackIndex()).getLocationIndicesList()).isNotEmpty()
                    .allSatisfy(l -> assertThat(d.getLocationTable(l).getLines(0).getFunctionIndex())
                            .isBetween(1, d.getFunctionTableCount() - 1));
            assertThat(sample.getValuesCount()).isEqualTo(sample.getTimestampsUnixNanoCount());
            Map<String, String> attrs = new HashMap<>();
            for (int a : sample.getAttributeIndicesList()) {
                KeyValueAndUnit kv = d.getAttributeTable(a);
                attrs.put(d.getStringTable(kv.getKeyStrindex()), kv.getValue().getStringValue());
            }
            String thread = attrs.get("thread.name");
            assertThat(thread).isNotNull();
            ProfiledRun.Span r = run.requests().get(attrs.get("poolscope.request.id"));
            for (int i = 0; i < sample.getTimestampsUnixNanoCount(); i++) {
                long t = sample.getTimestampsUnixNano(i);
                assertThat(t).isBetween(profile.getTimeUnixNano(),
                        profile.getTimeUnixNano() + profile.getDurationNano());
                total += lock ? 1 : sample.getValues(i);
                if (r != null) {
                    labelled++;
                    assertThat(r.covers(t)).as("observation at %d inside %s", t, r).isTrue();
                } else {
                    // Outside every request of its thread, or on a thread that served none.
                    assertThat(run.requests().values())
                            .noneMatch(q -> q.thread().equals(thread) && q.covers(t));
                }
            }
            if (r != null) {
                assertThat(attrs).containsEntry("url.path", r.uri())
                        .containsEntry("http.request.method", r.method())
                        .containsEntry("thread.name", r.thread())
                        .containsEntry("poolscope.primary_cause", cause);
            }
        }
        assertThat(labelled).isPositive();
        assertThat(total).isEqualTo(collapsedTotal(kind));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cpu", "wall", "gaps", "lock"})
    void speedscopeValidatesAgainstSpeedscopesOwnSchema(String kind) throws IOException {
        JsonNode doc = new ObjectMapper().readTree(file(kind + ".speedscope.json").toFile());
        Schema schema;
        try (InputStream in = ExportFormatsTest.class
                .getResourceAsStream("/speedscope/file-format-schema.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(in);
        }
        List<Error> errors = schema.validate(doc);
        assertThat(errors).isEmpty();
        int frames = doc.get("shared").get("frames").size();
        JsonNode profiles = doc.get("profiles");
        assertThat(profiles.get(0).get("name").asText()).isEqualTo("all threads");
        long all = sum(profiles.get(0).get("weights"));
        assertThat(profiles.get(0).get("endValue").asLong()).isEqualTo(all);
        long perThread = 0;
        for (JsonNode p : profiles) {
            assertThat(p.get("samples").size()).isEqualTo(p.get("weights").size());
            p.get("samples")
                    .forEach(stack -> stack.forEach(f -> assertThat(f.asInt()).isBetween(0, frames - 1)));
            perThread += p == profiles.get(0) ? 0 : sum(p.get("weights"));
        }
        assertThat(perThread).isEqualTo(all);
        if (!kind.equals("lock")) {
            assertThat(all).isEqualTo(collapsedTotal(kind));
        }
        // Some request's samples sit, on its own thread's profile, under the frame naming it.
        List<String> names = doc.get("shared").get("frames").findValuesAsText("name");
        boolean found = false;
        for (ProfiledRun.Span r : run.requests().values()) {
            int frame = names.indexOf("[" + r.method() + " " + r.uri() + " id=" + r.id() + "]");
            for (JsonNode p : profiles) {
                if (frame >= 0 && p.get("name").asText().equals(r.thread())) {
                    for (JsonNode stack : p.get("samples")) {
                        found |= stack.get(0).asInt() == frame;
                    }
                }
            }
        }
        assertThat(found).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cpu", "wall", "gaps", "lock"})
    void collapsedReadsBackLineByLineAsTheReportsGraph(String kind) throws IOException {
        long total = collapsedTotal(kind);
        assertThat(total).isPositive();
        String graph = switch (kind) {
            case "gaps" -> "wall-gaps";
            default -> kind;
        };
        long report = 0;
        try (BufferedReader r = CollapsedFiles.open(CollapsedFiles.in(run.runDir(), graph))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                report += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        assertThat(total).as("the report's flame-%s graph", graph).isEqualTo(report);
    }

    /** Reads a collapsed export: every line is {@code frame;frame;... count}. */
    static long collapsedTotal(String kind) throws IOException {
        long total = 0;
        List<String> lines = Files.readAllLines(file(kind + ".collapsed"), StandardCharsets.UTF_8);
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            assertThat(space).as(line).isPositive();
            assertThat(line.substring(0, space)).isNotBlank();
            long n = Long.parseLong(line.substring(space + 1));
            assertThat(n).isPositive();
            total += n;
        }
        return total;
    }

    private static long sum(JsonNode weights) {
        long s = 0;
        for (JsonNode w : weights) {
            s += w.asLong();
        }
        return s;
    }

    /** Go's own pprof reads the file and shows the labels, where Go is installed (the build does not need it). */
    @Test
    void goToolPprofReadsTheLabels() throws Exception {
        Assumptions.assumeTrue(onPath("go"), "no go on PATH");
        Process p = new ProcessBuilder("go", "tool", "pprof", "-raw", file("wall.pb.gz").toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("request_id:[").contains("primary_cause:[" + cause + "]")
                .contains("request_path:[/api/");
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
