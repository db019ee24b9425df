#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Launches the workbench under Xvfb, plays the scripted conversation about resources/samples/sales.csv, opens a
# saved trace, then shows every panel of the workbench in turn (files, history, documents, network, guardrails,
# logs, settings, the dark theme) and saves the captures to docs/screenshots/.
# Usage: docs/screenshots/make-screenshots.sh [BUILD_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
exe="$build/bin/sandbench-screenshots"
[ -x "$exe" ] || { echo "build $exe first" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/resources/samples/sales.csv" "$work/sales.csv"
# A saved Responses trace, as the hosted tool's published example prints it.
cat > "$work/hosted-trace.json" <<'JSON'
{"id":"resp_demo","output":[{"type":"openrouter:shell","id":"sh_01","call_id":"call_01","status":"completed",
 "container_id":"sess_hosted0123456789",
 "action":{"commands":["cat /etc/os-release | head -2","python3 --version","curl -sS -m 5 https://example.com"],
           "timeout_ms":120000,"max_output_length":16384},
 "output":[{"stdout":"PRETTY_NAME=\"Ubuntu 22.04.5 LTS\"\nNAME=\"Ubuntu\"\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
           {"stdout":"Python 3.11.14\n","stderr":"","outcome":{"type":"exit","exit_code":0}},
           {"stdout":"","stderr":"curl: (28) Connection timed out after 5001 milliseconds\n","outcome":{"type":"exit","exit_code":28}}]}]}
JSON

export XDG_CONFIG_HOME="$work/config" LANG=C.UTF-8 LC_ALL=C.UTF-8
xvfb-run -a -s "-screen 0 1680x1050x24" "$exe" --data-dir "$work/data" \
    --demo-model "Scripted: sales-demo" --demo-attach "$work/sales.csv" \
    --demo-ask "Which region had the most revenue in sales.csv?" \
    --demo-ask "Show me revenue per quarter and region as a chart." \
    --demo-trace "$work/hosted-trace.json" \
    --demo-follow-up "Stack the bars so the quarterly totals are easier to compare." \
    --demo-panels \
    --screenshot-dir "$work/shots"
rm -f "$here"/[0-9][0-9]-*.png
cp "$work/shots/"*.png "$here/"
ls -1 "$here"/*.png
