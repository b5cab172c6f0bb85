package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.run.RunSpec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings of a sweep: the cartesian product of every varied knob's values (the first knob changes slowest),
 * each run {@code repeat} times, interleaved (A B C A B C) so a machine's slow minute spreads over every setting.
 */
record Matrix(List<Axis> axes, int repeat) {

    /** One varied knob and its values, in the order given. */
    record Axis(Knob knob, List<String> values) {
    }

    /** One setting: a value per knob, in the axes' order. */
    record Setting(Map<Knob, String> values) {

        /** {@code server-jetty_vt-true_vus-0900}. */
        String folder() {
            List<String> parts = new ArrayList<>();
            values.forEach((k, v) -> parts.add(k.folder(v)));
            return String.join("_", parts);
        }

        /** {@code server=jetty virtual-threads=true vus=900}. */
        String label() {
            List<String> parts = new ArrayList<>();
            values.forEach((k, v) -> parts.add(k.name() + "=" + v));
            return String.join(" ", parts);
        }

        /** Knob name to value, for sweep.json. */
        Map<String, String> byName() {
            Map<String, String> m = new LinkedHashMap<>();
            values.forEach((k, v) -> m.put(k.name(), v));
            return m;
        }

        /**
         * The run this setting makes of {@code base}: each app knob replaces the option of the same name, the plan knob
         * the plan, every other knob sets its plan property. Options the setting's stack does not take are left out;
         * varying one is refused.
         */
        RunSpec apply(RunSpec base, java.nio.file.Path out) {
            Stacks.check(values, Stacks.of(base.appArgs()));
            List<String> args = new ArrayList<>(base.appArgs());
            String plan = base.plan();
            Map<String, String> props = new LinkedHashMap<>(base.jmeterProps());
            for (Map.Entry<Knob, String> e : values.entrySet()) {
                Knob k = e.getKey();
                switch (k.target()) {
                    case APP -> {
                        args.removeIf(a -> a.equals("--" + k.key()) || a.startsWith("--" + k.key() + "="));
                        args.add("--" + k.key() + "=" + e.getValue());
                    }
                    case PLAN -> plan = e.getValue();
                    case PROP -> props.put(k.key(), e.getValue());
                    case CASE ->
                        throw new IllegalStateException("expand cases before applying: " + e.getValue());
                }
            }
            // A fixed option of the other stack (--threads in a servlet-vs-reactive sweep) is left out of this run.
            return base.with(Stacks.fit(args), plan, props, out);
        }
    }

    /** One run of the schedule: its setting, which repeat it is (1-based), and its folder name. */
    record Planned(Setting setting, int repeat, String folder) {
    }

    Matrix {
        axes = List.copyOf(axes);
        if (repeat < 1 || repeat > 100) {
            throw new UserError("--repeat must be between 1 and 100, got " + repeat);
        }
        Set<String> names = new LinkedHashSet<>();
        for (Axis a : axes) {
            if (!names.add(a.knob().name())) {
                throw new UserError("--vary " + a.knob().name() + " is given twice");
            }
            if (a.values().isEmpty()) {
                throw new UserError("--vary " + a.knob().name() + " has no values");
            }
            if (new LinkedHashSet<>(a.values()).size() != a.values().size()) {
                throw new UserError("--vary " + a.knob().name() + " repeats a value: " + a.values());
            }
        }
        if (axes.isEmpty()) {
            throw new UserError("nothing to vary: give --vary KNOB=V1,V2 (or --threads N,N)");
        }
    }

    /** {@code KNOB=V1,V2,...}: the first '=' ends the knob's name, values are split at commas. */
    static Axis parse(String spec) {
        return parse(spec, null);
    }

    /** As {@link #parse(String)}; messages name {@code option} (e.g. --threads) instead of "--vary KNOB". */
    static Axis parse(String spec, String option) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new UserError("--vary expects KNOB=V1,V2,..., got '" + spec + "'");
        }
        Knob knob = Knob.parse(spec.substring(0, eq).trim());
        List<String> values = new ArrayList<>();
        for (String v : spec.substring(eq + 1).split(",", -1)) {
            values.add(knob.check(v, option != null ? option : "--vary " + knob.name()));
        }
        return new Axis(knob, values);
    }

    /** Every combination, the first axis changing slowest. */
    List<Setting> settings() {
        List<Map<Knob, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Axis a : axes) {
            List<Map<Knob, String>> next = new ArrayList<>();
            for (Map<Knob, String> partial : out) {
                for (String v : a.values()) {
                    Map<Knob, String> m = new LinkedHashMap<>(partial);
                    m.put(a.knob(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        List<Setting> settings = out.stream().map(m -> new Setting(java.util.Collections.unmodifiableMap(m)))
                .toList();
        Map<String, Setting> folders = new HashMap<>();
        for (Setting s : settings) {
            Setting other = folders.put(s.folder(), s);
            if (other != null) {
                throw new UserError("two settings would share the folder " + s.folder() + " (" + other.label()
                        + " and " + s.label() + "): make the values differ in letters or digits");
            }
        }
        return settings;
    }

    /** The runs in the order they are made: every setting once, then every setting again, {@code repeat} times. */
    List<Planned> schedule() {
        List<Setting> settings = settings();
        List<Planned> out = new ArrayList<>();
        for (int r = 1; r <= repeat; r++) {
            for (Setting s : settings) {
                out.add(new Planned(s, r, repeat == 1 ? s.folder() : s.folder() + "_rep-" + r));
            }
        }
        return out;
    }

    List<String> knobNames() {
        return axes.stream().map(a -> a.knob().name()).toList();
    }
}
