package dev.poolscope.analysis.diagnosis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.RuleResult;

/**
 * The diagnosis of a service run as several instances, from each instance's own diagnosis. The overall primary cause
 * is the one whose instances served the most server time: that is where the service's requests spent their time.
 * Each rule's overall result is its highest-scoring instance's, so a cause found on any instance is found for the
 * service (a CI gate forbidding it breaks). Chain and recommendation are those of the instance with the most server
 * time among those with the overall primary cause.
 */
public final class InstancesDiagnosis {

    /** One instance: its name, its diagnosis and the server time its requests took. */
    public record Input(String name, Diagnosis.Result diagnosis, long serverNanos) {
    }

    /** The merged result and the sentence saying how the instances compare. */
    public record Overall(Diagnosis.Result result, String sentence) {
    }

    private InstancesDiagnosis() {
    }

    public static Overall of(List<Input> instances) {
        long all = instances.stream().mapToLong(Input::serverNanos).sum();
        Map<String, Long> byCause = new LinkedHashMap<>();
        for (Input i : instances) {
            if (i.diagnosis().primaryCause() != null) {
                byCause.merge(i.diagnosis().primaryCause(), i.serverNanos(), Long::sum);
            }
        }
        String primary = null;
        for (Map.Entry<String, Long> e : byCause.entrySet()) {
            if (primary == null || e.getValue() > byCause.get(primary)) {
                primary = e.getKey();
            }
        }
        Input lead = null;
        for (Input i : instances) {
            if (primary != null && primary.equals(i.diagnosis().primaryCause())
                    && (lead == null || i.serverNanos() > lead.serverNanos())) {
                lead = i;
            }
        }
        List<RuleResult> results = new ArrayList<>();
        List<RuleResult> firstResults = instances.getFirst().diagnosis().results();
        for (int k = 0; k < firstResults.size(); k++) {
            RuleResult best = firstResults.get(k);
            for (Input i : instances) {
                List<RuleResult> rs = i.diagnosis().results();
                if (k < rs.size() && rs.get(k).rule().equals(best.rule())
                        && rs.get(k).scoreOrZero() > best.scoreOrZero()) {
                    best = rs.get(k);
                }
            }
            results.add(best);
        }
        Diagnosis.Result from = lead != null ? lead.diagnosis() : instances.getFirst().diagnosis();
        Diagnosis.Result result = new Diagnosis.Result(List.copyOf(results), primary, from.recommendation(),
                from.causeChain(), from.links(), from.chainSentence());
        return new Overall(result, sentence(instances, primary, byCause, all));
    }

    private static String sentence(List<Input> instances, String primary, Map<String, Long> byCause,
            long all) {
        if (primary == null) {
            return null;
        }
        if (byCause.size() == 1 && instances.stream().allMatch(i -> i.diagnosis().primaryCause() != null)) {
            return Messages.format("instances.same", instances.size(), primary);
        }
        List<String> parts = new ArrayList<>();
        for (Input i : instances) {
            parts.add(Messages.format("instances.part",
                    i.diagnosis().primaryCause() == null ? "no verdict" : i.diagnosis().primaryCause(),
                    i.name(),
                    Messages.num(share(i.serverNanos(), all))));
        }
        return Messages.format("instances.differ", String.join("; ", parts), primary,
                Messages.num(share(byCause.get(primary), all)));
    }

    private static double share(long part, long all) {
        return all == 0 ? 0 : 100.0 * part / all;
    }
}
