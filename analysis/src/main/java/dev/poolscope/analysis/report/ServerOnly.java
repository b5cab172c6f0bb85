package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.poolscope.analysis.model.RequestPath;
import dev.poolscope.analysis.model.RequestTimeline;

/**
 * Which requests the server served that no client sample was joined to, by method and path: a count alone does not
 * say whether they are one endpoint the join misses (a PUT answering 204), the app's own calls, or a load
 * generator's retries. Numeric path segments are one group ({@code /api/orders/{n}}), so ids do not split it.
 */
final class ServerOnly {
    static final int ROWS = 10;
    static final String COUNT = "server-only requests";

    private static final class Group {
        final String method;
        final String path;
        final TreeSet<Integer> statuses = new TreeSet<>();
        long count;

        Group(String method, String path) {
            this.method = method;
            this.path = path;
        }
    }

    /** Null when every request was joined to a client sample. */
    Table table(List<RequestTimeline> requests) {
        Map<String, Group> groups = new TreeMap<>();
        for (RequestTimeline r : requests) {
            if (r.client() != null) {
                continue;
            }
            String path = path(r.uri());
            Group g = groups.computeIfAbsent(r.method() + " " + path, k -> new Group(r.method(), path));
            g.count++;
            g.statuses.add(r.status());
        }
        if (groups.isEmpty()) {
            return null;
        }
        List<Group> sorted = groups.values().stream()
                .sorted(Comparator.comparingLong((Group g) -> g.count).reversed()).toList();
        List<List<String>> rows = new ArrayList<>();
        for (Group g : sorted.subList(0, Math.min(ROWS, sorted.size()))) {
            rows.add(List.of(g.count + "", g.method, g.path,
                    String.join(", ", g.statuses.stream().map(String::valueOf).toList())));
        }
        if (sorted.size() > ROWS) {
            List<Group> rest = sorted.subList(ROWS, sorted.size());
            rows.add(List.of(rest.stream().mapToLong(g -> g.count).sum() + "", "",
                    rest.size() + " more methods and paths", ""));
        }
        return new Table(List.of(COUNT, "method", "path (numbers as {n})", "status"), rows);
    }

    /** The path without its query, each all-digit segment as {n} ({@link RequestPath}). */
    static String path(String uri) {
        return RequestPath.of(uri);
    }
}
