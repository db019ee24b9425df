#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Launches the workbench under Xvfb, plays the scripted conversation about resources/samples/sales.csv, opens a
# saved trace, then shows every panel of the workbench in turn (files, history, documents, network, guardrails,
# logs, settings, the dark theme) and saves the captures to docs/screenshots/. Each run is in a fresh data and
# config directory on an Xvfb screen of the window's size:
#   01-attached.png … 13-dark.png   the whole tour at 1366x768, English, light theme (used by README.md):
#                                   01-attached 02-answer-1 03-answer-2 04-csv-preview 05-trace 06-files
#                                   07-history 08-documents 09-network 10-guardrails 11-logs 12-settings 13-dark
#   SIZE-LANG-THEME-SHOT.png        the same tour at each SIZE (1366, 1920x1080), LANG (en, de: German,
#                                   zh: Simplified Chinese) and THEME (light, dark), SHOT one of
#                                     main     the window after the chart answer (03-answer-2)
#                                     files    the Files panel previewing the script (06-files)
#                                     history  the file history with a side-by-side diff (07-history)
#                                     logs     the Logs panel with a selected request (11-logs)
#                                     settings the Local API page of the Settings window (12-settings)
# The model is named by its picker data, which no translation changes.
# Needs xvfb-run; the Chinese sets need a CJK font (fonts-wqy-microhei). Uses optipng when installed.
# Usage: docs/screenshots/make-screenshots.sh [BUILD_DIR] [SIZE-LANG-THEME ...]
#   (with names, only those sets are made again, e.g. 1366-de-dark; the tour is made only without names)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
[ $# -gt 0 ] && shift
exe="$build/bin/sandbench-screenshots"
[ -x "$exe" ] || { echo "build $exe first" >&2; exit 1; }
fc-list :lang=zh | grep -q . || echo "warning: no CJK font (apt-get install fonts-wqy-microhei): the zh sets show boxes" >&2

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

export LANG=C.UTF-8 LC_ALL=C.UTF-8

# demo NAME WxH LANGUAGE THEME: the whole tour into $work/NAME.
demo() {
    echo "== $1: $2, language $3, theme $4" >&2
    XDG_CONFIG_HOME="$work/$1/config" xvfb-run -a -s "-screen 0 ${2}x24" "$exe" --data-dir "$work/$1/data" \
        --window-size "$2" --language "$3" --theme "$4" \
        --demo-model "scripted::/scripts/sales-demo.json" --demo-attach "$work/sales.csv" \
        --demo-ask "Which region had the most revenue in sales.csv?" \
        --demo-ask "Show me revenue per quarter and region as a chart." \
        --demo-trace "$work/hosted-trace.json" \
        --demo-follow-up "Stack the bars so the quarterly totals are easier to compare." \
        --demo-panels \
        --screenshot-dir "$work/$1/shots"
}

# keep NAME: copies the overview shots of run NAME to NAME-SHOT.png.
keep() {
    for pair in 03-answer-2:main 06-files:files 07-history:history 11-logs:logs 12-settings:settings; do
        cp "$work/$1/shots/${pair%%:*}.png" "$here/$1-${pair#*:}.png"
    done
}

sets=""
for size in 1366x768 1920x1080; do
    for language in en de zh_CN; do
        for theme in light dark; do
            sets="$sets ${size%%x*}-${language%%_*}-$theme:$size:$language:$theme"
        done
    done
done

if [ $# -eq 0 ]; then
    rm -f "$here"/[0-9][0-9]-*.png "$here"/1920-*.png "$here"/1366-*.png
    demo tour 1366x768 en light
    cp "$work/tour/shots/"*.png "$here/"
    mv "$work/tour" "$work/1366-en-light"
    keep 1366-en-light
fi
for entry in $sets; do
    name=${entry%%:*}
    rest=${entry#*:}
    if [ $# -gt 0 ]; then
        case " $* " in *" $name "*) ;; *) continue ;; esac
    elif [ "$name" = 1366-en-light ]; then
        continue
    fi
    size=${rest%%:*}
    rest=${rest#*:}
    demo "$name" "$size" "${rest%%:*}" "${rest#*:}"
    keep "$name"
done

if command -v optipng >/dev/null 2>&1; then
    optipng -quiet -o2 "$here"/*.png
fi
ls -1 "$here"/*.png | wc -l
