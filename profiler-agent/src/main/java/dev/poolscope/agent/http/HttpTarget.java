package dev.poolscope.agent.http;

import java.net.URI;
import java.util.Locale;

/**
 * A call's target as {@code scheme://host:port}: never a path, query, fragment or user info, so no credential or id in
 * a URL reaches the recording; the port filled in when the URL has none; bounded in length.
 */
public final class HttpTarget {
    static final int MAX_LENGTH = 255;

    private HttpTarget() {
    }

    /** From a {@link URI} or a URL string; null when neither names a host. */
    public static String of(Object url) {
        if (url instanceof URI u) {
            String host = u.getHost();
            // URI leaves the host null where the authority is not a valid server name (an underscore, say).
            return host != null
                    ? of(u.getScheme(), host, u.getPort())
                    : fromAuthority(u.getScheme(), u.getRawAuthority());
        }
        if (url instanceof String s) {
            int colon = s.indexOf("://");
            if (colon <= 0) {
                return null;
            }
            int end = colon + 3;
            while (end < s.length() && "/?#".indexOf(s.charAt(end)) < 0) {
                end++;
            }
            return fromAuthority(s.substring(0, colon), s.substring(colon + 3, end));
        }
        return null;
    }

    /** {@code host[:port]}, possibly with user info ({@code user:secret@host}) and an IPv6 literal in brackets. */
    static String fromAuthority(String scheme, String authority) {
        if (authority == null) {
            return null;
        }
        String a = authority.substring(authority.lastIndexOf('@') + 1);
        int port = -1;
        int colon = a.lastIndexOf(':');
        if (colon >= 0 && colon > a.lastIndexOf(']')) {
            try {
                port = Integer.parseInt(a.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            a = a.substring(0, colon);
        }
        return of(scheme, a, port);
    }

    /** From its parts, as Apache's {@code HttpHost} and OkHttp's {@code HttpUrl} give them; null without a host. */
    public static String of(String scheme, String host, int port) {
        if (host == null || host.isEmpty()) {
            return null;
        }
        String s = scheme == null || scheme.isEmpty() ? "http" : scheme.toLowerCase(Locale.ROOT);
        int p = port >= 0 ? port : s.equals("https") || s.equals("wss") ? 443 : 80;
        String h = host.toLowerCase(Locale.ROOT);
        if (h.indexOf(':') >= 0 && h.charAt(0) != '[') {
            h = "[" + h + "]";
        }
        String t = s + "://" + h + ":" + p;
        return t.length() > MAX_LENGTH ? t.substring(0, MAX_LENGTH) : t;
    }
}
