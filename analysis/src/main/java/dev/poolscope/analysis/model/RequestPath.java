package dev.poolscope.analysis.model;

import java.util.regex.Pattern;

/**
 * A request's path as a group: the query dropped and numeric segments as {@code {n}} ({@code /api/orders/{n}}), so ids
 * do not split one endpoint into thousands.
 */
public final class RequestPath {
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private RequestPath() {
    }

    public static String of(String uri) {
        String p = uri == null ? "" : uri;
        int q = p.indexOf('?');
        if (q >= 0) {
            p = p.substring(0, q);
        }
        String[] segments = p.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            if (NUMBER.matcher(segments[i]).matches()) {
                segments[i] = "{n}";
            }
        }
        return String.join("/", segments);
    }
}
