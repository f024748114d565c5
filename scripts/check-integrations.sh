#!/usr/bin/env bash
# Exercises what teams plug linkrules into (see docs/ci.md):
#   1. the pre-commit manifest (.pre-commit-hooks.yaml): its fields, and, when pre-commit is installed, the hooks
#      run by `pre-commit run` in a temporary git repository from a shadow clone of this one, as try-repo does
#      (offline: pre-commit builds linkrules from the local clone with `swift build -c release`, once), and
#      linkrules-system (`language: system`) with a stub linkrules on the PATH, which builds nothing;
#   2. the SwiftPM command plugin: listed by `swift package plugin --list`, `--help` passed through, and a real
#      `swift package lint-links --format json` run on this repository's example catalogues;
#   3. the GitHub Actions workflow in examples/ci/: its YAML (one build job whose binary the others download, the
#      SARIF upload skipped for forks, a breaking-change job with the full history), and its steps as far as they
#      run here: the install step, the lint steps and the breaking-change step, as the runner would run them;
#   4. the baseline from the command line: write, re-lint clean, a new finding fails, a fixed one is noted;
#   5. the README's fixing session (`--fix`, `--unsafe-fixes`, `-q`) prints what the README shows.
#
# usage: scripts/check-integrations.sh          (from anywhere; needs python3 with PyYAML and a built linkrules,
#                                                $LINKRULES or .build/debug/linkrules)
# SKIP_PRE_COMMIT=1 skips the pre-commit runs of the built hooks (their release build takes minutes); the
# linkrules-system runs need no build and still run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
linkrules=$(cd "$(dirname "${LINKRULES:-.build/debug/linkrules}")" && pwd)/$(basename "${LINKRULES:-.build/debug/linkrules}")
[ -x "$linkrules" ] || { echo "check-integrations: no linkrules at '$linkrules' (swift build --product linkrules)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }
# check NAME COMMAND...: passes when the command succeeds.
check() { local name=$1; shift; if out=$("$@" 2>&1); then pass "$name"; else fail "$name" "$(tail -n 5 <<<"$out")"; fi; }
# exits NAME CODE COMMAND...: passes when the command exits with CODE; its output is in $out.
exits() {
  local name=$1 code=$2 status=0; shift 2
  out=$("$@" 2>&1) || status=$?
  if [ "$status" -eq "$code" ]; then pass "$name"; else fail "$name" "exit $status, expected $code: $(tail -n 5 <<<"$out")"; fi
}

# 1. pre-commit -------------------------------------------------------------------------------------------------
check "pre-commit manifest has the fields pre-commit requires" python3 - <<'PY'
import re, yaml
hooks = yaml.safe_load(open(".pre-commit-hooks.yaml"))
assert isinstance(hooks, list), "the manifest is a list of hooks"
by_id = {hook["id"]: hook for hook in hooks}
assert set(by_id) == {"linkrules", "linkrules-fix", "linkrules-system", "linkrules-fix-system"}, f"hook ids: {sorted(by_id)}"
for hook in hooks:
    for field in ("id", "name", "entry", "language"):
        assert isinstance(hook.get(field), str) and hook[field], f"{hook.get('id')}: '{field}' is required"
    expected = "system" if hook["id"].endswith("-system") else "swift"
    assert hook["language"] == expected, f"{hook['id']}: language {hook['language']}"
    known = {"id", "name", "entry", "language", "files", "exclude", "types", "types_or", "exclude_types",
             "always_run", "fail_fast", "verbose", "pass_filenames", "require_serial", "description",
             "language_version", "log_file", "minimum_pre_commit_version", "args", "stages", "alias",
             "additional_dependencies"}
    assert not set(hook) - known, f"{hook['id']}: unknown fields {set(hook) - known}"
    files = re.compile(hook["files"])
    for name in ["links.yml", "app/links.yaml", "deeplinks.yml", "Features/Checkout/checkout.links.yml"]:
        assert files.search(name), f"{hook['id']}: files does not match {name}"
    for name in ["mylinks.yml", "links.yml.orig", "links.json", "Sources/links.swift"]:
        assert not files.search(name), f"{hook['id']}: files matches {name}"
assert by_id["linkrules"]["entry"] == "linkrules lint"
assert by_id["linkrules-fix"]["entry"] == "linkrules lint --fix"
assert by_id["linkrules-system"]["entry"] == "linkrules lint"
assert by_id["linkrules-fix-system"]["entry"] == "linkrules lint --fix"
PY

if command -v pre-commit >/dev/null; then
  # What `pre-commit try-repo` does, once: a shadow clone of this repository with the working tree's changes
  # committed. try-repo itself installs into a throwaway store on every call, which for `language: swift` is a
  # release build each time; the runs below share one store, so linkrules is built once.
  shadow=$work/shadow
  git clone -q "$root" "$shadow"
  git -C "$root" diff HEAD --binary | git -C "$shadow" apply --allow-empty
  git -C "$root" ls-files --others --exclude-standard -z | (cd "$root" && xargs -0 -r cp --parents -t "$shadow")
  git -C "$shadow" add -A
  git -C "$shadow" -c user.name=ci -c user.email=ci@localhost commit -q --allow-empty -m "working tree"
  rev=$(git -C "$shadow" rev-parse HEAD)

  # linkrules-system (`language: system`) builds nothing: it runs the linkrules on the PATH, here a stub that
  # records its arguments and runs the built linkrules.
  stub=$work/stub-bin
  mkdir -p "$stub"
  printf '#!/bin/sh\nprintf "%%s\\n" "$*" >> "%s"\nexec "%s" "$@"\n' "$work/stub.log" "$linkrules" > "$stub/linkrules"
  chmod +x "$stub/linkrules"
  system=$work/system
  mkdir -p "$system/Features/Feed" && git -C "$system" init -q
  printf 'version: 1\nschemes: [her]\nlinks:\n  - url: her://Feed/posts/9\n' > "$system/Features/Feed/feed.links.yml"
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: linkrules-system\n' "$shadow" "$rev" > "$system/.pre-commit-config.yaml"
  git -C "$system" add -A
  exits "pre-commit hook linkrules-system runs the linkrules on the PATH and fails on a finding" 1 \
    bash -c 'cd "$1" && PATH="$2:$PATH" PRE_COMMIT_HOME="$3" pre-commit run --color never' _ "$system" "$stub" "$work/pre-commit-system"
  grep -q "Features/Feed/feed.links.yml:4:16: warning: .*\[lowercase\]" <<<"$out" \
    && pass "linkrules-system reports the finding" || fail "linkrules-system reports the finding" "$out"
  [ "$(cat "$work/stub.log" 2>/dev/null)" = "lint Features/Feed/feed.links.yml" ] \
    && pass "linkrules-system called the PATH's linkrules with the staged catalogue" \
    || fail "linkrules-system called the PATH's linkrules with the staged catalogue" "$(cat "$work/stub.log" 2>/dev/null)"
  exits "linkrules-system without a linkrules on the PATH fails and says so" 1 \
    bash -c 'cd "$1" && PATH="$(dirname "$(command -v git)"):$(dirname "$(command -v pre-commit)"):$(dirname "$(command -v python3)"):/usr/bin:/bin" PRE_COMMIT_HOME="$2" pre-commit run --color never' \
    _ "$system" "$work/pre-commit-system"
  grep -q "Executable \`linkrules\` not found" <<<"$out" \
    && pass "the missing linkrules is named" || fail "the missing linkrules is named" "$out"
fi

if [ "${SKIP_PRE_COMMIT:-0}" = 1 ]; then
  echo "SKIP pre-commit runs of the built hooks (SKIP_PRE_COMMIT=1)"
elif ! command -v pre-commit >/dev/null; then
  echo "SKIP pre-commit runs: pre-commit is not installed (pip install pre-commit)"
else

  app=$work/app
  mkdir -p "$app/Features/Feed"
  git -C "$app" init -q
  printf 'version: 1\nschemes: [her]\nlinks:\n  - url: her://feed\n' > "$app/links.yml"
  printf 'version: 1\nschemes: [her]\nlinks:\n  - url: her://Feed/posts/9\n' > "$app/Features/Feed/feed.links.yml"
  printf 'not: [a catalogue\n' > "$app/notes.yml"
  run_hook() {
    printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n' "$shadow" "$rev" "$1" > "$app/.pre-commit-config.yaml"
    git -C "$app" add -A
    (cd "$app" && PRE_COMMIT_HOME="$work/pre-commit-home" pre-commit run --all-files --color never)
  }
  exits "pre-commit hook linkrules fails on a finding" 1 run_hook linkrules
  grep -q "Features/Feed/feed.links.yml:4:16: warning: .*\[lowercase\]" <<<"$out" \
    && pass "the hook reports file:line:col of the finding" || fail "the hook reports file:line:col of the finding" "$out"
  grep -q "notes.yml" <<<"$out" && fail "the hook only gets catalogue names" "$out" || pass "the hook only gets catalogue names"
  if "$linkrules" lint --help | grep -q -- "--fix"; then
    exits "pre-commit hook linkrules-fix fixes the file (and fails as it changed it)" 1 run_hook linkrules-fix
    grep -q "url: her://feed/posts/9" "$app/Features/Feed/feed.links.yml" \
      && pass "linkrules-fix wrote the safe fix" || fail "linkrules-fix wrote the safe fix" "$(cat "$app/Features/Feed/feed.links.yml")"
  else
    echo "SKIP pre-commit hook linkrules-fix: this linkrules has no --fix yet"
    sed -i 's|her://Feed|her://feed|' "$app/Features/Feed/feed.links.yml"
  fi
  exits "pre-commit hook linkrules passes on clean catalogues" 0 run_hook linkrules

  # The app is the unit: barriers and components declared in app.links.yml, a feature's links in its own file,
  # both listed by the configuration. pre-commit passes only the staged feed file; its app comes along.
  split=$work/split
  mkdir -p "$split/feed"
  git -C "$split" init -q
  printf 'catalogues: [app.links.yml, feed/feed.links.yml]\n' > "$split/.linkrules.yml"
  printf 'version: 1\nschemes: [her]\nbarriers: [authentication]\ncomponents:\n  feed: { kind: tab }\n  posts: { kind: collection, id: int, params: [ref] }\nlinks:\n  - url: her://feed\n' \
    > "$split/app.links.yml"
  printf 'version: 1\nschemes: [her]\nlinks:\n  - url: her://feed/posts\n' > "$split/feed/feed.links.yml"
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: linkrules\n' "$shadow" "$rev" > "$split/.pre-commit-config.yaml"
  git -C "$split" add -A
  git -C "$split" -c user.name=ci -c user.email=ci@localhost commit -q -m "the app"
  printf '  - url: her://feed/posts/{id:int}?ref={ref}\n    barrier: authentication\n' >> "$split/feed/feed.links.yml"
  git -C "$split" add feed/feed.links.yml
  [ "$(git -C "$split" diff --cached --name-only)" = feed/feed.links.yml ] || fail "only the feed file is staged"
  exits "pre-commit hook linkrules passes a staged feed file whose barriers its app file declares" 0 \
    bash -c 'cd "$1" && PRE_COMMIT_HOME="$2" pre-commit run --color never' _ "$split" "$work/pre-commit-home"
  grep -q "unknown-barrier" <<<"$out" && fail "no unknown-barrier for the staged feed file" "$out"
  printf '  - url: her://feed/posts/{id:int}?from={ref}\n' >> "$split/feed/feed.links.yml"
  git -C "$split" add feed/feed.links.yml
  exits "the hook still fails on a finding in the staged feed file" 1 \
    bash -c 'cd "$1" && PRE_COMMIT_HOME="$2" pre-commit run --color never' _ "$split" "$work/pre-commit-home"
  grep -q "feed/feed.links.yml:.*\[unknown-query-param\]" <<<"$out" \
    && pass "the finding is judged by the components app.links.yml declares" || fail "the finding is judged by the components app.links.yml declares" "$out"
fi

# 2. SwiftPM command plugin -------------------------------------------------------------------------------------
exits "swift package plugin --list shows lint-links" 0 swift package plugin --list
grep -q "‘lint-links’ (plugin ‘LintLinks’" <<<"$out" || fail "lint-links is listed" "$out"
exits "swift package lint-links --help passes --help to linkrules lint" 0 \
  swift package --allow-writing-to-package-directory lint-links --help
grep -q "OVERVIEW: Lint deep-link catalogues" <<<"$out" || fail "lint-links --help prints linkrules lint's help" "$out"
status=0
swift package lint-links --format json > "$work/plugin.json" 2> "$work/plugin.err" || status=$?
"$linkrules" lint --format json > "$work/direct.json" 2>/dev/null || true
if [ "$status" -ne 0 ] && python3 - "$work/plugin.json" "$work/direct.json" <<'PY'
import json, sys
plugin, direct = (json.load(open(path))["diagnostics"] for path in sys.argv[1:])
assert plugin and plugin == direct, f"{len(plugin)} findings through the plugin, {len(direct)} directly"
PY
then pass "swift package lint-links lints the repository's catalogues and fails on their findings"
else fail "swift package lint-links lints the repository's catalogues and fails on their findings" "exit $status: $(tail -n 5 "$work/plugin.err")"
fi

# 3. The GitHub Actions workflow --------------------------------------------------------------------------------
check "examples/ci/linkrules.yml: one build job, SARIF upload, annotations, breaking changes, forks" python3 - <<'PY'
import yaml
workflow = yaml.safe_load(open("examples/ci/linkrules.yml"))
triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
assert "pull_request" in triggers, "runs on pull requests"
assert workflow["permissions"] == {"contents": "read"}, "the workflow's token is read-only by default"
jobs = workflow["jobs"]
for name, job in jobs.items():
    assert job.get("runs-on"), f"{name}: runs-on"
    assert all("uses" in step or "run" in step for step in job["steps"]), f"{name}: a step without uses or run"
# One build, shared: only the build job compiles; it uploads the binary, every other job needs it and downloads it.
builders = [name for name, job in jobs.items() if any("swift build" in step.get("run", "") for step in job["steps"])]
assert builders == ["build"], f"jobs that build linkrules: {builders}"
upload = next(step for step in jobs["build"]["steps"] if step.get("uses", "").startswith("actions/upload-artifact@"))
artifact = upload["with"]["name"]
for name, job in jobs.items():
    if name == "build":
        continue
    assert job.get("needs") == "build", f"{name}: needs the build job"
    download = [step for step in job["steps"] if step.get("uses", "").startswith("actions/download-artifact@")]
    assert download and download[0]["with"]["name"] == artifact, f"{name}: downloads the '{artifact}' artifact"
    assert any('$GITHUB_PATH' in step.get("run", "") and "chmod +x" in step.get("run", "") for step in job["steps"]), \
        f"{name}: puts the downloaded linkrules on the PATH"
# Code scanning: only this job may write security events; a fork's read-only token cannot, so its upload is skipped
# there and the SARIF file is kept as an artifact instead.
scanning = jobs["code-scanning"]
assert scanning["permissions"].get("security-events") == "write", "upload-sarif needs security-events: write"
assert all("security-events" not in job.get("permissions", {}) for name, job in jobs.items() if name != "code-scanning")
lint = next(step for step in scanning["steps"] if step.get("id") == "lint")
assert "--format sarif" in lint["run"] and "> linkrules.sarif" in lint["run"]
sarif = next(step for step in scanning["steps"] if step.get("uses", "").startswith("github/codeql-action/upload-sarif@"))
assert sarif["with"]["sarif_file"] == "linkrules.sarif"
assert "github.event.pull_request.head.repo.fork" in sarif["if"], "the upload is skipped for forks' pull requests"
kept = [step for step in scanning["steps"] if step.get("uses", "").startswith("actions/upload-artifact@")]
assert kept and kept[0]["with"]["path"] == "linkrules.sarif" and "fork" not in kept[0].get("if", ""), \
    "the SARIF file is kept as an artifact, forks included"
assert any("--format github" in step.get("run", "") for step in jobs["annotations"]["steps"])
# Breaking changes: on pull requests, with the full history, against origin/$BASE.
breaking = jobs["breaking-changes"]
assert "pull_request" in breaking["if"]
checkout = next(step for step in breaking["steps"] if step.get("uses", "").startswith("actions/checkout@"))
assert checkout.get("with", {}).get("fetch-depth") == 0, "fetch-depth: 0, so origin/BASE is there"
diff = next(step for step in breaking["steps"] if "linkrules diff" in step.get("run", ""))
assert '--against "origin/$BASE"' in diff["run"] and diff["env"]["BASE"] == "${{ github.base_ref }}"
import subprocess
for name, job in jobs.items():
    for step in job["steps"]:
        if "run" in step:
            syntax = subprocess.run(["bash", "-n"], input=step["run"], capture_output=True, text=True)
            assert syntax.returncode == 0, f"{name}: {step.get('name')}: {syntax.stderr}"
PY
# Runs the workflow's lint steps here, with the shell options of a GitHub runner's `run:`.
python3 - "$work" <<'PY'
import sys, yaml
jobs = yaml.safe_load(open("examples/ci/linkrules.yml"))["jobs"]
steps = [step for job in jobs.values() for step in job["steps"] if "linkrules lint" in step.get("run", "")]
for index, step in enumerate(steps):
    open(f"{sys.argv[1]}/step-{index}.sh", "w").write(step["run"])
PY
mkdir -p "$work/bin" && ln -sf "$linkrules" "$work/bin/linkrules"
run_step() {
  PATH="$work/bin:$PATH" GITHUB_OUTPUT="$work/github-output" LINKRULES_REPOSITORY=OWNER/linkrules LINKRULES_REF=main \
    bash --noprofile --norc -eo pipefail "$1"
}
: > "$work/github-output"
exits "the workflow's SARIF step succeeds on findings and records status 1" 0 run_step "$work/step-0.sh"
grep -qx "status=1" "$work/github-output" || fail "the SARIF step records the status" "$(cat "$work/github-output")"
check "the workflow's SARIF file is SARIF 2.1.0 with absolute helpUri" python3 - <<'PY'
import json
log = json.load(open("linkrules.sarif"))
assert log["version"] == "2.1.0" and log["runs"][0]["results"]
rules = log["runs"][0]["tool"]["driver"]["rules"]
assert all(rule["helpUri"].startswith("https://github.com/OWNER/linkrules/blob/main/rules/") for rule in rules)
PY
rm -f linkrules.sarif
exits "the workflow's annotations step fails on findings" 1 run_step "$work/step-1.sh"
grep -q "^::warning file=examples/her/links.yml,line=" <<<"$out" || fail "the annotations step prints ::warning lines" "$out"
# The other jobs' "Install linkrules" step, on a downloaded binary, without its apt-get line: it makes the binary
# executable and puts its folder on the PATH.
python3 - "$work" <<'PY'
import sys, yaml
jobs = yaml.safe_load(open("examples/ci/linkrules.yml"))["jobs"]
install = next(step for step in jobs["annotations"]["steps"] if step.get("name") == "Install linkrules")["run"]
open(f"{sys.argv[1]}/install.sh", "w").write("\n".join(line for line in install.splitlines() if "apt-get" not in line))
diff = next(step for step in jobs["breaking-changes"]["steps"] if "linkrules diff" in step.get("run", ""))["run"]
open(f"{sys.argv[1]}/diff-step.sh", "w").write(diff)
PY
mkdir -p "$work/runner-temp/linkrules-bin" && cp "$linkrules" "$work/runner-temp/linkrules-bin/linkrules"
chmod -x "$work/runner-temp/linkrules-bin/linkrules" && : > "$work/github-path"
exits "the workflow's install step puts the build job's linkrules on the PATH" 0 \
  env RUNNER_TEMP="$work/runner-temp" GITHUB_PATH="$work/github-path" bash --noprofile --norc -eo pipefail "$work/install.sh"
[ -x "$work/runner-temp/linkrules-bin/linkrules" ] && [ "$(cat "$work/github-path")" = "$work/runner-temp/linkrules-bin" ] \
  && pass "the downloaded linkrules is executable and its folder is in GITHUB_PATH" \
  || fail "the downloaded linkrules is executable and its folder is in GITHUB_PATH" "$(cat "$work/github-path")"
# The breaking-change step in a pull request's clone: the base branch renames nothing, the pull request renames
# 'communities' and adds a catalogue the base does not have.
git init -q -b main "$work/upstream" && cp examples/her/links.yml "$work/upstream/links.yml"
git -C "$work/upstream" add links.yml && git -C "$work/upstream" -c user.name=ci -c user.email=ci@localhost commit -q -m base
git clone -q "$work/upstream" "$work/pull-request"
sed -i 's|^  - url: her://feed/communities/{id:int}$|  - url: her://feed/groups/{id:int}|' "$work/pull-request/links.yml"
printf 'version: 1\nschemes: [her]\nlinks:\n  - url: her://settings\n' > "$work/pull-request/settings.links.yml"
git -C "$work/pull-request" add -A && git -C "$work/pull-request" -c user.name=ci -c user.email=ci@localhost commit -q -m rename
diff_step() {
  (cd "$work/pull-request" && PATH="$work/bin:$PATH" BASE=main LINKRULES_CATALOGUES="links.yml settings.links.yml" \
    bash --noprofile --norc -eo pipefail "$work/diff-step.sh")
}
exits "the workflow's breaking-change step fails on a renamed component" 1 diff_step
grep -q "^::error file=links.yml,line=35,.*diff/component-renamed" <<<"$out" \
  && pass "the breaking change is an annotation on links.yml" || fail "the breaking change is an annotation on links.yml" "$out"
grep -q "^settings.links.yml is new in this pull request$" <<<"$out" \
  && pass "a catalogue new in the pull request breaks nothing" || fail "a catalogue new in the pull request breaks nothing" "$out"
fingerprint=$(grep -o "fingerprint '[0-9a-f]\{16\}'" <<<"$out" | head -n 1 | tr -d "'" | cut -d' ' -f2)
printf '%s  # communities are groups now\n' "$fingerprint" > "$work/pull-request/.linkrules-approved.txt"
exits "the breaking-change step passes once the change is approved" 0 diff_step
# A monorepo job with `working-directory: ios/`: annotations name files from the repository root.
mkdir -p "$work/mono/ios" && git -C "$work/mono" init -q && cp examples/her/links.yml "$work/mono/ios/links.yml"
exits "run in ios/ of a repository, lint --format github fails on findings" 1 \
  bash -c 'cd "$1" && "$2" lint links.yml --format github' _ "$work/mono/ios" "$linkrules"
grep -q "^::warning file=ios/links.yml,line=44," <<<"$out" \
  && pass "annotations name ios/links.yml, from the repository root" || fail "annotations name ios/links.yml, from the repository root" "$out"

# 4. Baseline from the command line -----------------------------------------------------------------------------
cp examples/her/links.yml "$work/links.yml"
( cd "$work"
  exits "lint --write-baseline records the findings and exits 0" 0 "$linkrules" lint links.yml --write-baseline baseline.json
  exits "lint --baseline is clean" 0 "$linkrules" lint links.yml --baseline baseline.json
  printf '  - url: her://feed/comment/5\n' >> links.yml
  exits "a new finding fails despite the baseline" 1 "$linkrules" lint links.yml --baseline baseline.json --quiet
  grep -q "'comment' is followed by an id" <<<"$out" || fail "the new finding is named" "$out"
  sed -i 's|her://feed/post/23423|her://feed/posts/23423|' links.yml
  exits "a fixed finding leaves a stale entry, noted on stderr" 1 "$linkrules" lint links.yml --baseline baseline.json --format json
  grep -q "baseline.json:[0-9]*:[0-9]*: note: baseline entry matches no finding any more: 'plural-resource-nouns'" <<<"$out" \
    || fail "the stale entry is named" "$out"
  echo "$passed $failed" > counts
)
read -r passed failed < "$work/counts"

# 5. The README's fixing session --------------------------------------------------------------------------------
# The commands of the README's block under "## Fixing" run, in order, in a git repository holding the HER example
# as links.yml; each one's standard output must be what the README shows ("..." stands for any lines).
mkdir -p "$work/readme" && cp examples/her/links.yml "$work/readme/links.yml"
git -C "$work/readme" init -q && git -C "$work/readme" add links.yml
git -C "$work/readme" -c user.name=ci -c user.email=ci@localhost commit -q -m catalogue
check "the README's --fix, --unsafe-fixes and -q session prints what the README shows" python3 - "$work/readme" "$work/bin" <<'PY'
import os, re, subprocess, sys
folder, bin_dir = sys.argv[1], sys.argv[2]
readme = open("README.md").read()
block = re.search(r"^## Fixing\n.*?^```\n(.*?)^```", readme, re.S | re.M).group(1).splitlines()
assert any("--fix" in line and line.rstrip().endswith("-q") for line in block), "the block runs --fix -q"
sessions = []
for line in block:
    if line.startswith("$ "):
        sessions.append((line[2:], []))
    else:
        sessions[-1][1].append(line)
def matches(expected, actual):
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])
env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"])
for command, expected in sessions:
    result = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True)
    actual = result.stdout.splitlines()
    assert matches(expected, actual), f"$ {command}\nREADME:\n" + "\n".join(expected) + "\nactual:\n" + result.stdout
PY

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
