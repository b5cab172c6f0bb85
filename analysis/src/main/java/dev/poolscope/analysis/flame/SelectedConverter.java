package dev.poolscope.analysis.flame;

import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;
import one.jfr.event.Event;
import one.jfr.event.EventCollector;

/**
 * The converter with one more exclusion: samples outside the selection. The converter (4.5) never consults its own
 * {@code excludeStack} hook, so the filter sits in front of its event collector, which sees every sample while its
 * chunk is being read (so chunk-relative times convert correctly).
 */
final class SelectedConverter extends JfrToFlame {
    private final FlameGraphs.Selection selection;

    SelectedConverter(JfrReader reader, Arguments args, FlameGraphs.Selection selection) {
        super(reader, args);
        this.selection = selection;
    }

    @Override
    protected EventCollector createCollector(Arguments args) {
        // Called from the super constructor: the returned filter reads this.selection only later, per event.
        EventCollector all = super.createCollector(args);
        return new EventCollector() {
            @Override
            public void collect(Event e) {
                if (selected(e)) {
                    all.collect(e);
                }
            }

            @Override
            public void beforeChunk() {
                all.beforeChunk();
            }

            @Override
            public void afterChunk() {
                all.afterChunk();
            }

            @Override
            public boolean finish() {
                return all.finish();
            }

            @Override
            public void forEach(Visitor visitor) {
                all.forEach(visitor);
            }
        };
    }

    private boolean selected(Event e) {
        if (selection == null) {
            return true;
        }
        Long javaId = jfr.javaThreads.get(e.tid);
        return selection.includes(javaId == null ? -1 : javaId, e.tid, jfr.eventTimeToNanos(e.time));
    }
}
