#!/usr/bin/env bash
# Makes (or goes on making) the shipped puzzle sets, one preset after the other, on one thread
# at low priority: 365 on modern (a daily puzzle for a year), 100 on each other preset. Every
# run resumes its file, so the same command goes on where the last session stopped.
# JACQUET_JAR: the jar to run (default: the one ./jacquet builds); copy it elsewhere first if
# you rebuild while this runs, or the running JVM reads a jar being replaced.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${JACQUET_JAR:-$here/cli/target/jacquet.jar}"
out="$here/ai/src/main/resources/org/jacquet/ai/puzzles"
for set in modern:365 original:100 versailles:100 moultezim:100 advanced:100; do
  rules="${set%%:*}"
  nice -n 10 java -jar "$jar" puzzles generate --rules "$rules" --puzzles "${set##*:}" --seed 1 --threads 1 \
    --out "$out/$rules.txt"
done
