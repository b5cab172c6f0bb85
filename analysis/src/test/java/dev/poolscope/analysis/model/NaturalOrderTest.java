package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class NaturalOrderTest {
    @Test
    void workerThreadsSortAsTheyAreCounted() {
        List<String> names = new ArrayList<>(List.of("http-nio-8080-exec-100", "http-nio-8080-exec-11",
                "http-nio-8080-exec-1", "http-nio-8080-exec-2", "http-nio-8080-exec-10"));
        names.sort(NaturalOrder.INSTANCE);
        assertThat(names).containsExactly("http-nio-8080-exec-1", "http-nio-8080-exec-2",
                "http-nio-8080-exec-10",
                "http-nio-8080-exec-11", "http-nio-8080-exec-100");
    }

    @Test
    void namesThatDifferOnlyInLeadingZerosOrTextStillHaveAnOrder() {
        assertThat(NaturalOrder.INSTANCE.compare("w-07", "w-7")).isNotZero();
        assertThat(NaturalOrder.INSTANCE.compare("w-07", "w-8")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("pool-a", "pool-b")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("exec", "exec-1")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("a1b", "a1b")).isZero();
    }
}
