package dev.poolscope.analysis.recording;

/**
 * What a socket write can have waited for, from where its peer is and how much it wrote. A TCP write blocks only when
 * the socket's send buffer has no room; the kernel never gives a TCP socket less than one page of it (Linux
 * {@code net.ipv4.tcp_wmem}'s first value, 4096 bytes). To a peer on this machine (a loopback address) data leaves the
 * buffer as soon as the peer's own buffer takes it, within the same call, with no network between. So a write of at
 * most a page to a loopback peer is a copy: its time beyond that was spent waiting for a CPU (schedstat's run delay),
 * which more threads do not overlap.
 */
public final class SocketPeer {
    /** The smallest send buffer a TCP socket gets: one page. */
    public static final long MIN_SEND_BUFFER_BYTES = 4096;

    private SocketPeer() {
    }

    /** A write that fits an empty send buffer even at its minimum, to a peer on this machine. */
    public static boolean cannotWait(String address, long bytesWritten) {
        return bytesWritten >= 0 && bytesWritten <= MIN_SEND_BUFFER_BYTES && loopback(address);
    }

    /**
     * Whether an IP literal (as the JDK writes it in {@code jdk.SocketWrite.address}) is a loopback address: 127.0.0.0/8,
     * ::1, or 127.0.0.0/8 mapped into IPv6. Names are never resolved; anything else is not loopback.
     */
    public static boolean loopback(String address) {
        if (address == null || address.isEmpty()) {
            return false;
        }
        String a = address.startsWith("/") ? address.substring(1) : address;
        int zone = a.indexOf('%');
        if (zone >= 0) {
            a = a.substring(0, zone);
        }
        if (a.indexOf(':') < 0) {
            return ipv4Loopback(a);
        }
        String lower = a.toLowerCase(java.util.Locale.ROOT);
        int mapped = lower.lastIndexOf(':');
        String tail = lower.substring(mapped + 1);
        if (tail.indexOf('.') >= 0) {
            // ::ffff:127.0.0.1 (IPv4-mapped): loopback when its IPv4 part is.
            return lower.substring(0, mapped + 1).replace("0:", "").replace(":", "").equals("ffff")
                    && ipv4Loopback(tail);
        }
        return ipv6Loopback(lower);
    }

    private static boolean ipv4Loopback(String a) {
        String[] parts = a.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit)
                    || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return parts[0].equals("127");
    }

    /** ::1 in any of its spellings: seven zero groups, then 1. */
    private static boolean ipv6Loopback(String a) {
        int gap = a.indexOf("::");
        String[] head;
        String[] tail;
        if (gap >= 0) {
            head = a.substring(0, gap).isEmpty() ? new String[0] : a.substring(0, gap).split(":", -1);
            tail = a.substring(gap + 2).isEmpty() ? new String[0] : a.substring(gap + 2).split(":", -1);
        } else {
            head = a.split(":", -1);
            tail = new String[0];
            if (head.length != 8) {
                return false;
            }
        }
        java.util.List<String> groups = new java.util.ArrayList<>(java.util.List.of(head));
        for (int i = head.length + tail.length; i < 8; i++) {
            groups.add("0");
        }
        groups.addAll(java.util.List.of(tail));
        if (groups.size() != 8) {
            return false;
        }
        for (int i = 0; i < 8; i++) {
            String g = groups.get(i);
            if (g.isEmpty() || g.length() > 4 || !g.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                return false;
            }
            int v = Integer.parseInt(g, 16);
            if (v != (i == 7 ? 1 : 0)) {
                return false;
            }
        }
        return true;
    }
}
