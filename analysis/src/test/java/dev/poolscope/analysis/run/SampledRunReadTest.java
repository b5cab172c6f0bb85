package dev.poolscope.analysis.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.fixtures.SyntheticRun;
import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.format.folder.RunFolder;

/**
 * A sampled run read from its folder as `analyze` reads it: a real JDK recording, the .jtl beside it and run.json's
 * load phase, with caps small enough that both the requests and the JMeter samples are thinned. The .jtl comes after
 * the request pass, and its one read keeps the samples of the kept requests: every kept request is joined to its own
 * sample, and the kept samples are theirs.
 */
class SampledRunReadTest {

    @Test
    void theKeptRequestsKeepTheirOwnSamplesFromTheOneReadOfTheJtl(@TempDir Path dir) throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.markup = "home";
        s.threadsSetting = 3;
        Path run = s.write(dir.resolve("run")).runDir();

        RunReader.Result r = new RunReader(() -> RunModelBuilder.withCaps(4, 2)).read(run,
                run.resolve(RunFolder.AGENT), "agent");

        RunModel m = r.model();
        assertThat(m.sampling().requestsSampled()).isTrue();
        assertThat(m.sampling().requests()).isEqualTo(12);
        assertThat(m.requests()).hasSizeBetween(2, 4);
        assertThat(m.requests()).allSatisfy(t -> assertThat(t.client()).as(t.requestId()).isNotNull());
        List<String> kept = m.requests().stream().map(RequestTimeline::requestId).sorted().toList();
        assertThat(m.client().stream().map(JtlSample::requestId).sorted().toList()).isEqualTo(kept);
        assertThat(m.join().matched()).isEqualTo(kept.size());
        assertThat(m.notes())
                .anyMatch(n -> n.contains("JMeter samples were not kept: the client figures (client"
                        + " latency, the client-server join) come from the samples of the kept requests"));
    }
}
