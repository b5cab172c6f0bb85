package dev.poolscope.analysis.model;

import java.util.List;

/** The notes a run's model carries about what was left out of it, and why. */
final class Notes {
    private Notes() {
    }

    /** Intervals, requests and samples a cap or the sample left out. */
    static void caps(List<String> notes, RunCollectors c, long maxSpans, SampledWaits wall) {
        if (c.spans.droppedSpans > 0) {
            notes.add(c.spans.droppedSpans + " wait intervals beyond the first " + maxSpans
                    + " were not kept: attribution of later requests may show more unexplained time");
        }
        if (c.reactive.dropped > 0) {
            notes.add(c.reactive.dropped
                    + " reactive request intervals (R2DBC acquires and holds, Redis replies)"
                    + " beyond the first " + ReactiveData.MAX_OWN
                    + " were not kept: later requests on the reactive stack may show more unexplained time");
        }
        RequestSample.Lookup sample = c.scope.sample;
        if (sample.active()) {
            notes.add((c.requests.counted - c.requests.requests.size()) + " of " + c.requests.counted
                    + " requests were not kept: the request figures (latencies, server time by cause, lanes,"
                    + " diagnosis) come from every " + ordinal(sample.every())
                    + " request, spread over the whole window; counts and throughput from all of them");
        }
        if (c.requests.overCap > 0) {
            notes.add(c.requests.overCap + " requests the sample chose beyond the first "
                    + c.requests.requests.size()
                    + " were not kept (the same request keys several times: a recording written more than once?)");
        }
        long outside = c.spans.outsideSample + c.reactive.outsideSample;
        if (outside > 0) {
            notes.add(
                    outside + " wait, hold and reactive intervals overlapping no kept request were not kept");
        }
        if (c.stacks.dropped > 0) {
            notes.add(c.stacks.dropped + " stack samples of threads and stacks beyond the first "
                    + StackCollector.MAX_ENTRIES + " distinct ones were not kept in the flame graphs");
        }
        if (c.spans.localWrites > 0) {
            notes.add(c.spans.localWrites + " socket writes of at most "
                    + dev.poolscope.analysis.recording.SocketPeer.MIN_SEND_BUFFER_BYTES
                    + " bytes to this machine (" + Math.round(c.spans.localWriteNanos / 1e6)
                    + " ms) were not counted as waits: such a write fits the smallest send buffer and is copied at"
                    + " once, so its time was CPU and waiting for a CPU");
        }
        StatementCollector st = c.statements;
        if (st.other.time.count() > 0) {
            notes.add(st.other.time.count() + " statement executions of texts beyond the first "
                    + StatementCollector.MAX_TEXTS
                    + " distinct ones were counted but are ranked in no statement row");
        }
        if (st.droppedExecutions > 0) {
            notes.add(st.droppedExecutions + " statement executions beyond the first "
                    + StatementCollector.MAX_EXECUTIONS
                    + " were counted but not kept: how many ran at once is read before the first of them");
        }
        if (wall.dropped > 0) {
            notes.add(wall.dropped + " wall samples beyond the first " + SampledWaits.MAX_SAMPLES
                    + " were not kept: later requests may show more unexplained time");
        }
    }

    /** Where the requests' CPU and run delay came from, when not all from the thread clock. */
    static void clock(List<String> notes, long clocked, long unclocked) {
        if (clocked > 0 && unclocked > 0) {
            notes.add("the agent read the thread clock of " + clocked + " of " + (clocked + unclocked)
                    + " requests (its requestClock budget, or requests on virtual threads): the others' CPU and run"
                    + " delay come from ThreadSchedStat, sampled about every second");
        }
    }

    static void noSchedStat(List<String> notes) {
        notes.add(
                "no ThreadSchedStat for the worker threads: run delay cannot be measured; on-CPU time comes "
                        + "from execution samples (20 ms period, at most a few threads per sample)");
    }

    /** Requests and samples the window or the warm-up left out. */
    static void window(List<String> notes, RequestCollector requests, long clientOutside) {
        if (requests.warmup > 0) {
            notes.add(requests.warmup + " warm-up requests (ids " + Scope.WARMUP_PREFIX
                    + "…) were not counted");
        }
        if (requests.outside > 0 || clientOutside > 0) {
            notes.add(requests.outside + " server requests and " + clientOutside
                    + " JMeter samples started outside the measured window and were not counted");
        }
    }

    /** What was kept of the JMeter samples, once restricted to those of the kept requests when these are a sample. */
    static void client(List<String> notes, ClientCollector client, boolean requestsSampled) {
        if (client.rereadDropped > 0) {
            notes.add(client.rereadDropped + " JMeter samples of kept requests beyond the first "
                    + client.client.size()
                    + " were not kept (their request ids repeat: the same ids in several runs' samples?)");
        }
        long notKept = client.counted - client.client.size();
        if (requestsSampled && client.counted > 0) {
            notes.add(notKept + " of " + client.counted
                    + " JMeter samples were not kept: the client figures (client latency, the client-server join)"
                    + " come from the samples of the kept requests; counts, throughput and error rate from all of"
                    + " them");
        } else if (client.every > 1) {
            notes.add(notKept + " of " + client.counted
                    + " JMeter samples were not kept: the client figures (client latency, the client-server join)"
                    + " come from every " + ordinal(client.every)
                    + " sample, spread over the whole run; counts, throughput and error rate from all of them;"
                    + " a request is joined only when its sample was kept too");
        }
    }

    /** 2nd, 3rd, 7th, 11th, 21st. */
    static String ordinal(long n) {
        long tens = n % 100;
        String suffix = tens >= 11 && tens <= 13
                ? "th"
                : switch ((int) (n % 10)) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }
}
