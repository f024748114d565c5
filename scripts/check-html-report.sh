#!/usr/bin/env bash
# Renders the HTML report of the HER example in a real headless browser (Debian's chromium) and checks that the
# findings are there as a designer sees them: as many `finding` elements as the JSON report has diagnostics,
# each with its rule and line, every one laid out with a size on the page, and a rule id and a message visible.
#
# usage: scripts/check-html-report.sh [CATALOGUE]    (default examples/her/links.yml)
# Needs chromium (`apt-get install -y chromium`) and a built linkrules ($LINKRULES, default .build/debug/linkrules).
# Leaves the page, the DOM chromium built and a screenshot in $HTML_REPORT_OUT (default a temporary folder).
set -euo pipefail
cd "$(dirname "$0")/.."

catalogue=${1:-examples/her/links.yml}
linkrules=${LINKRULES:-.build/debug/linkrules}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "check-html-report: chromium is not installed (apt-get install -y chromium)" >&2; exit 2; }
[ -x "$linkrules" ] || { echo "check-html-report: no linkrules at '$linkrules' (swift build --product linkrules)" >&2; exit 2; }

out=${HTML_REPORT_OUT:-$(mktemp -d)}
mkdir -p "$out"
trap 'rm -rf "$out/profile"' EXIT

# Findings make lint exit 1; 2 (bad input or usage) is a failure here.
lint() {
  local status=0
  "$linkrules" lint "$catalogue" "$@" || status=$?
  [ "$status" -le 1 ] || { echo "check-html-report: linkrules lint $* exited $status" >&2; exit 1; }
}
lint --format html > "$out/report.html"
lint --format json > "$out/report.json"

# The page has no scripts of its own; a copy with a probe appended measures what the browser laid out.
python3 - "$out" <<'PY'
import os, sys
probe = """<script>
(function () {
  var boxes = Array.prototype.map.call(document.querySelectorAll(".finding"), function (finding) {
    var box = finding.getBoundingClientRect(), style = getComputedStyle(finding);
    var rule = finding.querySelector("a.rule"), message = finding.querySelector(".message");
    return { rule: rule ? rule.innerText : "", message: message ? message.innerText : "",
             visible: box.width > 0 && box.height > 0 && style.visibility === "visible" && style.display !== "none" };
  });
  var pre = document.createElement("pre");
  pre.id = "linkrules-probe";
  pre.textContent = JSON.stringify(boxes);
  document.body.appendChild(pre);
})();
</script>
"""
page = open(os.path.join(sys.argv[1], "report.html"), encoding="utf-8").read()
assert page.count("</body>") == 1, "the report has no single </body>"
open(os.path.join(sys.argv[1], "probe.html"), "w", encoding="utf-8").write(page.replace("</body>", probe + "</body>"))
PY

abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --hide-scrollbars
       --user-data-dir="$(abs "$out/profile")")
"$browser" "${flags[@]}" --dump-dom "file://$(abs "$out/report.html")" > "$out/dom.html" 2> "$out/chromium.log"
"$browser" "${flags[@]}" --dump-dom "file://$(abs "$out/probe.html")" > "$out/probe-dom.html" 2>> "$out/chromium.log"
"$browser" "${flags[@]}" --window-size=1280,2400 --screenshot="$(abs "$out/report.png")" \
  "file://$(abs "$out/report.html")" >> "$out/chromium.log" 2>&1

python3 - "$out" <<'PY'
import html.parser, json, os, sys

out = sys.argv[1]
diagnostics = json.load(open(os.path.join(out, "report.json")))["diagnostics"]

class Findings(html.parser.HTMLParser):
    """Collects the elements whose class list has `finding`, with their data-rule, data-line and text."""
    def __init__(self):
        super().__init__()
        self.findings, self.depth, self.probe, self.in_probe = [], 0, "", False
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth:
            self.depth += 1
        elif "finding" in (attrs.get("class") or "").split():
            self.findings.append({"rule": attrs.get("data-rule"), "line": attrs.get("data-line"), "text": ""})
            self.depth = 1
        self.in_probe = attrs.get("id") == "linkrules-probe"
    def handle_endtag(self, tag):
        if self.depth: self.depth -= 1
        self.in_probe = False
    def handle_data(self, data):
        if self.depth: self.findings[-1]["text"] += data
        if self.in_probe: self.probe += data

def parse(name):
    parser = Findings()
    parser.feed(open(os.path.join(out, name), encoding="utf-8").read())
    return parser

problems = []
dom = parse("dom.html")
if not diagnostics:
    problems.append("the JSON report has no diagnostics: nothing to check")
if len(dom.findings) != len(diagnostics):
    problems.append(f"{len(dom.findings)} finding elements in the DOM, {len(diagnostics)} diagnostics in the JSON")
expected = sorted((d["ruleId"], str(d["startLine"])) for d in diagnostics)
rendered = sorted((f["rule"], f["line"]) for f in dom.findings)
if expected != rendered:
    problems.append(f"rule and line of the findings differ: expected {expected}, rendered {rendered}")
for d in diagnostics:
    if not any(f["rule"] == d["ruleId"] and d["message"] in " ".join(f["text"].split()) for f in dom.findings):
        problems.append(f"no finding shows '{d['ruleId']}' with its message '{d['message']}'")

probe = parse("probe-dom.html").probe
boxes = json.loads(probe) if probe else []
if len(boxes) != len(diagnostics):
    problems.append(f"the browser laid out {len(boxes)} findings, expected {len(diagnostics)}")
hidden = [b["rule"] for b in boxes if not b["visible"]]
if hidden:
    problems.append(f"findings with no size on the page or hidden: {hidden}")
first = diagnostics[0] if diagnostics else None
if first and not any(b["rule"] == first["ruleId"] and b["message"] == first["message"] for b in boxes):
    problems.append(f"the rule id '{first['ruleId']}' and its message are not visible text of a finding")

png = os.path.join(out, "report.png")
if not os.path.exists(png) or os.path.getsize(png) < 10_000:
    problems.append("no screenshot, or a blank one")

if problems:
    print("check-html-report: FAIL")
    for problem in problems: print("  - " + problem)
    print(f"  (page, DOM and screenshot in {out})")
    sys.exit(1)
print(f"check-html-report: {len(dom.findings)} findings rendered and visible in chromium, "
      f"matching the {len(diagnostics)} diagnostics of the JSON report (screenshot: {png})")
PY
