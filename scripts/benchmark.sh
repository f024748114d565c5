#!/usr/bin/env bash
# The performance benchmark: `linkrules lint` against a raw libyaml scan of the same catalogue.
#
# Builds `linkrules` (root package) and the Benchmarks package in release mode, generates seeded catalogues
# (Benchmarks/README.md describes their shapes), measures the wall time (best of K runs) and peak RSS of
# `raw-scan FILE` and of `linkrules lint FILE --format json --fail-on never`, times a 200-link catalogue over
# 20 runs, times a catalogue whose every link uses one renamed component at N and 8N links, prints a table and
# each goal with PASS or FAIL.

set -uo pipefail
export LC_ALL=C

usage() {
    cat <<'EOF'
usage: scripts/benchmark.sh [--quick] [--sizes N,N,...] [--rename-links N] [--runs K] [--seed S]
                            [--timeout SECONDS] [--linkrules PATH] [--no-build] [--strict]

  --quick        sizes 1000,10000,100000 and 2000 renamed-component links: skips the 1M catalogue (goal f)
  --sizes        catalogue sizes in links (default 1000,10000,100000,1000000); the 90%-findings catalogue is
                 measured when 100000 is among them
  --rename-links N of the renamed-component shape, measured at N and 8N links (default 10000)
  --runs         runs per measurement; the best wall time is kept (default 3)
  --seed         generator seed (default 1)
  --timeout      limit for one run of a command, in seconds (default 600)
  --linkrules    measure this linkrules binary instead of building the repository's (e.g. an older build)
  --no-build     use the release binaries already built
  --strict       exit 1 when a goal fails or cannot be measured (default: always exit 0)
EOF
}

sizes="1000,10000,100000,1000000"
rename_links=10000
runs=3
seed=1
timeout_seconds=600
build=1
strict=0
lint_bin=""
small_links=200
small_runs=20

while (($#)); do
    case "$1" in
        --quick) sizes="1000,10000,100000"; rename_links=2000; shift ;;
        --sizes) sizes="${2:?--sizes needs a list}"; shift 2 ;;
        --sizes=*) sizes="${1#*=}"; shift ;;
        --rename-links) rename_links="${2:?--rename-links needs a count}"; shift 2 ;;
        --rename-links=*) rename_links="${1#*=}"; shift ;;
        --runs) runs="${2:?--runs needs a count}"; shift 2 ;;
        --runs=*) runs="${1#*=}"; shift ;;
        --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
        --seed=*) seed="${1#*=}"; shift ;;
        --timeout) timeout_seconds="${2:?--timeout needs seconds}"; shift 2 ;;
        --timeout=*) timeout_seconds="${1#*=}"; shift ;;
        --linkrules) lint_bin="${2:?--linkrules needs a path}"; shift 2 ;;
        --linkrules=*) lint_bin="${1#*=}"; shift ;;
        --no-build) build=0; shift ;;
        --strict) strict=1; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "benchmark: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done

if ! [[ "$sizes" =~ ^[0-9]+(,[0-9]+)*$ && "$runs" =~ ^[1-9][0-9]*$ && "$seed" =~ ^[0-9]+$ &&
    "$timeout_seconds" =~ ^[1-9][0-9]*$ && "$rename_links" =~ ^[1-9][0-9]*$ ]]; then
    echo "benchmark: --sizes must be numbers separated by commas; --rename-links, --runs, --seed and --timeout numbers" >&2
    exit 2
fi
IFS=',' read -r -a size_list <<<"$sizes"

repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
note() { echo "benchmark: $*" >&2; }

# --- GNU time, for peak RSS --------------------------------------------------------------------------------
if ! /usr/bin/time -f '%e %M' true >/dev/null 2>&1; then
    note "installing GNU time (/usr/bin/time)"
    if [ "$(id -u)" = 0 ]; then installer=(); else installer=(sudo); fi
    "${installer[@]}" apt-get install -y time >/dev/null 2>&1 ||
        { "${installer[@]}" apt-get update >/dev/null 2>&1 && "${installer[@]}" apt-get install -y time >/dev/null 2>&1; }
    if ! /usr/bin/time -f '%e %M' true >/dev/null 2>&1; then
        note "GNU time is missing and could not be installed (apt-get install -y time)"
        exit 2
    fi
