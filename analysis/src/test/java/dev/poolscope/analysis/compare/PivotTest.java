package dev.poolscope.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.poolscope.analysis.recording.RunConfig;

/** Repeated runs become one setting with medians and ranges; a matrix becomes one table per figure. */
class PivotTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static ComparedRun run(String server, String vus, int repeat, double rps, double p99, String cause) {
        ObjectNode s = JSON.createObjectNode();
        s.put("throughput_rps", rps);
        s.putObject("client_ms").put("p99", p99).put("count", 100);
        s.put("primary_cause", cause);
        Map<String, String> setting = new LinkedHashMap<>();
        setting.put("server", server);
        setting.put("vus", vus);
        String label = "server=" + server + ", vus=" + vus + " #" + repeat;
        return new ComparedRun(Path.of(server + vus + "-" + repeat), null, label, s, RunConfig.EMPTY, null,
                setting, repeat);
    }

    static List<Cell> matrix() {
        List<ComparedRun> runs = new ArrayList<>();
        // tomcat at 100 users ran three times; the others once.
        runs.add(run("tomcat", "100", 1, 90, 1200, "backlog-queueing"));
        runs.add(run("tomcat", "100", 2, 100, 1100, "healthy"));
        runs.add(run("tomcat", "100", 3, 120, 1000, "healthy"));
        runs.add(run("tomcat", "900", 1, 200, 5000, "worker-pool-saturated"));
        runs.add(run("jetty", "100", 1, 95, 1300, "healthy"));
        runs.add(run("jetty", "900", 1, 190, 5500, "worker-pool-saturated"));
        return Cell.of(runs);
    }

    @Test
    void repeatsBecomeOneSettingWithTheMedianTheRangeAndTheMostFrequentCause() {
        Cell tomcat = matrix().getFirst();
        assertThat(tomcat.label()).isEqualTo("server=tomcat, vus=100");
        assertThat(tomcat.runs()).hasSize(3);
        assertThat(tomcat.median().number("throughput_rps")).isEqualTo(100.0);
        assertThat(tomcat.median().number("client_ms.p99")).isEqualTo(1100.0);
        assertThat(tomcat.range("throughput_rps")).containsExactly(90.0, 120.0);
        assertThat(tomcat.median().node("primary_cause").asText()).isEqualTo("healthy");
        assertThat(tomcat.causes()).containsExactly("backlog-queueing", "healthy", "healthy");
        assertThat(tomcat.median().dir()).as("the repeat with the median client p99").isEqualTo(
                Path.of("tomcat100-2"));
        assertThat(Cell.median(new double[]{4, 1, 3, 2})).isEqualTo(2.5);
    }

    @Test
    void aPivotHasARowPerRowKnobValueAndAColumnPerColumnKnobValueInTheSweepsOrder() {
        List<List<String>> axes = Pivot.axes(List.of("server", "vus"), null, null);
        assertThat(axes).containsExactly(List.of("server"), List.of("vus"));
        Pivot p = Pivot.of(matrix(), axes.get(0), axes.get(1), Figures.MATRIX.getFirst());
        assertThat(p.figure()).isEqualTo("throughput (req/s)");
        assertThat(p.header()).containsExactly("server", "100", "900");
        assertThat(p.rows()).extracting(Pivot.Row::label).containsExactly("tomcat", "jetty");
        assertThat(p.rows().getFirst().entries()).containsExactly(
                new Pivot.Entry("100", "90–120, 3 runs", "healthy"),
                new Pivot.Entry("200", "one run", "worker-pool-saturated"));
        assertThat(p.rows().get(1).entries().getFirst())
                .isEqualTo(new Pivot.Entry("95", "one run", "healthy"));
    }

    @Test
    void axesFollowRowsAndColsAndPutEveryOtherKnobDown() {
        List<String> knobs = List.of("server", "virtual-threads", "vus");
        assertThat(Pivot.axes(knobs, null, null)).containsExactly(List.of("server", "vus"),
                List.of("virtual-threads"));
        assertThat(Pivot.axes(knobs, List.of("server", "virtual-threads"), List.of("vus")))
                .containsExactly(List.of("server", "virtual-threads"), List.of("vus"));
        assertThat(Pivot.axes(knobs, null, List.of("vus", "nonsense"))).containsExactly(
                List.of("server", "virtual-threads"), List.of("vus"));
        assertThat(Pivot.axes(List.of("threads"), null, null)).containsExactly(List.of("threads"), List.of());
        Pivot one = Pivot.of(matrix(), List.of("server", "vus"), List.of(), Figures.MATRIX.getFirst());
        assertThat(one.header()).containsExactly("server, vus", "all");
        assertThat(one.rows()).extracting(Pivot.Row::label).containsExactly("server=tomcat, vus=100",
                "server=tomcat, vus=900", "server=jetty, vus=100", "server=jetty, vus=900");
    }

    @Test
    void linesRunOverTheNumericKnobOnePerOtherSetting() {
        List<Cell> cells = matrix();
        assertThat(Lines.xKnob(cells, List.of("server", "vus"), List.of("server"))).isEqualTo("vus");
        List<Lines.Series> lines = Lines.of(cells, "vus", List.of("server", "vus"), "throughput_rps");
        assertThat(lines).extracting(Lines.Series::name).containsExactly("server=tomcat", "server=jetty");
        assertThat(lines.getFirst().xs()).containsExactly(100, 900);
        assertThat(lines.getFirst().ys()).containsExactly(100, 200);
        assertThat(lines.getFirst().lo()).containsExactly(90, 200);
        assertThat(lines.getFirst().hi()).containsExactly(120, 200);
    }
}
