#!/usr/bin/env bash
# Renders HTML reports in a real headless browser (Debian's chromium) and checks them as a designer sees them:
#   - as many `finding` elements as the JSON report has diagnostics, each with its rule and line, laid out with a
#     size on the page, and a rule id and a message visible;
#   - no horizontal scroll of the page, at a desktop width (1280 px) and a narrow window (500 px, the narrowest
#     headless chromium lays out): long lines (a Base64 payload link) wrap inside their own box;
#   - every rule name links to a place that exists: help embedded in the page (`#rule-…`), never a relative file;
#   - a fix that changes a URL previews the whole change, the `aliases:` line keeping the old URL included;
#   - the page prints (`--print-to-pdf` writes a PDF).
# Two reports: every example catalogue together, and a generated catalogue of 2,000 links with a long payload link.
#
# usage: scripts/check-html-report.sh [CATALOGUE…]    (default: both reports above; else one report of CATALOGUE…)
# Needs chromium (`apt-get install -y chromium`) and a built linkrules ($LINKRULES, default .build/debug/linkrules).
# Leaves each report's page, JSON, DOM, screenshots (desktop and narrow widths) and PDF in $HTML_REPORT_OUT/NAME/
# (default a temporary folder), for CI to keep as artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."

linkrules=${LINKRULES:-.build/debug/linkrules}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "check-html-report: chromium is not installed (apt-get install -y chromium)" >&2; exit 2; }
[ -x "$linkrules" ] || { echo "check-html-report: no linkrules at '$linkrules' (swift build --product linkrules)" >&2; exit 2; }

out=${HTML_REPORT_OUT:-$(mktemp -d)}
mkdir -p "$out"
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
out=$(abs "$out")
trap 'rm -rf "$out"/*/profile' EXIT

# A catalogue of 2,000 links, some with findings, and an example carrying a 4 KB Base64 payload on one line.
large_catalogue() {
  python3 - "$1" <<'PY'
import base64, json, sys
steps = [{"screen": "feed", "items": list(range(i, i + 8))} for i in range(60)]
payload = base64.b64encode(json.dumps({"steps": steps}).encode()).decode()
lines = ["version: 1", "app: Large", "schemes: [her]", "components:", "  items: { kind: collection, id: int }", "links:"]
lines += ["  - url: coordinatorsplayground:///deeplink?payload={payload:base64json}",
          "    examples: ['coordinatorsplayground:///deeplink?payload=" + payload + "']"]
for i in range(1999):
    if i % 50 == 0:
        lines.append(f"  - url: her://Section{i}/item/{{id:int}}")   # lowercase and plural-resource-nouns
    else:
        lines.append(f"  - url: her://section{i}/items/{{id:int}}")
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
}

# check NAME CATALOGUE…: renders one report and checks it.
check() {
  local name=$1 dir=$out/$1 status=0
  shift
  mkdir -p "$dir"
  # Findings make lint exit 1; 2 (bad input or usage) is a failure here.
  "$linkrules" lint "$@" --format html > "$dir/report.html" || status=$?
  [ "$status" -le 1 ] || { echo "check-html-report: linkrules lint $* --format html exited $status" >&2; exit 1; }
  status=0
  "$linkrules" lint "$@" --format json > "$dir/report.json" || status=$?
  [ "$status" -le 1 ] || { echo "check-html-report: linkrules lint $* --format json exited $status" >&2; exit 1; }

  # The page has no scripts of its own; a copy with a probe appended measures what the browser laid out.
  python3 - "$dir" <<'PY'
import os, sys
probe = """<script>
(function () {
  var boxes = Array.prototype.map.call(document.querySelectorAll(".finding"), function (finding) {
    var box = finding.getBoundingClientRect(), style = getComputedStyle(finding);
    var rule = finding.querySelector("a.rule"), message = finding.querySelector(".message");
    var target = rule ? rule.getAttribute("href") : "";
    return { rule: rule ? rule.innerText : "", message: message ? message.innerText : "", href: target,
             target: target.charAt(0) === "#" ? document.getElementById(target.slice(1)) !== null : null,
             visible: box.width > 0 && box.height > 0 && style.visibility === "visible" && style.display !== "none" };
  });
  var root = document.documentElement;
  var pre = document.createElement("pre");
  pre.id = "linkrules-probe";
  pre.textContent = JSON.stringify({ findings: boxes, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
                                     innerWidth: window.innerWidth });
  document.body.appendChild(pre);
})();
</script>
"""
page = open(os.path.join(sys.argv[1], "report.html"), encoding="utf-8").read()
assert page.count("</body>") == 1, "the report has no single </body>"
open(os.path.join(sys.argv[1], "probe.html"), "w", encoding="utf-8").write(page.replace("</body>", probe + "</body>"))
PY

  local flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --hide-scrollbars
               --user-data-dir="$dir/profile")
  "$browser" "${flags[@]}" --window-size=1280,2400 --dump-dom "file://$dir/report.html" > "$dir/dom.html" 2> "$dir/chromium.log"
  "$browser" "${flags[@]}" --window-size=1280,2400 --dump-dom "file://$dir/probe.html" > "$dir/probe-desktop.html" 2>> "$dir/chromium.log"
  "$browser" "${flags[@]}" --window-size=500,900 --dump-dom "file://$dir/probe.html" > "$dir/probe-narrow.html" 2>> "$dir/chromium.log"
  "$browser" "${flags[@]}" --window-size=1280,2400 --screenshot="$dir/desktop.png" "file://$dir/report.html" >> "$dir/chromium.log" 2>&1
  "$browser" "${flags[@]}" --window-size=500,900 --screenshot="$dir/narrow.png" "file://$dir/report.html" >> "$dir/chromium.log" 2>&1
  "$browser" "${flags[@]}" --no-pdf-header-footer --print-to-pdf="$dir/report.pdf" "file://$dir/report.html" >> "$dir/chromium.log" 2>&1

  python3 - "$dir" "$name" <<'PY'
