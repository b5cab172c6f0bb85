package dev.poolscope.format.summary;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * summary.json of a run of several instances of one service: the service's {@link Summary} (merged figures, overall
 * diagnosis), one sentence on how the instances differ, and each instance's own summary with its name and report.
 * Written only: readers read {@link Summary} from the file for the service.
 */
public record InstancesFile(@JsonUnwrapped Summary summary,
        @JsonProperty(INSTANCES_SENTENCE) String instancesSentence,
        @JsonProperty(INSTANCES) List<Instance> instances) {
    public static final String INSTANCES_SENTENCE = "instances_sentence";
    public static final String INSTANCES = "instances";

    /** One instance: its agent folder's name, its report file and its figures. */
    public record Instance(@JsonProperty(NAME) String name, @JsonProperty(REPORT) String report,
            @JsonUnwrapped Summary summary) {
        public static final String NAME = "name";
        public static final String REPORT = "report";
    }
}
