package dev.poolscope.testapp.cases.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each answer is small: the case's point is that its write to the client is no wait more threads could overlap. */
class DigestControllerTest {

    @Test
    void answersTheChainedDigestInAFewBytes() throws Exception {
        Map<String, Object> answer = new DigestController(100).digest();
        assertThat(answer.get("rounds")).isEqualTo(100);
        assertThat((String) answer.get("sha256")).matches("[0-9a-f]{64}");
        assertThat(answer.toString().length()).isLessThan(200);
    }
}
