package dev.poolscope.analysis.report;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Diagnosis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * summary.json of a run with several instances: the top level is the service (merged figures, overall diagnosis), and
 * {@code instances} holds one object per instance with every field a single instance's summary.json has, plus its
 * {@code name} and {@code report}.
 */
public final class InstancesJson {
    private final SummaryJson json = new SummaryJson();

    public ObjectNode build(RunModel merged, RunSummary summary, Diagnosis.Result overall, String sentence,
            List<Instance> instances) {
        ObjectNode root = json.build(merged, summary, overall);
        if (sentence == null) {
            root.putNull("instances_sentence");
        } else {
            root.put("instances_sentence", sentence);
        }
        ArrayNode array = root.putArray("instances");
        for (Instance i : instances) {
            ObjectNode o = array.addObject();
            o.put("name", i.name());
            o.put("report", i.report());
            o.setAll(json.build(i.model(), i.summary(), i.diagnosis()));
        }
        return root;
    }
}
