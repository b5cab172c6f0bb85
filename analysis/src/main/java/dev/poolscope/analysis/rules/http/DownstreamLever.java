package dev.poolscope.analysis.rules.http;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * A slow downstream is the root and no connection is held across its calls: no thread count helps, since every thread
 * added only waits for the same target. Names the target its callers spent the most time on, with its time.
 */
public final class DownstreamLever {

    public Recommendation recommend(RunModel run) {
        RunModel.Http.Target top = run.http().top();
        if (top == null) {
            return new Recommendation("none", null,
                    Messages.format("recommend.none.other", "downstream-slow"), List.of());
        }
        String share = num(Facts.sharePct(run, Cause.HTTP_WAIT));
        long calls = top.time().count();
        return new Recommendation("none", null,
                Messages.format("recommend.downstream.slow", top.target(), calls, num(top.time().meanMs()),
                        num(top.time().p99Ms()), share),
                List.of(Messages.format("recommend.downstream.measured", share, run.http().calls(),
                        run.http().targets().size())));
    }
}
