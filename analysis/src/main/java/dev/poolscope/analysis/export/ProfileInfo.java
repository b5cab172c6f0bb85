package dev.poolscope.analysis.export;

import dev.poolscope.analysis.flame.ProfileKind;
import dev.poolscope.analysis.flame.ProfileSamples;

/**
 * What every writer needs beside the samples: the kind, the run's name and measured window (epoch nanoseconds), the
 * sampler's interval (0 when the recording does not say), the run's primary cause (null when unknown) and the stacks
 * the samples index.
 */
record ProfileInfo(ProfileKind kind, String runName, long startNanos, long endNanos, long intervalNanos,
        String primaryCause, ProfileSamples.Stacks stacks) {

    /** Lock waits have a length worth a second value; cpu and wall samples are counts. */
    boolean timed() {
        return kind == ProfileKind.LOCK;
    }
}
