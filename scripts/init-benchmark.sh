#!/usr/bin/env bash
# linkrules init on a 10,000-URL log (numbers, uuids, query values, tracking parameters, tokens, garbage lines): prints the time it takes and
# checks that the catalogue it writes loads and lints. A benchmark, not a unit test: the goal is "seconds".
# Usage: scripts/init-benchmark.sh [URL count] (default 10000); builds the release binary first, unless
# LINKRULES names a binary to time.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-10000}"
if [ -n "${LINKRULES:-}" ]; then
  bin="$LINKRULES"
else
  swift build -c release --product linkrules >/dev/null
  bin=.build/release/linkrules
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$count" >"$work/urls.txt" <<'PY'
import sys, uuid, random
random.seed(1)
n = int(sys.argv[1])
words = ["feed", "search", "settings", "premium", "location", "boosts"]
for i in range(n):
    k = i % 10
    if k < 4: print(f"her://feed/communities/{random.randint(1, 10**6)}?origin={random.choice(['home', 'push', 'mail'])}")
    elif k < 6: print(f"https://pantry.example.com/recipes/{random.randint(1, 10**9)}")
    elif k < 8: print(f"her://feed/posts/{uuid.UUID(int=random.getrandbits(128))}/comments/{random.randint(1, 999)}")
    elif k < 9 and i % 20 < 10: print(f"her://{random.choice(words)}")
    elif k < 9: print(f"her://search?q=w{random.randint(1, 10**4)}&page={random.randint(1, 50)}&utm_source=mail&token={random.getrandbits(128):032x}")
    else: print("garbage line " + str(i))
PY
start=$(date +%s.%N)
"$bin" init "$work/urls.txt" -o "$work/links.yml" 2>"$work/notes.txt"
end=$(date +%s.%N)
printf '%s URLs -> %s links in %.2f s\n' "$count" "$(grep -c '^  - url:' "$work/links.yml")" "$(echo "$end - $start" | bc)"
cat "$work/notes.txt"
"$bin" lint "$work/links.yml" --fail-on never --quiet >/dev/null && echo "the catalogue loads and lints"
