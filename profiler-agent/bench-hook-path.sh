#!/usr/bin/env bash
# The premain hook path of one request, timed against two agent jars in alternating JVMs (A B A B ...):
#   profiler-agent/bench-hook-path.sh OLD_AGENT_JAR NEW_AGENT_JAR [PAIRS]
# Needs ./mvnw -pl profiler-agent test-compile first (the bench class is in target/test-classes).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(($# >= 2)) || { echo "usage: $0 OLD_AGENT_JAR NEW_AGENT_JAR [PAIRS]" >&2; exit 2; }
JAVA="$("$ROOT/poolscope" java-home)/bin/java"
CLASSES=$ROOT/profiler-agent/target/test-classes
for ((i = 1; i <= ${3:-4}; i++)); do
  for side in A B; do
    jar=$1
    [[ $side == B ]] && jar=$2
    printf "%s %s: " "$side" "$jar"
    "$JAVA" -Xms256m -Xmx256m -cp "$CLASSES:$jar" dev.poolscope.agent.bench.HookPathBench
  done
done
