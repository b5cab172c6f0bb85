package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The docs cannot rot silently: every relative link in the checkout's Markdown (README.md, docs/, the module READMEs)
 * names a file or folder that exists, and a link with {@code #anchor} names a heading of that page (GitHub's slugs).
 * External links are not fetched.
 */
class DocsLinksTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** {@code [text](target)} and {@code ![alt](target)}; the target ends at whitespace (a title may follow). */
    static final Pattern INLINE = Pattern
            .compile("!?\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** {@code [label]: target} on a line of its own. */
    static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s+.*)?$");
    static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkInTheDocsResolves() throws IOException {
        List<Path> pages = markdownPages();
        assertThat(pages).as("Markdown pages found under " + ROOT)
                .contains(ROOT.resolve("README.md"), ROOT.resolve("docs/reference/summary-json.md"));
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced) {
                    continue;
                }
                for (String target : targets(withoutCodeSpans(line))) {
                    links++;
                    String problem = problem(page, target, anchors);
                    if (problem != null) {
                        broken.add(
                                ROOT.relativize(page) + ":" + (i + 1) + ": " + target + " (" + problem + ")");
                    }
                }
            }
        }
        assertThat(links).as("links checked").isGreaterThan(50);
        assertThat(broken).as("broken links").isEmpty();
    }

    /** CI runs the README's test command; the README must also keep the main job's. */
    @Test
    void theReadmeIsShortAndNamesTheTwoCommands() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
        assertThat(readme).anyMatch(l -> l.contains("./mvnw verify"))
                .anyMatch(l -> l.contains("./poolscope sweep"));
        assertThat(readme).as("README.md lines").hasSizeLessThanOrEqualTo(200);
    }

    @Test
    void slugsFollowGitHub() {
        assertThat(slug("`summary.json`")).isEqualTo("summaryjson");
        assertThat(slug("Joining client samples to server spans"))
                .isEqualTo("joining-client-samples-to-server-spans");
        assertThat(slug("The reactive stack (server=netty)")).isEqualTo("the-reactive-stack-servernetty");
        assertThat(slug("Beside the seed: `experiment.json`")).isEqualTo("beside-the-seed-experimentjson");
        assertThat(slug("`poolscope.Request` — one per HTTP request"))
                .isEqualTo("poolscoperequest--one-per-http-request");
        assertThat(slug("[A link](x.md) and *emphasis*")).isEqualTo("a-link-and-emphasis");
        assertThat(slug("max_threads, worker_pool")).isEqualTo("max_threads-worker_pool");
    }

    private static List<Path> markdownPages() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .filter(p -> !ignored(ROOT.relativize(p)))
                    .sorted().toList();
        }
    }

    /** Build output, run folders (a suite writes scenarios.md), and hidden folders (git's, Maven's, IDEs'). */
    private static boolean ignored(Path relative) {
        if (relative.getNameCount() > 1 && relative.getName(0).toString().equals("runs")) {
            return true;
        }
        for (Path part : relative) {
            String name = part.toString();
            if (name.equals("target") || name.equals("node_modules") || name.startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    private static List<String> targets(String line) {
        List<String> out = new ArrayList<>();
        Matcher m = INLINE.matcher(line);
        while (m.find()) {
            out.add(m.group(1));
        }
        Matcher r = REFERENCE.matcher(line);
        if (r.matches()) {
            out.add(r.group(1));
        }
        return out.stream().filter(t -> !t.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")).toList();
    }

    /** Null when the target resolves, else why not. */
    private static String problem(Path page, String target, Map<Path, Set<String>> anchors)
            throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(ROOT)) {
            return "outside the checkout";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!resolved.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        Set<String> known = anchors.computeIfAbsent(resolved, DocsLinksTest::anchorsOf);
        return known.contains(anchor) ? null : "no heading with anchor #" + anchor;
    }

    private static Set<String> anchorsOf(Path page) {
        try {
            Set<String> out = new HashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            boolean fenced = false;
            for (String line : Files.readAllLines(page)) {
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced) {
                    continue;
                }
                Matcher html = HTML_ANCHOR.matcher(line);
                while (html.find()) {
                    out.add(html.group(1));
                }
                Matcher h = HEADING.matcher(line);
                if (h.matches()) {
                    String base = slug(h.group(2));
                    int n = seen.merge(base, 1, Integer::sum) - 1;
                    out.add(n == 0 ? base : base + "-" + n);
                }
            }
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * GitHub's heading anchor: the heading's text (links reduced to their text, code and emphasis marks dropped),
     * lower case, every character that is not a letter, digit, space, hyphen or underscore removed, spaces to hyphens.
     */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "").replace("*",
                "");
        text = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "");
        return text.replace(' ', '-');
    }

    private static String withoutCodeSpans(String line) {
        return line.replaceAll("`[^`]*`", "``");
    }
}
