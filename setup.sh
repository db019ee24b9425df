#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sandbench quick start: installs what is missing (Debian 12), builds, then runs the app or the tests.
#   ./setup.sh run [ARGS...]   build and start build/bin/sandbench with ARGS
#   ./setup.sh test            build and run the whole test suite
set -euo pipefail

# Debian packages the build, the tests and the sandbox need. Extend this list; keep one name per entry.
PACKAGES=(
    build-essential cmake ninja-build pkg-config git
    qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite qt6-websockets-dev qt6-httpserver-dev
    qtkeychain-qt6-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libgit2-dev libssl-dev zlib1g-dev libseccomp-dev libkf5syntaxhighlighting-tools
    clang libclang-rt-14-dev
    bubblewrap iproute2 curl openssl
    # Images of your own: layers unpacked by libarchive, Debian images built by mmdebstrap, busybox-static
    # for the image tests' small OCI archive.
    libarchive-dev mmdebstrap busybox-static
    # The notebook view's tables: the kernel's HTML parsed by libxml2.
    libxml2-dev
    python3 python3-pandas python3-matplotlib python3-numpy python3-requests
    python3-ipykernel
    xvfb xauth imagemagick libgl-dev
    # A font with Chinese glyphs, so 简体中文 renders (the window works without it, in empty boxes).
    fonts-wqy-microhei
)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR="${SANDBENCH_BUILD_DIR:-$ROOT/build}"

usage() {
    echo "usage: $0 run [ARGS...] | test" >&2
    exit 2
}

log() {
    echo "setup.sh: $*" >&2
}

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    else
        log "need root to run: $* (install sudo or run as root)"
        return 1
    fi
}

install_packages() {
    local wanted=("${PACKAGES[@]}")
    # Node may come from outside Debian (this is common); Debian's npm then conflicts with it.
    command -v node >/dev/null || wanted+=(nodejs)
    command -v npm >/dev/null || wanted+=(npm)

    local missing=() pkg
    for pkg in "${wanted[@]}"; do
        if [[ $(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null) != installed ]]; then
            missing+=("$pkg")
        fi
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        return 0
    fi

    log "installing ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

build() {
    local args=(-S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo)
    # An existing build tree keeps the generator it was made with.
    [[ -f $BUILD_DIR/CMakeCache.txt ]] || args+=(-G Ninja)
    cmake "${args[@]}"
    cmake --build "$BUILD_DIR" --parallel "$(nproc)"
}

run_tests() {
    if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
        export QT_QPA_PLATFORM=offscreen
    fi

    # npm-based API clients (tests/npm) get their dependencies before ctest runs them.
    if [[ -f $ROOT/tests/npm/package.json ]]; then
        npm ci --prefix "$ROOT/tests/npm"
    fi

    ctest --test-dir "$BUILD_DIR" --output-on-failure --no-tests=error -j2
}

[[ $# -ge 1 ]] || usage
command="$1"
shift

case "$command" in
run)
    install_packages
    build
    exec "$BUILD_DIR/bin/sandbench" "$@"
    ;;
test)
    [[ $# -eq 0 ]] || usage
    install_packages
    build
    run_tests
    ;;
*)
    usage
    ;;
esac
