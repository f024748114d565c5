#!/usr/bin/env bash
# Fuzzes the library with libFuzzer for a bounded time and fails on any crash, leak, timeout or broken invariant.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]
#
# SECONDS (default 60) is the whole run with no TARGET: catalogue gets 3/4 of it, route 1/4. Named TARGETs
# (catalogue, route) get SECONDS each.
#
# The LinkRules sources are compiled once into an instrumented static library (`swiftc -sanitize=fuzzer,address`,
# with `-enable-testing`: the entries reach internal types through `@testable import`)
# and each Fuzz/fuzz-<target>.swift entry is linked against it, with Fuzz/<target>.dict as its dictionary. The
# corpus is seeded from examples/, the test fixtures and Fuzz/regressions/<target>/ (inputs
# that once failed). Everything it writes (binaries, the growing corpus, crash inputs) stays in the gitignored
# fuzz-artifacts/. A crash input is kept as fuzz-artifacts/<target>/crash-*, leak-* or timeout-*;
# replay one with: fuzz-artifacts/bin/fuzz-<target> fuzz-artifacts/<target>/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
explicit=1
if [ ${#targets[@]} -eq 0 ]; then targets=(catalogue route); explicit=0; fi

out=fuzz-artifacts
mkdir -p "$out/bin"

# Prints the first of FILES newer than TARGET (or anything when TARGET is missing): a rebuild is needed.
newer_than() {
  local target="$1"; shift
  [ -e "$target" ] || { echo missing; return; }
  find "$@" -newer "$target" 2>/dev/null | head -n 1
}

# ld.gold warns about every ASan helper symbol of an instrumented static library; the warnings mean nothing.
quiet_linker() { grep -v "Cannot export local symbol '__asan" >&2 || true; }

# The library is built once as an instrumented static library; each target links its entry against it.
build_library() {
  local library="$out/lib/libLinkRules.a"
  local sources=(Sources/LinkRules/*/*.swift Sources/LinkRules/*/*/*.swift)
  [ -n "$(newer_than "$library" "${sources[@]}" Sources/CYAML)" ] || return 0
  echo "building $library"
  mkdir -p "$out/lib"
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -enable-testing -module-name LinkRules -I Sources/CYAML \
    -emit-library -static -emit-module -emit-module-path "$out/lib/LinkRules.swiftmodule" \
    "${sources[@]}" -o "$library" 2> >(quiet_linker)
}

build() {
  local target="$1" binary="$out/bin/fuzz-$1"
  [ -n "$(newer_than "$binary" "Fuzz/fuzz-$target.swift" "$out/lib/libLinkRules.a")" ] || return 0
  echo "building $binary"
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g -I "$out/lib" -I Sources/CYAML \
    "Fuzz/fuzz-$target.swift" "$out/lib/libLinkRules.a" -lyaml -o "$binary" 2> >(quiet_linker)
}

seed() {
  local target="$1" corpus="$out/$1/corpus"
  mkdir -p "$corpus"
  # Inputs that once failed are always part of the corpus.
  for file in Fuzz/regressions/"$target"/*; do
    if [ -f "$file" ]; then cp "$file" "$corpus/regression-$(basename "$file")"; fi
  done
  case "$target" in
    catalogue)
      for file in examples/*/*.yml examples/*/*/*.yml \
        $(find Tests/LinkRulesTests/Fixtures -type f 2>/dev/null); do
        if [ -f "$file" ]; then cp "$file" "$corpus/seed-$(echo "$file" | tr '/' '_')"; fi
      done ;;
    route)
      # One seed per URL written in the examples: "template LF template".
      local index=0
      grep -rhoE '(url|aliases|examples):.*' examples 2>/dev/null \
        | grep -oE "[a-zA-Z][a-zA-Z0-9+.-]*:[^ ,'\"]*" | grep -v '^url:' | sort -u | while read -r url; do
        index=$((index + 1))
        printf '%s\n%s' "$url" "$url" >"$corpus/seed-$index"
      done ;;
  esac
}

run() {
  local target="$1" time="$2" dir="$out/$1"
  echo "fuzzing $target for ${time}s"
  # -timeout: one input may take at most 5s; -rss_limit_mb bounds memory; leaks are found by ASan (detect_leaks).
  # The Swift runtime's own backtracer trips ASan on its way out; libFuzzer's report is the one that matters.
  local dictionary=()
  if [ -f "Fuzz/$target.dict" ]; then dictionary=(-dict="Fuzz/$target.dict"); fi
  SWIFT_BACKTRACE=enable=no "$out/bin/fuzz-$target" "$dir/corpus" "${dictionary[@]}" \
    -max_total_time="$time" -timeout=5 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$dir/" 2>"$dir/log" || {
    echo "fuzz-$target FAILED; the log's tail:" >&2
    tail -n 60 "$dir/log" >&2
    ls "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-* 2>/dev/null >&2 || true
    return 1
  }
  grep -E 'stat::(number_of_executed_units|peak_rss_mb|new_units_added)' "$dir/log" || true
}

status=0
build_library
for target in "${targets[@]}"; do
  [ -f "Fuzz/fuzz-$target.swift" ] || { echo "no such fuzz target: $target" >&2; exit 2; }
  build "$target"
  seed "$target"
done
for target in "${targets[@]}"; do
  time="$seconds"
  if [ "$explicit" = 0 ]; then
    if [ "$target" = catalogue ]; then time=$((seconds * 3 / 4)); else time=$((seconds - seconds * 3 / 4)); fi
  fi
  run "$target" "$time" || status=1
done
exit "$status"
