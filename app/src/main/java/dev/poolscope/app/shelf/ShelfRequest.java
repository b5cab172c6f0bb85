package dev.poolscope.app.shelf;

/** What {@code GET /api/shelves/{id}?items=N} accepts, on both stacks: the shelves of V3__shelves.sql. */
public final class ShelfRequest {
    /** Items on every shelf. */
    public static final int SHELF_SIZE = 100;

    private ShelfRequest() {
    }

    /** Null when the request can be answered, else why not (a 400). */
    public static String invalid(long id, int items) {
        if (id < 1) {
            return "shelf id must be positive, got " + id;
        }
        if (items < 1 || items > SHELF_SIZE) {
            return "items must be between 1 and " + SHELF_SIZE + ", got " + items;
        }
        return null;
    }
}
