package dev.poolscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MetadataTest {
    @Test
    void stringsAreEscapedForJson() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\"", Metadata.str("a\"b\\c\n\u0001"));
        assertEquals("null", Metadata.str(null));
    }
}
