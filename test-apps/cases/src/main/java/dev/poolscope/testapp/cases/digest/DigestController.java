package dev.poolscope.testapp.cases.digest;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class DigestController {
    private final int rounds;

    DigestController(@Value("${digest.rounds}") int rounds) {
        this.rounds = rounds;
    }

    @GetMapping("/digest")
    Map<String, Object> digest() throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] d = ByteBuffer.allocate(Long.BYTES).putLong(ThreadLocalRandom.current().nextLong()).array();
        for (int i = 0; i < rounds; i++) {
            d = sha.digest(d);
        }
        return Map.of("rounds", rounds, "sha256", HexFormat.of().formatHex(d));
    }
}
