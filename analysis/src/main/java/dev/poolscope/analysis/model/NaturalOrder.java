package dev.poolscope.analysis.model;

import java.util.Comparator;

/**
 * Names in the order a reader counts them: runs of digits compare as numbers, so "exec-2" comes before "exec-10"
 * (string order puts exec-1, exec-10, exec-100, exec-11 side by side in a pool of 200 workers).
 */
final class NaturalOrder implements Comparator<String> {
    static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (isDigit(x) && isDigit(y)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                // Leading zeros do not make a number larger: compare without them, longer (larger) first.
                int si = skipZeros(a, i, ei);
                int sj = skipZeros(b, j, ej);
                int byLength = Integer.compare(ei - si, ej - sj);
                if (byLength != 0) {
                    return byLength;
                }
                int byDigits = a.substring(si, ei).compareTo(b.substring(sj, ej));
                if (byDigits != 0) {
                    return byDigits;
                }
                i = ei;
                j = ej;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        int byRest = Integer.compare(a.length() - i, b.length() - j);
        return byRest != 0 ? byRest : a.compareTo(b);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int from) {
        int k = from;
        while (k < s.length() && isDigit(s.charAt(k))) {
            k++;
        }
        return k;
    }

    private static int skipZeros(String s, int from, int end) {
        int k = from;
        while (k < end - 1 && s.charAt(k) == '0') {
            k++;
        }
        return k;
    }
}
