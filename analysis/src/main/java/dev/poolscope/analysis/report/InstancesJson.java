package dev.poolscope.analysis.report;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.format.summary.InstancesFile;

/**
 * summary.json of a run with several instances: the top level is the service (merged figures, overall diagnosis), and
 * {@code instances} holds one object per instance with every field a single instance's summary.json has, plus its
 * {@code name} and {@code report}.
 */
public final class InstancesJson {
    private final SummaryJson json = new SummaryJson();

    public InstancesFile build(RunModel merged, RunSummary summary, Diagnosis.Result overall, String sentence,
            List<Instance> instances) {
        return new InstancesFile(json.summary(merged, summary, overall), sentence,
                instances.stream().map(i -> new InstancesFile.Instance(i.name(), i.report(),
                        json.summary(i.model(), i.summary(), i.diagnosis()))).toList());
    }
}
