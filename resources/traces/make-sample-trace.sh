#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Re-makes sales-demo.json, the sample trace the workbench offers in its empty Shell calls panel: the engine
# answers one Responses request ("Which region had the most revenue in sales.csv?", tool openrouter:shell) with
# the Scripted provider playing resources/scripts/sales-demo.json; the shell call runs in a real container on
# resources/samples/sales.csv and the local API's own Responses renderer writes the answer.
# Usage: resources/traces/make-sample-trace.sh [BUILD_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
exe="$build/bin/sandbench-sample-trace"
[ -x "$exe" ] || { echo "build $exe first (target sandbench-sample-trace)" >&2; exit 1; }
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
"$exe" "$data" "$here/sales-demo.json"
echo "wrote $here/sales-demo.json"
