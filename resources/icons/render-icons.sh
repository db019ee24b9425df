#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders sandbench.svg to the PNG sizes the application embeds. A developer tool only (needs librsvg2-bin);
# the PNGs are checked in so building needs no SVG renderer.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
for size in 32 256; do
    rsvg-convert --width "$size" --height "$size" --output "sandbench-$size.png" sandbench.svg
done