import html.parser, json, os, sys

out, name = sys.argv[1], sys.argv[2]
diagnostics = json.load(open(os.path.join(out, "report.json")))["diagnostics"]

class Findings(html.parser.HTMLParser):
    """Collects the elements whose class list has `finding`, with their data-rule, data-line and text."""
    def __init__(self):
        super().__init__()
        self.findings, self.depth, self.probe, self.in_probe, self.hrefs = [], 0, "", False, []
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"): self.hrefs.append(attrs["href"])
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

def parse(file):
    parser = Findings()
    parser.feed(open(os.path.join(out, file), encoding="utf-8").read())
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
    problems.append(f"rule and line of the findings differ: expected {expected[:5]}…, rendered {rendered[:5]}…")
shown = {}
for f in dom.findings:
    shown.setdefault(f["rule"], []).append(" ".join(f["text"].split()))
for d in diagnostics:
    if not any(d["message"] in text for text in shown.get(d["ruleId"], [])):
        problems.append(f"no finding shows '{d['ruleId']}' with its message '{d['message']}'")
import re
page = open(os.path.join(out, "report.html"), encoding="utf-8").read()
unsafe = sum(1 for d in diagnostics for fix in d["fixes"] if fix["applicability"] == "unsafe")
kept = [m for m in re.findall(r"<ins>(.*?)</ins>", page, re.S) if "aliases:" in m or m.startswith(", aliases:")]
if name == "examples" and (unsafe == 0 or not kept):
    problems.append(f"no fix preview shows the aliases line that keeps the old URL ({unsafe} unsafe fixes)")
relative = sorted({h for h in dom.hrefs if not h.startswith("#") and ":" not in h})
if relative:
    problems.append(f"relative links, which lead nowhere from a kept report: {relative[:5]}")

widths = {}
for view in ("desktop", "narrow"):
    probe = parse(f"probe-{view}.html").probe
    measured = json.loads(probe) if probe else {"findings": [], "scrollWidth": None, "clientWidth": None}
    boxes = measured["findings"]
    widths[view] = (measured["scrollWidth"], measured["clientWidth"])
    if len(boxes) != len(diagnostics):
        problems.append(f"{view}: the browser laid out {len(boxes)} findings, expected {len(diagnostics)}")
    hidden = [b["rule"] for b in boxes if not b["visible"]]
    if hidden:
        problems.append(f"{view}: findings with no size on the page or hidden: {hidden[:5]}")
    dangling = sorted({b["href"] for b in boxes if b["target"] is False})
    if dangling:
        problems.append(f"{view}: rule links to no element of the page: {dangling[:5]}")
    if measured["scrollWidth"] is None or measured["scrollWidth"] > measured["clientWidth"]:
        problems.append(f"{view}: the page scrolls sideways: {measured['scrollWidth']} px wide in a {measured['clientWidth']} px window")
    first = diagnostics[0] if diagnostics else None
    if first and not any(b["rule"] == first["ruleId"] and b["message"] == first["message"] for b in boxes):
        problems.append(f"{view}: the rule id '{first['ruleId']}' and its message are not visible text of a finding")

for image in ("desktop.png", "narrow.png"):
    path = os.path.join(out, image)
    if not os.path.exists(path) or os.path.getsize(path) < 10_000:
        problems.append(f"no screenshot {image}, or a blank one")
pdf = os.path.join(out, "report.pdf")
if not os.path.exists(pdf) or not open(pdf, "rb").read(5) == b"%PDF-":
    problems.append("printing the page wrote no PDF")

if problems:
    print(f"check-html-report: {name}: FAIL")
    for problem in problems: print("  - " + problem)
    print(f"  (page, DOM, screenshots and PDF in {out})")
    sys.exit(1)
print(f"check-html-report: {name}: {len(dom.findings)} findings rendered and visible in chromium, matching the "
      f"{len(diagnostics)} diagnostics of the JSON report; page width {widths['desktop'][0]}/{widths['desktop'][1]} px "
      f"(desktop), {widths['narrow'][0]}/{widths['narrow'][1]} px (narrow); {os.path.getsize(pdf)} bytes of PDF ({out})")
PY
}

if [ $# -gt 0 ]; then
  check report "$@"
else
  check examples examples/*/links.yml
  large_catalogue "$out/large.links.yml"
  check large "$out/large.links.yml"
fi