fi

# --- Build -------------------------------------------------------------------------------------------------
lint_problem=""
if ((build)); then
    note "building the Benchmarks package (release)"
    if ! swift build -c release --package-path "$repository/Benchmarks" >&2; then
        note "the Benchmarks package does not build"
        exit 2
    fi
    if [ -z "$lint_bin" ]; then
        note "building linkrules (release)"
        if ! (cd "$repository" && swift build -c release --product linkrules >&2); then
            lint_problem="linkrules does not build"
        fi
    fi
fi
bench_bin="$(swift build -c release --package-path "$repository/Benchmarks" --show-bin-path)"
if [ -z "$lint_bin" ]; then
    lint_bin="$(cd "$repository" && swift build -c release --show-bin-path)/linkrules"
elif [ -d "$(dirname "$lint_bin")" ]; then
    lint_bin="$(cd "$(dirname "$lint_bin")" && pwd)/$(basename "$lint_bin")"
fi
generator="$bench_bin/catalogue-generator"
raw_scan="$bench_bin/raw-scan"
for tool in "$generator" "$raw_scan"; do
    [ -x "$tool" ] || { note "missing $tool (run without --no-build)"; exit 2; }
done
if [ -z "$lint_problem" ] && [ ! -x "$lint_bin" ]; then lint_problem="no executable linkrules at $lint_bin"; fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/linkrules-benchmark.XXXXXX")"
trap 'rm -rf "$workdir"' EXIT
cd "$workdir" || exit 2

# --- Helpers -----------------------------------------------------------------------------------------------
# calc EXPRESSION: floating-point arithmetic and formatting through awk.
calc() { awk "BEGIN { $1 }"; }

generate() { # generate LINKS FILE [SHAPE]
    "$generator" --links "$1" --seed "$seed" --shape "${3:-planted}" --output "$2" 2>"$workdir/generator.log" ||
        { note "catalogue-generator failed: $(cat "$workdir/generator.log")"; exit 2; }
    note "$(cat "$workdir/generator.log")"
}

# measure_once COMMAND…: runs it once under GNU time; prints "wall-seconds peak-kilobytes cpu-seconds" (the CPU
# time is user + system over all cores), or fails (status 1) when it exits with a status above 1, is killed or
# times out.
measure_once() {
    local start end status wall rss run_cpu
    start=$EPOCHREALTIME
    timeout "$timeout_seconds" /usr/bin/time -f '%e %M %U %S' -o "$workdir/time.out" "$@" >/dev/null 2>"$workdir/command.err"
    status=$?
    end=$EPOCHREALTIME
    if ((status > 1)); then
        note "'$(basename "$1") ${*:2}' exited with status $status: $(head -c 300 "$workdir/command.err")"
        return 1
    fi
    wall=$(calc "printf \"%.6f\", $end - $start")
    rss=$(tail -n 1 "$workdir/time.out" | awk '{ print $2 }')
    run_cpu=$(tail -n 1 "$workdir/time.out" | awk '{ printf "%.2f", $3 + $4 }')
    echo "$wall $rss $run_cpu"
}

# keep_best NAME "wall rss cpu": folds one run into the best wall time (with that run's CPU time) and the highest
# peak RSS so far of NAME (raw or lint), kept in best_wall, best_peak and best_cpu.
keep_best() {
    local name=$1 wall rss run_cpu
    read -r wall rss run_cpu <<<"$2"
    if [ -z "${best_wall[$name]:-}" ] || calc "exit !($wall < ${best_wall[$name]})"; then
        best_wall[$name]=$wall
        best_cpu[$name]=$run_cpu
    fi
    if ((rss > ${best_peak[$name]:-0})); then best_peak[$name]=$rss; fi
}

