package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which socket writes cannot have waited for their peer: at most a page, to this machine. */
class SocketPeerTest {

    @Test
    void loopbackLiteralsInEverySpellingTheJdkWrites() {
        assertThat(SocketPeer.loopback("127.0.0.1")).isTrue();
        assertThat(SocketPeer.loopback("127.1.2.3")).isTrue();
        assertThat(SocketPeer.loopback("/127.0.0.1")).isTrue();
        assertThat(SocketPeer.loopback("::1")).isTrue();
        assertThat(SocketPeer.loopback("0:0:0:0:0:0:0:1")).isTrue();
        assertThat(SocketPeer.loopback("0:0:0:0:0:0:0:1%lo")).isTrue();
        assertThat(SocketPeer.loopback("::ffff:127.0.0.1")).isTrue();
    }

    @Test
    void otherAddressesAndNamesAreNot() {
        assertThat(SocketPeer.loopback("10.0.0.7")).isFalse();
        assertThat(SocketPeer.loopback("128.0.0.1")).isFalse();
        assertThat(SocketPeer.loopback("127.0.0")).isFalse();
        assertThat(SocketPeer.loopback("::2")).isFalse();
        assertThat(SocketPeer.loopback("fe80::1")).isFalse();
        assertThat(SocketPeer.loopback("::ffff:10.0.0.1")).isFalse();
        // A name is never resolved: only the address the JDK recorded counts.
        assertThat(SocketPeer.loopback("localhost")).isFalse();
        assertThat(SocketPeer.loopback("")).isFalse();
        assertThat(SocketPeer.loopback(null)).isFalse();
    }

    @Test
    void aWriteCannotWaitWhenItFitsAPageAndGoesToThisMachine() {
        assertThat(SocketPeer.cannotWait("127.0.0.1", 270)).isTrue();
        assertThat(SocketPeer.cannotWait("127.0.0.1", 4096)).isTrue();
        assertThat(SocketPeer.cannotWait("127.0.0.1", 4097)).isFalse();
        assertThat(SocketPeer.cannotWait("192.168.1.20", 270)).isFalse();
        // A recording without the field (-1) says nothing about the size.
        assertThat(SocketPeer.cannotWait("127.0.0.1", -1)).isFalse();
    }
}
