package dev.poolscope.agent.statements;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Normalised texts by the host's SQL string, so a statement an ORM runs again and again is normalised once. Bounded by
 * the characters it holds (keys and values): when full it is emptied and fills again with what runs now, which keeps
 * the work and the memory bounded for an app that builds a new text per execution (literals inlined). Texts longer
 * than what the normaliser reads are not kept: hashing them alone would read all of them.
 */
final class SqlTexts {
    /** Keys and values together, in chars: 2 M, 2 to 4 MB of heap. */
    static final long MAX_CHARS = 2L << 20;
    private static final ConcurrentHashMap<String, String> CACHE = new ConcurrentHashMap<>();
    private static final AtomicLong CHARS = new AtomicLong();

    private SqlTexts() {
    }

    static String normalized(String sql) {
        if (sql == null) {
            return "";
        }
        if (sql.length() > SqlNormalizer.SCAN_CHARS) {
            return SqlNormalizer.normalize(sql);
        }
        String known = CACHE.get(sql);
        if (known != null) {
            return known;
        }
        String n = SqlNormalizer.normalize(sql);
        if (CHARS.addAndGet(sql.length() + n.length()) > MAX_CHARS) {
            CACHE.clear();
            CHARS.set(sql.length() + n.length());
        }
        CACHE.put(sql, n);
        return n;
    }

    /** For tests: how many texts are kept now, and their chars. */
    static int size() {
        return CACHE.size();
    }

    static long chars() {
        return CHARS.get();
    }
}