# mean_milliseconds COUNT COMMAND…: the mean process wall time over COUNT runs after one warm-up, no wrapper.
mean_milliseconds() {
    local count=$1 total=0 run start end
    shift
    "$@" >/dev/null 2>&1
    for ((run = 1; run <= count; run++)); do
        start=$EPOCHREALTIME
        "$@" >/dev/null 2>&1
        end=$EPOCHREALTIME
        total=$(calc "printf \"%.6f\", $total + $end - $start")
    done
    calc "printf \"%.2f\", $total * 1000 / $count"
}

lint() { "$lint_bin" lint "$1" --format json --fail-on never; }

# --- Does linkrules lint work? -----------------------------------------------------------------------------
small="$workdir/links-$small_links.yml"
generate "$small_links" "$small"
if [ -z "$lint_problem" ]; then
    lint "$small" >"$workdir/small.json" 2>"$workdir/small.err"
    status=$?
    if ((status > 1)); then
        lint_problem="'linkrules lint' exited with status $status: $(head -c 300 "$workdir/small.err")"
    elif command -v python3 >/dev/null 2>&1; then
        if ! findings=$(python3 - "$workdir/small.json" 2>/dev/null <<'EOF'
import json, sys
document = json.load(open(sys.argv[1]))
if isinstance(document, dict):
    lists = [value for value in document.values() if isinstance(value, list)]
    document = lists[0] if lists else []
print(len(document) if isinstance(document, list) else "?")
EOF
        ); then
            lint_problem="'linkrules lint --format json' did not print JSON"
        else
            note "linkrules lint: $findings findings in the $small_links-link catalogue"
        fi
    elif ! grep -q '^[[:space:]]*[[{]' "$workdir/small.json"; then
        lint_problem="'linkrules lint --format json' did not print JSON"
    fi
fi
[ -n "$lint_problem" ] && note "lint columns are n/a: $lint_problem"

# --- Measure -----------------------------------------------------------------------------------------------
selected() { [[ ",$sizes," == *",$1,"* ]]; }

# Rows of the table, by label: a size in links, or "100000 findings" for the catalogue where nine links in ten
# carry a planted mistake.
declare -A row_links file_bytes raw_seconds raw_kb lint_seconds lint_kb lint_cpu turn_spread
rows=()

