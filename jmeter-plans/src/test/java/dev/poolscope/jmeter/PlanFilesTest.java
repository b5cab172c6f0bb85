package dev.poolscope.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.assertions.ResponseAssertion;
import org.apache.jmeter.config.Argument;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.modifiers.UserParameters;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.MultiProperty;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments.ArgumentSet;
import org.junit.jupiter.params.provider.FieldSource;

/** Every plan, loaded by JMeter's own parser from the JMeter home ./jmeter builds. */
class PlanFilesTest {
    private static final Path PLANS = JMeterWrapper.MODULE.resolve("plans");
    private static final Pattern PROPERTY = Pattern.compile("\\$\\{__P\\((\\w+),([^)]*)\\)}");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w+)}");

    /** Every knob of every plan with its default; a knob added to a plan without a line here fails the test. */
    static final List<ArgumentSet> PLAN_KNOBS = List.of(
            plan("vu500.jmx", "vus", "500", "rampup", "0", "duration", "60", "loops", "-1", "thinktime", "0",
                    "checkoutPercent", "40"),
            plan("ping-1000.jmx", "vus", "1000", "rampup", "0", "duration", "600", "loops", "10", "thinktime",
                    "0",
                    "path", "/api/ping"),
            plan("lock.jmx", "vus", "1000", "rampup", "0", "duration", "600", "loops", "10", "thinktime", "0",
                    "stockId", "1"),
            plan("ab-300.jmx", "vus", "300", "rampup", "0", "duration", "600", "loops", "-1", "thinktime",
                    "0",
                    "requests", "10000", "path", "/api/ping"),
            plan("greetings.jmx", "vus", "100", "rampup", "0", "duration", "60", "loops", "-1", "thinktime",
                    "0",
                    "path", "/api/sleep?ms=1000"),
            plan("slow-query.jmx", "vus", "40", "rampup", "0", "duration", "60", "loops", "-1", "thinktime",
                    "0",
                    "accounts", "100000"),
            plan("n-plus-1.jmx", "vus", "20", "rampup", "0", "duration", "60", "loops", "-1", "thinktime",
                    "0",
                    "shelves", "100", "items", "50"));

    private static ArgumentSet plan(String file, String... knobs) {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("host", "127.0.0.1");
        expected.put("port", "8080");
        for (int i = 0; i < knobs.length; i += 2) {
            expected.put(knobs[i], knobs[i + 1]);
        }
        expected.put("connectTimeout", "5000");
        expected.put("responseTimeout", "60000");
        return org.junit.jupiter.params.provider.Arguments.argumentSet(file, file, expected);
    }

    @BeforeAll
    static void initJMeter() throws Exception {
        Path home = JMeterWrapper.home();
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
        JMeterUtils.initLocale();
    }

    @ParameterizedTest
    @FieldSource("PLAN_KNOBS")
    void everyKnobIsAPropertyWithItsDefault(String file, Map<String, String> expected) throws Exception {
        HashTree tree = SaveService.loadTree(PLANS.resolve(file).toFile());
        TestPlan plan = only(elements(tree), TestPlan.class);

        Map<String, String> knobs = new LinkedHashMap<>();
        Arguments declared = plan.getArguments();
        for (int i = 0; i < declared.getArgumentCount(); i++) {
            Argument knob = declared.getArgument(i);
            Matcher m = PROPERTY.matcher(knob.getValue());
            assertThat(m.matches()).as("%s: knob %s = %s", file, knob.getName(), knob.getValue()).isTrue();
            assertThat(m.group(1)).as("%s: knob %s reads its own property", file, knob.getName())
                    .isEqualTo(knob.getName());
            assertThat(knob.getDescription()).as("%s: knob %s is described", file, knob.getName())
                    .isNotBlank();
            knobs.put(knob.getName(), m.group(2));
        }
        assertThat(knobs).containsExactlyEntriesOf(expected);

        // Each knob is used, and every ${variable} is a knob or one the plan sets itself.
        Set<String> used = new TreeSet<>();
        for (TestElement e : elements(tree)) {
            if (e != plan) {
                strings(e).forEach(s -> VARIABLE.matcher(s).results().forEach(r -> used.add(r.group(1))));
            }
        }
        Set<String> defined = new TreeSet<>(knobs.keySet());
        defined.addAll(List.of("requestId", "roll"));
        assertThat(defined).as(file).containsAll(used);
        assertThat(used).as(file).containsAll(knobs.keySet());
    }

    @ParameterizedTest
    @FieldSource("PLAN_KNOBS")
    void planHasTheSharedStructure(String file, Map<String, String> expected) throws Exception {
        HashTree tree = SaveService.loadTree(PLANS.resolve(file).toFile());
        List<TestElement> all = elements(tree);

        for (TestElement e : all) {
            assertThat(e.getName()).as("%s: element names are plain English", file).matches("[ -~]+");
            assertThat(e).as("%s: no listeners, results go to -l", file)
                    .isNotInstanceOf(SampleListener.class);
            // Opens in the GUI: the GUI class each element names exists.
            String gui = e.getPropertyAsString(TestElement.GUI_CLASS);
            if (!gui.isEmpty()) {
                assertThat(Class.forName(gui, false, getClass().getClassLoader())).as(file).isNotNull();
            }
        }

        // Exactly ConfigTestElement: header managers are config elements too.
        ConfigTestElement defaults = all.stream()
                .filter(e -> e.getClass() == ConfigTestElement.class)
                .map(ConfigTestElement.class::cast)
                .collect(onlyOne());
        assertThat(defaults.getName()).isEqualTo("HTTP Request Defaults");
        assertThat(defaults.getPropertyAsString("HTTPSampler.domain")).isEqualTo("${host}");
        assertThat(defaults.getPropertyAsString("HTTPSampler.port")).isEqualTo("${port}");
        assertThat(defaults.getPropertyAsString("HTTPSampler.connect_timeout"))
                .isEqualTo("${connectTimeout}");
        assertThat(defaults.getPropertyAsString("HTTPSampler.response_timeout"))
                .isEqualTo("${responseTimeout}");

        // A new request id before every request (not once per iteration), sent as X-Request-Id.
        UserParameters ids = only(all, UserParameters.class);
        assertThat(ids.getNames().getStringValue()).isEqualTo("[requestId]");
        assertThat(ids.getThreadLists().getStringValue()).isEqualTo("[[${__UUID()}]]");
        assertThat(ids.isPerIteration()).isFalse();
        HeaderManager headers = all.stream()
                .filter(HeaderManager.class::isInstance)
                .map(HeaderManager.class::cast)
                .filter(h -> h.getFirstHeaderNamed("X-Request-Id") != null)
                .collect(onlyOne());
        assertThat(headers.getFirstHeaderNamed("X-Request-Id").getValue()).isEqualTo("${requestId}");
        assertThat(tree.getTree(tree.getArray()[0]).list()).as("plan-wide, so every request carries it")
                .contains(ids, headers, defaults);

        ThreadGroup group = only(all, ThreadGroup.class);
        assertThat(group.getPropertyAsString(ThreadGroup.NUM_THREADS)).isEqualTo("${vus}");
        assertThat(group.getPropertyAsString(ThreadGroup.RAMP_TIME)).isEqualTo("${rampup}");
        assertThat(group.getPropertyAsString(ThreadGroup.DURATION)).isEqualTo("${duration}");
        assertThat(group.getPropertyAsBoolean(ThreadGroup.SCHEDULER)).isTrue();
        assertThat(((LoopController) group.getSamplerController()).getPropertyAsString(LoopController.LOOPS))
                .isEqualTo("${loops}");
        assertThat(all).filteredOn(HTTPSamplerProxy.class::isInstance).isNotEmpty();

        ResponseAssertion status = only(all, ResponseAssertion.class);
        assertThat(status.isTestFieldResponseCode()).isTrue();
        assertThat(tree.search(group).list()).as("applies to every request of the group").contains(status);
    }

    @ParameterizedTest
    @FieldSource("PLAN_KNOBS")
    void statusAssertionAcceptsWhatThePlanExpects(String file, Map<String, String> expected)
            throws Exception {
        ResponseAssertion status = only(elements(SaveService.loadTree(PLANS.resolve(file).toFile())),
                ResponseAssertion.class);
        // In lock.jmx a sold-out row is a correct answer, not an error.
        boolean soldOutIsFine = file.equals("lock.jmx");
        assertThat(failed(status, "200")).isFalse();
        assertThat(failed(status, "409")).isEqualTo(!soldOutIsFine);
        assertThat(failed(status, "500")).isTrue();
        assertThat(failed(status, "404")).isTrue();
    }

    @org.junit.jupiter.api.Test
    void everyPlanFileIsCovered() throws Exception {
        try (Stream<Path> files = Files.list(PLANS)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrderElementsOf(PLAN_KNOBS.stream()
                            .map(a -> (String) a.get()[0])
                            .toList());
        }
    }

    private static boolean failed(ResponseAssertion assertion, String code) {
        SampleResult result = new SampleResult();
        result.setResponseCode(code);
        // The HTTP sampler itself marks 4xx and 5xx unsuccessful before assertions run.
        result.setSuccessful(code.startsWith("2"));
        AssertionResult r = assertion.getResult(result);
        return r.isFailure() || r.isError() || !result.isSuccessful();
    }

    private static List<TestElement> elements(HashTree tree) {
        List<TestElement> out = new ArrayList<>();
        for (Object key : tree.list()) {
            out.add((TestElement) key);
            out.addAll(elements(tree.getTree(key)));
        }
        return out;
    }

    private static <T> T only(List<TestElement> elements, Class<T> type) {
        return elements.stream().filter(type::isInstance).map(type::cast).collect(onlyOne());
    }

    private static <T> java.util.stream.Collector<T, ?, T> onlyOne() {
        return java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(), l -> {
            assertThat(l).hasSize(1);
            return l.get(0);
        });
    }

    /** Every string value inside an element, nested elements and collections included. */
    private static List<String> strings(TestElement element) {
        List<String> out = new ArrayList<>();
        element.propertyIterator().forEachRemaining(p -> collect(p, out));
        return out;
    }

    private static void collect(JMeterProperty p, List<String> out) {
        if (p instanceof TestElementProperty te) {
            out.addAll(strings(te.getElement()));
        } else if (p instanceof MultiProperty multi) {
            multi.iterator().forEachRemaining(child -> collect(child, out));
        } else if (!(p.getObjectValue() instanceof Arguments)) {
            out.add(p.getStringValue());
        }
    }
}
