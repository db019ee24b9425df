#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Draws the panels' fallback icons (used when the desktop's icon theme has none) as 16 and 32 px PNGs.
# A developer tool only (needs ImageMagick); the PNGs are checked in so building needs no drawing tool.
# Each icon is drawn at 128 px and scaled down, which antialiases the strokes; one mid-grey reads on light
# and dark palettes alike.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
ink='#6a7889'
accent='#3d8fd6'
draw() { # name, ImageMagick draw arguments...
    local name=$1
    shift
    convert -size 128x128 xc:none -strokewidth 9 -stroke "$ink" -fill none "$@" big.png
    for size in 16 32; do
        convert big.png -filter Lanczos -resize "${size}x${size}" "$name-$size.png"
    done
    rm -f big.png
}
# Shell calls: a terminal window with a prompt.
draw shellcalls -draw 'roundrectangle 10,18 118,110 10,10' \
    -stroke "$accent" -draw 'polyline 32,48 52,64 32,80' -draw 'line 60,84 90,84'
# Files: a folder.
draw files -draw 'polygon 10,30 50,30 60,42 118,42 118,106 10,106'
# Documents: a page with a folded corner and lines.
draw documents -draw 'polygon 26,10 80,10 104,34 104,118 26,118' -draw 'polyline 80,10 80,34 104,34' \
    -stroke "$accent" -draw 'line 42,62 88,62' -draw 'line 42,82 88,82'
# Network: a globe.
draw network -draw 'circle 64,64 64,12' -draw 'ellipse 64,64 22,52 0,360' -draw 'line 12,64 116,64' \
    -draw 'line 22,38 106,38' -draw 'line 22,90 106,90'
# Guardrails: a shield with a check.
draw guardrails -draw 'path "M 64,10 L 110,28 L 110,62 C 110,92 88,110 64,120 C 40,110 18,92 18,62 L 18,28 Z"' \
    -stroke "$accent" -draw 'polyline 42,64 58,80 88,48'
# Logs: a list.
draw logs -draw 'line 44,30 114,30' -draw 'line 44,64 114,64' -draw 'line 44,98 114,98' \
    -stroke "$accent" -fill "$accent" -draw 'circle 20,30 26,30' -draw 'circle 20,64 26,64' \
    -draw 'circle 20,98 26,98'
# Other programs: two windows, one over the other.
draw apiactivity -draw 'rectangle 10,14 84,78' -draw 'line 10,30 84,30' -stroke "$accent" \
    -draw 'rectangle 44,50 118,114' -draw 'line 44,66 118,66'
# Table preview: a grid.
draw table -draw 'rectangle 10,18 118,110' -draw 'line 10,48 118,48' -draw 'line 10,79 118,79' \
    -draw 'line 46,18 46,110' -draw 'line 82,18 82,110'
# Conversations: a speech bubble.
draw conversations -draw 'path "M 20,14 L 108,14 Q 118,14 118,24 L 118,78 Q 118,88 108,88 L 52,88 L 28,112 L 30,88 L 20,88 Q 10,88 10,78 L 10,24 Q 10,14 20,14 Z"'
