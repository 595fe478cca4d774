#!/usr/bin/env bash
# The native doctest suite under ASan + UBSan, and the line coverage of core/*.cpp it reaches: one instrumented build
# (build/sanitize, clang-14 --coverage) serves both, so the suite is compiled and run once. Counters are gcov-format,
# read with llvm-cov gcov (no gcovr/lcov needed). Prints per-file and total coverage; exits non-zero if a test fails
# or the total is below the threshold (default 90%).
set -euo pipefail
cd "$(dirname "$0")/.."

threshold="${COVERAGE_THRESHOLD:-90}"
build=build/sanitize

cmake --preset sanitize --log-level=WARNING >/dev/null
cmake --build --preset sanitize -j2 >/dev/null
# Counters from an earlier run, the build's own listing of its tests or a fuzz run would inflate the numbers.
find "$build" -name '*.gcda' -delete
ctest --preset sanitize -j 2

objects="$build/CMakeFiles/attention_core_lib.dir/core"
report=$(mktemp)
trap 'rm -f "$report"' EXIT
# -n: summary only, no .gcov files; it reports every source it saw, headers included, so filter below.
(cd "$objects" && llvm-cov-14 gcov -n ./*.gcda 2>/dev/null) >"$report"

total_lines=0
total_covered=0
file=""
printf '%-28s %8s %8s\n' "file" "lines" "covered"
while IFS= read -r line; do
  case "$line" in
    "File '"*"'")
      file="${line#File \'}"
      file="${file%\'}"
      ;;
    "Lines executed:"*" of "*)
      # Only the core's own .cpp files count; Eigen and the standard library are not ours to cover. gcov ends with
      # a total over every source, on a "Lines executed" line of its own: it has no File line, so it is skipped.
      current="$file"
      file=""
      case "$current" in
        */core/*.cpp | core/*.cpp) ;;
        *) continue ;;
      esac
      percent="${line#Lines executed:}"
      percent="${percent%%%*}"
      lines="${line##* of }"
      # Percent has two decimals: hundredths × lines / 10000, rounded, gives the covered line count.
      hundredths=$((10#${percent%.*} * 100 + 10#${percent#*.}))
      covered=$(((hundredths * lines + 5000) / 10000))
      total_lines=$((total_lines + lines))
      total_covered=$((total_covered + covered))
      printf '%-28s %8d %7s%%\n' "core/${current##*/core/}" "$lines" "$percent"
      ;;
  esac
done <"$report"

if [ "$total_lines" -eq 0 ]; then
  echo "coverage: no coverage data for core/*.cpp (did the tests run?)" >&2
  exit 1
fi
total_hundredths=$(((total_covered * 10000 + total_lines / 2) / total_lines))
printf '%-28s %8d %4d.%02d%%\n' "TOTAL" "$total_lines" $((total_hundredths / 100)) $((total_hundredths % 100))
if [ "$total_hundredths" -lt $((threshold * 100)) ]; then
  echo "coverage: total line coverage is below ${threshold}%" >&2
  exit 1
fi
