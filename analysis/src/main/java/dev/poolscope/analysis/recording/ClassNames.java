package dev.poolscope.analysis.recording;

/** Class names as the JVM spells arrays in a recording ("[B", "[[Ljava.lang.String;"), written as Java does. */
public final class ClassNames {
    private ClassNames() {
    }

    /** "[B" as "byte[]", "[[Ljava.lang.String;" as "java.lang.String[][]"; any other name as it is. */
    public static String readable(String className) {
        int dims = 0;
        while (dims < className.length() && className.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return className;
        }
        String element = className.substring(dims);
        element = switch (element) {
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "Z" -> "boolean";
            case "F" -> "float";
            case "D" -> "double";
            default -> element.startsWith("L") && element.endsWith(";")
                    ? element.substring(1, element.length() - 1)
                    : element;
        };
        return element + "[]".repeat(dims);
    }
}
