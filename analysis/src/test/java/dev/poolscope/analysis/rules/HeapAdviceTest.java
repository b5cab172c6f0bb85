package dev.poolscope.analysis.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.diagnosis.Diagnosis;

/** GC-bound runs: the recommendation names the heap lever with what the recording shows. */
class HeapAdviceTest {
    private static final String SITE = "dev.poolscope.app.heap.HeapController.garbage";

    /** 20% of the second in pauses: 20 young collections of 6 ms and, between two of them, 2 full ones of 40 ms. */
    private static Scenario pauses() {
        return new Scenario().heap(64, "G1New", "G1Old").collections("G1New", 20, 6).collections("G1Full", 2,
                40, 9);
    }

    @Test
    void aHeapFullAfterCollectionsNamesTheMaximumHeapAndTheLiveSet() {
        Diagnosis.Result d = new Diagnosis().evaluate(pauses().afterGc(60, 52, 58)
                .allocations(SITE, "byte[]", 300, 30)
                .allocations("com.fasterxml.jackson.core.util.BufferRecycler.balloc", "char[]", 100, 10)
                .model());
        assertThat(d.primaryCause()).isEqualTo("gc-pressure");
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("heap");
        assertThat(r.threads()).isNull();
        assertThat(r.sentence())
                .isEqualTo("No thread-count change: the heap is the lever. After collections it"
                        + " still held 52 MB of its 64 MB maximum (81.3%), so each collection frees little and the next one"
                        + " comes soon (2 full collections; pauses 20% of the run). Raise the maximum heap (-Xmx) to about"
                        + " 160 MB, three times that live set, or keep less live.");
        assertThat(r.arithmetic()).containsExactly(
                "Collections in the window: 22 (G1Full 2 (80 ms), G1New 20 (120 ms)), 2 of them full; pauses 200 ms"
                        + " in all, 20% of the run, the longest 40 ms. Collectors: G1New + G1Old.",
                "Heap after a collection: 52 MB at the lowest (at most the live set then), 56.7 MB on average, 60 MB"
                        + " at the highest, of a 64 MB maximum heap: the lowest is 81.3% of the maximum.",
                "Allocation: 400 MB/s, from the summed weights of 40 allocation samples (400 MB in 1 s). Where: "
                        + SITE
                        + " (byte[]) 75%; com.fasterxml.jackson.core.util.BufferRecycler.balloc (char[]) 25%.",
                "Maximum heap \u2248 3 \u00d7 live set = 3 \u00d7 52 MB \u2192 160 MB (rounded up to 16 MB); three to"
                        + " four times the occupancy after a full collection is the usual starting point (Hunt and"
                        + " John, Java Performance): measure again.");
    }

    @Test
    void aHeapWithRoomAfterCollectionsNamesTheAllocationSite() {
        Diagnosis.Result d = new Diagnosis().evaluate(pauses().heap(512, "G1New", "G1Old").afterGc(20, 24)
                .allocations(SITE, "byte[]", 900, 30).model());
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("heap");
        assertThat(r.sentence()).isEqualTo("No thread-count change: allocation is the lever. The application"
                + " allocated 900 MB/s, most at " + SITE
                + " (byte[], 100% of the bytes sampled); after collections"
                + " the heap held only 20 MB of its 512 MB maximum (3.9%), so collections come from how fast it"
                + " allocates (pauses 20% of the run). Allocate less there; a larger heap only spaces the collections"
                + " out.");
    }

    @Test
    void withoutAllocationSamplesTheAdviceSaysWhatIsMissing() {
        Recommendation r = new Diagnosis().evaluate(pauses().heap(512, "G1New", "G1Old").afterGc(20).model())
                .recommendation();
        assertThat(r.sentence())
                .isEqualTo("No thread-count change: the heap is the lever, though not because it is"
                        + " full: after collections it held 20 MB of its 512 MB maximum (3.9%), and without allocation samples"
                        + " the recording does not say where the allocation is (pauses 20% of the run). A larger heap spaces"
                        + " the collections out; allocation samples (the agent option allocSamples) would name the site.");
        assertThat(r.arithmetic())
                .contains("Allocation: not recorded (no jdk.ObjectAllocationSample events: the agent"
                        + " option allocSamples=0, or an older agent).");
    }

    @Test
    void theRuleShowsTheHeapBesideThePauses() {
        RuleResult r = Scenario.run(new dev.poolscope.analysis.rules.gc.GcPressureRule(),
                pauses().afterGc(60, 52).allocations(SITE, "byte[]", 300, 30));
        assertThat(r.sentence())
                .isEqualTo(
                        "GC pressure: the requests stood still in pauses for 20% of their server time (200 ms of"
                                + " pauses in 22 collections, 20% of the run).");
        assertThat(r.evidence()).extracting(Evidence::name, Evidence::value).contains(
                org.assertj.core.groups.Tuple.tuple("full collections", 2.0),
                org.assertj.core.groups.Tuple.tuple("heap after GC, lowest", 52.0),
                org.assertj.core.groups.Tuple.tuple("maximum heap", 64.0),
                org.assertj.core.groups.Tuple.tuple("allocation rate", 300.0));
    }
}