# measure_pair LABEL LINKS SHAPE: generates the catalogue, then runs raw-scan and linkrules lint on it in turns.
measure_pair() {
    local label=$1 links=$2 shape=$3 catalogue="$workdir/links.yml" run raw_wall result raw_ok=1 lint_ok=1
    generate "$links" "$catalogue" "$shape"
    rows+=("$label")
    row_links[$label]=$links
    file_bytes[$label]=$(stat -c %s "$catalogue")
    # The raw scan and the lint take turns, so that a busy spell of a shared machine slows both alike and
    # their ratio holds.
    note "raw-scan and linkrules lint of $label links, $runs runs each, in turns"
    declare -A best_wall=() best_peak=() best_cpu=()
    [ -n "$lint_problem" ] && lint_ok=0
    # The lint/raw ratio of each turn (its lint run over the raw scan just before it), to show how far the
    # ratio of the best times could have gone on this machine.
    local turn_ratios=()
    for ((run = 1; run <= runs; run++)); do
        raw_wall=""
        if ((raw_ok)); then
            if result=$(measure_once "$raw_scan" "$catalogue"); then
                keep_best raw "$result"
                raw_wall=${result%% *}
            else
                raw_ok=0
            fi
        fi
        if ((lint_ok)); then
            if result=$(measure_once "$lint_bin" lint "$catalogue" --format json --fail-on never); then
                keep_best lint "$result"
                [ -n "$raw_wall" ] && turn_ratios+=("$(calc "printf \"%.2f\", ${result%% *} / $raw_wall")")
            else
                lint_ok=0
            fi
        fi
    done
    if ((raw_ok && lint_ok && ${#turn_ratios[@]} > 0)); then
        turn_spread[$label]=$(printf '%s\n' "${turn_ratios[@]}" | sort -n | awk '
            { value[NR] = $1 }
            END {
                median = NR % 2 ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2
                printf "%.2f–%.2f, median %.2f", value[1], value[NR], median
            }')
    fi
    if ((raw_ok)); then
        raw_seconds[$label]=${best_wall[raw]}
        raw_kb[$label]=${best_peak[raw]}
    fi
    if ((lint_ok)); then
        lint_seconds[$label]=${best_wall[lint]}
        lint_kb[$label]=${best_peak[lint]}
        lint_cpu[$label]=${best_cpu[lint]}
    fi
    if [ "$label" = 100000 ] && ((lint_ok)); then measure_fix_diff "$catalogue"; fi
    rm -f "$catalogue"
}

# measure_fix_diff FILE: the best time, the peak RSS and the output bytes of `linkrules lint FILE --diff
# --unsafe-fixes`, which fixes the catalogue in memory and prints the unified diff of what it would change.
diff_seconds="" diff_kb="" diff_bytes=""
measure_fix_diff() {
    local run result
    note "linkrules lint --diff --unsafe-fixes of 100000 links, $runs runs"
    declare -A best_wall=() best_peak=() best_cpu=()
    for ((run = 1; run <= runs; run++)); do
        result=$(measure_once "$lint_bin" lint "$1" --diff --unsafe-fixes) || return
        keep_best lint "$result"
    done
    diff_seconds=${best_wall[lint]}
    diff_kb=${best_peak[lint]}
    diff_bytes=$(timeout "$timeout_seconds" "$lint_bin" lint "$1" --diff --unsafe-fixes 2>/dev/null | wc -c)
}

for links in "${size_list[@]}"; do
    measure_pair "$links" "$links" planted
done
findings_label="100000 findings"
selected 100000 && measure_pair "$findings_label" 100000 findings

# The renamed-component shape at N and 8N links: the best lint time and the report's bytes, in text and JSON.
declare -A rename_seconds rename_bytes
rename_large=$((rename_links * 8))
if [ -z "$lint_problem" ]; then
    for links in "$rename_links" "$rename_large"; do
        catalogue="$workdir/renamed.yml"
        generate "$links" "$catalogue" renamed-component
        for format in text json; do
            note "linkrules lint --format $format of $links links under one renamed component, $runs runs"
            declare -A best_wall=() best_peak=() best_cpu=()
            ok=1
            for ((run = 1; run <= runs; run++)); do
                if result=$(measure_once "$lint_bin" lint "$catalogue" --format "$format" --fail-on never); then
                    keep_best lint "$result"
                else
                    ok=0
                    break
                fi
            done
            if ((ok)); then
                rename_seconds[$links $format]=${best_wall[lint]}
                rename_bytes[$links $format]=$(timeout "$timeout_seconds" "$lint_bin" lint "$catalogue" --format "$format" \
                    --fail-on never 2>/dev/null | wc -c)
            fi
        done
        rm -f "$catalogue"
    done
fi

small_raw_ms=$(mean_milliseconds "$small_runs" "$raw_scan" "$small")
small_lint_ms=""
[ -z "$lint_problem" ] && small_lint_ms=$(mean_milliseconds "$small_runs" lint "$small")
# The process floor: the peak RSS of the two programs doing almost nothing.
floor_raw_kb=$(/usr/bin/time -f '%M' "$raw_scan" "$small" 2>&1 >/dev/null | tail -n 1)
floor_lint_kb=""
[ -z "$lint_problem" ] && floor_lint_kb=$(/usr/bin/time -f '%M' "$lint_bin" --version 2>&1 >/dev/null | tail -n 1)

# --- Report ------------------------------------------------------------------------------------------------
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
memory=$(awk '/^MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
echo "machine: ${cpu:-unknown CPU}, $(nproc) cores, ${memory:-unknown memory}, $(uname -sr)"
echo "toolchain: $(swift --version 2>/dev/null | head -n 1)"
# How each binary has the Swift runtime: release builds on Linux link it statically (Package.swift); an older
# build given with --linkrules may load it as shared libraries, which adds their pages to every peak.
runtime_of() {
    local libraries
    if ! command -v ldd >/dev/null || [ ! -x "$1" ] || ! libraries=$(ldd "$1" 2>/dev/null); then echo "unknown"
    elif [[ "$libraries" == *libswiftCore* ]]; then echo "shared libraries"
    else echo "linked statically"; fi
}
echo "swift runtime: linkrules $(runtime_of "$lint_bin"), raw-scan $(runtime_of "$raw_scan")"
echo "seed $seed, best of $runs runs, $(date -u +%Y-%m-%dT%H:%MZ)"
echo
row='%16s %9s %11s %11s %9s %11s %9s %12s %13s %10s\n'
header='%16s %9s %11s %11s %9s %11s %9s %12s %13s %11s\n' # 'µs' is one byte wider than it looks
# shellcheck disable=SC2059
printf "$header" links "file MB" "raw-scan s" "raw peak MB" "lint s" "lint cpu s" lint/raw "lint peak MB" "peak KB/link" "µs/link"
for label in "${rows[@]}"; do
    links=${row_links[$label]} bytes=${file_bytes[$label]}
    raw_s=${raw_seconds[$label]:-} raw_k=${raw_kb[$label]:-} lint_s=${lint_seconds[$label]:-} lint_k=${lint_kb[$label]:-}
    cpu_cell=${lint_cpu[$label]:-n/a}
    file_mb=$(calc "printf \"%.1f\", $bytes / 1048576")
    raw_cell=n/a raw_mb_cell=n/a lint_cell=n/a ratio_cell=n/a lint_mb_cell=n/a memory_cell=n/a per_link_cell=n/a
    if [ -n "$raw_s" ]; then
        raw_cell=$(calc "printf \"%.3f\", $raw_s")
        raw_mb_cell=$(calc "printf \"%.1f\", $raw_k / 1024")
    fi
    if [ -n "$lint_s" ]; then
        lint_cell=$(calc "printf \"%.3f\", $lint_s")
        lint_mb_cell=$(calc "printf \"%.1f\", $lint_k / 1024")
        memory_cell=$(calc "printf \"%.2f\", $lint_k / $links")
        per_link_cell=$(calc "printf \"%.2f\", $lint_s * 1000000 / $links")
        [ -n "$raw_s" ] && ratio_cell=$(calc "printf \"%.2f\", $lint_s / $raw_s")
    fi
    # shellcheck disable=SC2059
    printf "$row" "$label" "$file_mb" "$raw_cell" "$raw_mb_cell" "$lint_cell" "$cpu_cell" "$ratio_cell" "$lint_mb_cell" \
        "$memory_cell" "$per_link_cell"
done
echo
for label in "${rows[@]}"; do
    [ -n "${turn_spread[$label]:-}" ] && echo "lint/raw turn by turn at $label links: ${turn_spread[$label]}"
done
echo "$small_links links, mean of $small_runs runs: raw-scan $small_raw_ms ms, lint ${small_lint_ms:-n/a}${small_lint_ms:+ ms}"
floor_lint_mb=n/a
[ -n "$floor_lint_kb" ] && floor_lint_mb="$(calc "printf \"%.1f\", $floor_lint_kb / 1024") MB"
echo "process floor (peak RSS): raw-scan of $small_links links $(calc "printf \"%.1f\", $floor_raw_kb / 1024") MB, linkrules --version $floor_lint_mb"
if [ -n "$diff_seconds" ]; then
    echo "lint --diff --unsafe-fixes of 100000 links: $(calc "printf \"%.3f\", $diff_seconds") s," \
        "peak $(calc "printf \"%.1f\", $diff_kb / 1024") MB, $(calc "printf \"%.2f\", $diff_bytes / 1048576") MB of diff"
fi
for links in "$rename_links" "$rename_large"; do
    line="renamed component, $links links:"
    for format in text json; do
        if [ -n "${rename_seconds[$links $format]:-}" ]; then
            line+=" $format $(calc "printf \"%.3f\", ${rename_seconds[$links $format]}") s,"
            line+=" $(calc "printf \"%.2f\", ${rename_bytes[$links $format]} / 1048576") MB;"
        else
            line+=" $format n/a;"
        fi
    done
    echo "${line%;}"
