package dev.poolscope.analysis.diagnosis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;

/**
 * Which finding explains which, and the root. A cause that scored at least {@link #EXPLAINER} explains another when
 * its link carries at least {@link #STRONG} of the other's measured cost; walking such links up from a finding ends
 * at its root. The primary cause is the root of the highest-scoring finding: a symptom is never primary while
 * something measured explains it, and rule order never decides.
 */
public final class CauseChain {
    /** A cause worth naming at all (INFO): it may explain a finding without being one itself. */
    static final int EXPLAINER = 25;
    /** A link explains its target when it accounts for at least half of it: the target would mostly go away. */
    static final double STRONG = 0.5;

    private final Map<String, RuleResult> results;
    private final Map<String, String> headlines;
    private final List<Link> links;
    private final String root;
    private final List<String> path;

    private CauseChain(Map<String, RuleResult> results, Map<String, String> headlines, List<Link> links,
            String root,
            List<String> path) {
        this.results = results;
        this.headlines = headlines;
        this.links = links;
        this.root = root;
        this.path = path;
    }

    static CauseChain of(RunModel run, List<Rule> rules, List<RuleResult> evaluated) {
        Map<String, RuleResult> byId = new LinkedHashMap<>();
        evaluated.forEach(r -> byId.put(r.rule(), r));
        Map<String, String> headlines = new LinkedHashMap<>();
        List<Link> links = new ArrayList<>();
        for (Rule rule : rules) {
            RuleResult r = byId.get(rule.id());
            if (r == null || r.scoreOrZero() < EXPLAINER) {
                continue;
            }
            headlines.put(rule.id(), rule.headline(run));
            for (Link l : rule.explains(run)) {
                RuleResult target = byId.get(l.explains());
                if (target != null && target.scoreOrZero() >= EXPLAINER && l.share() > 0
                        && !l.explains().equals(l.rule())) {
                    links.add(new Link(l.rule(), l.explains(), Math.min(1, l.share())));
                }
            }
        }
        links.sort(Comparator.comparingDouble(Link::share).reversed().thenComparing(Link::rule)
                .thenComparing(Link::explains));
        List<RuleResult> findings = evaluated.stream()
                .filter(r -> r.scoreOrZero() >= Diagnosis.PRIMARY_MIN_SCORE)
                .sorted(Comparator.comparingInt(RuleResult::scoreOrZero).reversed()
                        .thenComparing(RuleResult::rule))
                .toList();
        if (findings.isEmpty()) {
            return new CauseChain(byId, headlines, links, null, List.of());
        }
        // Each finding's root; the winner is the root of the highest-scoring finding, then the root that explains
        // the most findings, then the root's own score; the id only orders what the numbers left equal.
        Map<String, List<String>> pathTo = new LinkedHashMap<>();
        Map<String, Integer> covered = new LinkedHashMap<>();
        Map<String, Integer> best = new LinkedHashMap<>();
        for (RuleResult f : findings) {
            List<String> p = walkUp(f.rule(), links, byId);
            String r = p.getLast();
            // The longest path to a root shows the whole chain, from the furthest symptom.
            if (!pathTo.containsKey(r) || p.size() > pathTo.get(r).size()) {
                pathTo.put(r, p);
            }
            covered.merge(r, 1, Integer::sum);
            best.merge(r, f.scoreOrZero(), Math::max);
        }
        String root = pathTo.keySet().stream()
                .max(Comparator.<String>comparingInt(best::get).thenComparingInt(covered::get)
                        .thenComparingInt(r -> byId.get(r).scoreOrZero())
                        .thenComparing(Comparator.<String>naturalOrder().reversed()))
                .orElseThrow();
        return new CauseChain(byId, headlines, links, root, pathTo.get(root));
    }

    /** From a finding up its strongest explaining links to the cause nothing explains: finding first, root last. */
    private static List<String> walkUp(String from, List<Link> links, Map<String, RuleResult> byId) {
        List<String> path = new ArrayList<>(List.of(from));
        Set<String> seen = new HashSet<>(path);
        String current = from;
        while (true) {
            String at = current;
            Link up = links.stream().filter(l -> l.explains().equals(at) && l.share() >= STRONG)
                    .filter(l -> !seen.contains(l.rule()))
                    .max(Comparator.comparingDouble(Link::share)
                            .thenComparingInt(l -> byId.get(l.rule()).scoreOrZero())
                            .thenComparing(Link::rule, Comparator.reverseOrder()))
                    .orElse(null);
            if (up == null) {
                return path;
            }
            current = up.rule();
            seen.add(current);
            path.add(current);
        }
    }

    /** The primary cause: the root, or null when nothing scored as a finding. */
    String root() {
        return root;
    }

    /** The links along the primary chain, root first. */
    List<Link> chain() {
        List<Link> out = new ArrayList<>();
        for (int i = path.size() - 1; i > 0; i--) {
            String cause = path.get(i);
            String effect = path.get(i - 1);
            links.stream().filter(l -> l.rule().equals(cause) && l.explains().equals(effect)).findFirst()
                    .ifPresent(out::add);
        }
        return out;
    }

    /** Every link between causes worth naming, strongest first. */
    List<Link> links() {
        return links;
    }

    boolean onChain(String rule) {
        return path.contains(rule);
    }

    /** "symptom ← share: cause ← share: root", or null without a root. */
    String sentence() {
        if (root == null) {
            return null;
        }
        StringBuilder b = new StringBuilder(node(path.getFirst()));
        List<Link> chain = chain();
        for (int i = chain.size() - 1; i >= 0; i--) {
            Link l = chain.get(i);
            b.append(Messages.format("chain.link", Messages.num(100 * l.share()), node(l.rule())));
        }
        return path.size() == 1
                ? Messages.format("chain.single", b.toString())
                : Messages.format("chain.sentence", b.toString());
    }

    private String node(String rule) {
        String h = headlines.getOrDefault(rule, rule);
        return h.equals(rule) ? rule : h + " (" + rule + ")";
    }

    RuleResult result(String rule) {
        return results.get(rule);
    }
}
