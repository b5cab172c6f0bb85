package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.poolscope.analysis.jtl.JtlSample;

/**
 * JMeter's samples: all of them counted in the window, at most {@code max} kept, thinned evenly over the run when
 * there are more (every other kept one goes and the stride doubles). With a sample of the requests, the samples of
 * the kept requests are kept instead: gathered on the first read when the requests were chosen before it
 * ({@link ChosenSamples}), else from a second read of the .jtl.
 */
final class ClientCollector implements Consumer<JtlSample> {
    private final int max;
    private MeasuredWindow window;
    private RequestSample.Lookup sample;
    final List<JtlSample> client = new ArrayList<>();
    /** JMeter samples read (kept or not), and the span of all of them. */
    long read;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    /** Samples in the window (kept or not), the failed ones, and the kept ones' stride. */
    long counted;
    long failures;
    long every = 1;
    /** Set while the .jtl is read again for the samples of the kept requests. */
    private boolean reread;
    private long rereadWithoutId;
    /** Samples of kept requests the reread could not keep: past the cap (ids repeated across copies of a file). */
    long rereadDropped;
    private int rereadMax;
    /** Set when the requests were chosen before the first read: their samples are gathered on it. */
    private ChosenSamples chosen;
    /**
     * Once the chosen requests' samples will be the kept ones (ids in the .jtl, the stride past 1), the first read's
     * own kept list is no longer wanted: only its length is followed, which sets the stride.
     */
    private boolean countOnly;
    private int countedKept;
    /** The clients with a request outstanding, second by second of the window (null without a window). */
    private Outstanding outstanding;

    ClientCollector(int max) {
        this.max = max;
    }

    /**
     * The window the counts cover (null: every sample), set before the first read, or after it when the window is the
     * samples' own span.
     */
    void measure(MeasuredWindow w) {
        this.window = w;
        this.outstanding = Outstanding.of(w);
        if (outstanding != null && read > 0 && !countOnly && !reread) {
            // The window came from the samples already read (no run.json: their span): the kept ones, every
            // every-th of them spread evenly, give the levels, each standing for the stride.
            client.forEach(s -> outstanding.add(s, every));
        }
    }

    /** The median second's clients with a request outstanding while they sent (NaN: not measured). */
    double outstandingMedian() {
        return outstanding == null ? Double.NaN : outstanding.median();
    }

    /** The span of the samples read so far (start of the first to end of the last), or null without any. */
    MeasuredWindow span() {
        return read == 0 ? null : MeasuredWindow.ofMillis(first, last, MeasuredWindow.Source.JMETER);
    }

    @Override
    public void accept(JtlSample s) {
        if (reread) {
            boolean hasId = s.requestId() != null && !s.requestId().isEmpty();
            if (hasId ? sample.chosenId(s.requestId()) : rereadWithoutId++ % every == 0) {
                if (client.size() < rereadMax) {
                    client.add(s);
                } else {
                    rereadDropped++;
                }
            }
            return;
        }
        if (chosen != null) {
            chosen.accept(s, every);
        }
        first = Math.min(first, s.timeStampMillis());
        last = Math.max(last, s.endMillis());
        if (outstanding != null) {
            outstanding.add(s, 1);
        }
        if (window == null || window.contains(s.timeStampMillis() * 1_000_000L)) {
            counted++;
            if (!s.success()) {
                failures++;
            }
        }
        if (read++ % every != 0) {
            return;
        }
        if (countOnly) {
            if (++countedKept > max) {
                // As below: every other one goes (the first stays), the stride doubles.
                countedKept = (countedKept + 1) / 2;
                doubleStride();
            }
            return;
        }
        client.add(s);
        if (client.size() > max) {
            // Every other kept sample goes and the stride doubles: the rest stays spread over the whole run.
            List<JtlSample> half = new ArrayList<>(client.size() / 2 + 1);
            for (int i = 0; i < client.size(); i += 2) {
                half.add(client.get(i));
            }
            client.clear();
            client.addAll(half);
            doubleStride();
        }
        if (chosen != null && chosen.sawId() && every > 1) {
            countOnly = true;
            countedKept = client.size();
            client.clear();
        }
    }

    private void doubleStride() {
        every *= 2;
        if (chosen != null) {
            chosen.thin(every);
        }
    }

    /**
     * The requests were chosen before the .jtl's first read ({@code requests}, a sample): keep their samples on it, so
     * that no second read is needed. {@code maxRequests}: the most requests the model keeps.
     */
    void gatherChosen(RequestSample.Lookup requests, int maxRequests) {
        if (requests.active()) {
            chosen = new ChosenSamples(requests, Math.max(max, maxRequests));
        }
    }

    /** Without the request id column no sample is ever a chosen request's: nothing to gather. */
    void columns(boolean hasRequestId) {
        if (!hasRequestId) {
            chosen = null;
        }
    }

    /**
     * The kept samples become those of the kept requests ({@code kept} of them): the ones the first read gathered, when
     * it knew the requests (returns false), else those of a second read of every sample (returns true: hand them over).
     */
    boolean keepKeptRequests(RequestSample.Lookup requests, int kept) {
        if (chosen == null) {
            startReread(requests, kept);
            return true;
        }
        client.clear();
        rereadDropped = chosen.finish(client, every, Math.max(max, kept));
        chosen = null;
        return false;
    }

    /**
     * Whether the kept samples should become those of the kept requests: the requests are a sample and the samples
     * were thinned on the first read, so the samples of the kept requests may be missing ({@link #keepKeptRequests}).
     */
    boolean wantsReread(boolean jtlHasRequestIds, RequestSample.Lookup requests) {
        return jtlHasRequestIds && requests.active() && every > 1;
    }

    /** The counts and the span of the first read stay; the kept samples become those of the kept requests. */
    /** {@code kept}: how many requests were kept, so as many samples can be (one each: their ids are unique). */
    void startReread(RequestSample.Lookup requests, int kept) {
        this.sample = requests;
        this.rereadMax = Math.max(max, kept);
        reread = true;
        client.clear();
    }
}
