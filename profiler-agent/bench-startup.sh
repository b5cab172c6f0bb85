#!/usr/bin/env bash
# The agent's start-up cost, two agent jars against no agent, in alternating JVMs (none A B none A B ...):
#   profiler-agent/bench-startup.sh OLD_AGENT_JAR NEW_AGENT_JAR [ROUNDS] [--app]
# Plain host (default): dev.poolscope.agent.bench.StartupProbe prints "main at N ms" (JVM start -> its main).
# --app: the lab app's exec jar, "startupMs" of its ready line (JVM start -> ready), then it is stopped.
# With the agent, its own lines are printed too: "timing ms: ..." (POOLSCOPE_AGENT_TIMING=1) and "started in".
# Needs ./mvnw -pl profiler-agent test-compile (the probe is in target/test-classes); --app needs the app jar.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(($# >= 2)) || { echo "usage: $0 OLD_AGENT_JAR NEW_AGENT_JAR [ROUNDS] [--app]" >&2; exit 2; }
OLD=$1 NEW=$2 ROUNDS=${3:-5} APP=${4:-}
JAVA="$("$ROOT/poolscope" java-home)/bin/java"
CLASSES=$ROOT/profiler-agent/target/test-classes
APP_JAR=$ROOT/app/target/poolscope-app-0.1.0-SNAPSHOT-exec.jar
WORK=$(mktemp -d "${TMPDIR:-/tmp}/poolscope-startup.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export POOLSCOPE_AGENT_TIMING=1
uptime

one() { # label, then the JVM's agent arguments (none, or -javaagent:...)
  local label=$1 log=$WORK/log
  shift
  local out=$WORK/agent-$label
  rm -rf "$out"
  local agent=()
  [[ $label != none ]] && agent=(--enable-native-access=ALL-UNNAMED "-javaagent:$1=out=$out")
  if [[ $APP == --app ]]; then
    "$JAVA" "${agent[@]}" -Xmx512m -jar "$APP_JAR" --port 0 >"$log" 2>&1 &
    local pid=$! n=0
    until grep -q 'poolscope-app ready' "$log"; do
      sleep 0.2
      ((++n < 1500)) || { echo "$label: no ready line" >&2; break; }
    done
    kill "$pid"
    wait "$pid" || true
    host=$(grep -o 'startupMs=[0-9]*' "$log" | head -1)
  else
    "$JAVA" "${agent[@]}" -cp "$CLASSES" dev.poolscope.agent.bench.StartupProbe >"$log" 2>&1
    host=$(grep -o 'main at [0-9]* ms' "$log" | head -1)
  fi
  printf '%-4s %-22s | %s | %s\n' "$label" "$host" \
    "$(grep -o 'timing ms: .*' "$log" | head -1)" "$(grep -o 'started in [0-9]* ms' "$log" | head -1)"
}

for ((i = 1; i <= ROUNDS; i++)); do
  one none
  one A "$OLD"
  one B "$NEW"
done
uptime
