package dev.poolscope.analysis.recording.jfr;

/** An event type as one chunk declares it. */
public final class EventType {
    final Metadata.Type type;

    EventType(Metadata.Type type) {
        this.type = type;
    }

    public String name() {
        return type.name;
    }

    /** The index of the field {@code name} for {@link JfrEvent}'s getters, or -1 when this type has no such field. */
    public int field(String name) {
        return type.field(name);
    }

    public boolean hasField(String name) {
        return type.field(name) >= 0;
    }
}
