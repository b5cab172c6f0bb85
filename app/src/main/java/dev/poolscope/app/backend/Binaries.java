package dev.poolscope.app.backend;

import java.io.IOException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;

/**
 * The embedded PostgreSQL's binaries as zonky finds them on the class path, with the SHA-256 of the archive it read:
 * which PostgreSQL made a data template ({@link PostgresData}). One instance, because zonky prepares the binaries
 * once per resolver and JVM (and reads the whole archive to name their folder).
 */
final class Binaries implements PgBinaryResolver {
    static final Binaries INSTANCE = new Binaries();

    private volatile String sha256;

    private Binaries() {
    }

    @Override
    public InputStream getPgBinary(String system, String machineHardware) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
        return new DigestInputStream(
                DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system, machineHardware),
                sha) {
            @Override
            public void close() throws IOException {
                super.close();
                sha256 = HexFormat.of().formatHex(sha.digest());
            }
        };
    }

    /** The archive's digest once zonky has read it; null before. */
    String digest() {
        return sha256;
    }
}