done
echo

# --- Goals -------------------------------------------------------------------------------------------------
failures=0
verdict() { # verdict NAME STATUS DETAIL
    printf '  %-4s  %s: %s\n' "$2" "$1" "$3"
    case "$2" in FAIL | n/a) failures=$((failures + 1)) ;; esac
}
# at_most NAME VALUE LIMIT UNIT: PASS when VALUE ≤ LIMIT.
at_most() {
    if calc "exit !($2 <= $3)"; then verdict "$1" PASS "$2$4"; else verdict "$1" FAIL "$2$4"; fi
}

echo "goals"
name="(a) 100k, 10% planted mistakes: lint time ≤ 2× raw scan"
if ! selected 100000; then verdict "$name" SKIP "(100000 not in --sizes)"
elif [ -z "${lint_seconds[100000]:-}" ] || [ -z "${raw_seconds[100000]:-}" ]; then verdict "$name" n/a "${lint_problem:-(no measurement)}"
else at_most "$name" "$(calc "printf \"%.2f\", ${lint_seconds[100000]} / ${raw_seconds[100000]}")" 2 "×"
fi

name="(b) 100k: lint peak memory ≤ 1.5 KB per link"
if ! selected 100000; then verdict "$name" SKIP "(100000 not in --sizes)"
elif [ -z "${lint_kb[100000]:-}" ]; then verdict "$name" n/a "${lint_problem:-(no measurement)}"
else at_most "$name" "$(calc "printf \"%.2f\", ${lint_kb[100000]} / 100000")" 1.5 " KB ($(calc "printf \"%.1f\", ${lint_kb[100000]} / 1024") MB)"
fi

