package dev.poolscope.analysis.recording.jfr;

/** Receives one chunk's events; offered each event type once, before its first event. */
public interface EventSink {
    /**
     * What to do with events of {@code type}; null to skip them unparsed. {@code event} is the one view every event
     * of this type is decoded into, in turn: the handler can look up field indices once, here.
     */
    Handler bind(EventType type, JfrEvent event);

    interface Handler {
        /** One event, decoded into the view bound with the type; valid only during the call. */
        void accept(JfrEvent event);
    }
}