name="(c) 100k, 90% of links with findings: lint time ≤ 3× raw scan"
if ! selected 100000; then verdict "$name" SKIP "(100000 not in --sizes)"
elif [ -z "${lint_seconds[$findings_label]:-}" ] || [ -z "${raw_seconds[$findings_label]:-}" ]; then
    verdict "$name" n/a "${lint_problem:-(no measurement)}"
else at_most "$name" "$(calc "printf \"%.2f\", ${lint_seconds[$findings_label]} / ${raw_seconds[$findings_label]}")" 3 "×"
fi

for format in text json; do
    for measure in time bytes; do
        name="(d) one renamed component, $rename_links → $rename_large links: $format $measure ≤ 10×"
        if [ -z "${rename_seconds[$rename_links $format]:-}" ] || [ -z "${rename_seconds[$rename_large $format]:-}" ]; then
            verdict "$name" n/a "${lint_problem:-(no measurement)}"
        elif [ "$measure" = time ]; then
            at_most "$name" "$(calc "printf \"%.2f\", ${rename_seconds[$rename_large $format]} / ${rename_seconds[$rename_links $format]}")" 10 "×"
        else
            at_most "$name" "$(calc "printf \"%.2f\", ${rename_bytes[$rename_large $format]} / ${rename_bytes[$rename_links $format]}")" 10 "×"
        fi
    done
done

name="(e) $small_links links: lint < 30 ms wall"
if [ -z "$small_lint_ms" ]; then verdict "$name" n/a "$lint_problem"
elif calc "exit !($small_lint_ms < 30)"; then verdict "$name" PASS "$small_lint_ms ms"
else verdict "$name" FAIL "$small_lint_ms ms"; fi

name="(f) time per link at 1M ≤ 1.5× that at 10k"
if ! selected 1000000 || ! selected 10000; then verdict "$name" SKIP "(10000 and 1000000 not both in --sizes)"
elif [ -z "${lint_seconds[1000000]:-}" ] || [ -z "${lint_seconds[10000]:-}" ]; then verdict "$name" n/a "${lint_problem:-(no measurement)}"
else at_most "$name" "$(calc "printf \"%.2f\", (${lint_seconds[1000000]} / 1000000) / (${lint_seconds[10000]} / 10000)")" 1.5 "×"
fi

if ((strict && failures > 0)); then exit 1; fi
exit 0
