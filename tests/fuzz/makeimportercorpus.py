#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the seed corpus of fuzz_importer (corpus/importer/): small hostile archives, each aimed at one way
# out of the tree. Run from this folder: python3 makeimportercorpus.py. The harness unpacks each input over a
# lower tree holding etc/passwd, opt/keep/x, hostlink -> <outside>/dir and up -> ../../outside, with
# <outside>/canary next to the tree.
import gzip
import io
import lzma
import bz2
import os
import tarfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "importer")


def entry(name, kind="file", data=b"", target="", mode=0o644, size=None):
    info = tarfile.TarInfo(name)
    info.mode = mode
    info.mtime = 1700000000
    if kind == "dir":
        info.type = tarfile.DIRTYPE
        info.mode = 0o755
    elif kind == "sym":
        info.type = tarfile.SYMTYPE
        info.linkname = target
    elif kind == "hard":
        info.type = tarfile.LNKTYPE
        info.linkname = target
    elif kind == "chr":
        info.type = tarfile.CHRTYPE
        info.devmajor, info.devminor = 1, 3
    elif kind == "fifo":
        info.type = tarfile.FIFOTYPE
    info.size = len(data) if kind == "file" else 0
    return info, (data if kind == "file" else None), size


def tar(entries, fmt=tarfile.PAX_FORMAT):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=fmt) as t:
        for info, data, _ in entries:
            t.addfile(info, io.BytesIO(data) if data is not None else None)
    return buf.getvalue()


def write(name, data):
    assert len(data) <= 65536, name
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


os.makedirs(OUT, exist_ok=True)
E = entry
write("normal.tar", tar([E("etc", "dir"), E("etc/os-release", data=b'PRETTY_NAME="x"\n'), E("usr", "dir"),
                         E("usr/bin", "dir"), E("usr/bin/sh", data=b"#!", mode=0o755),
                         E("bin", "sym", target="usr/bin"), E("usr/bin/ls", "hard", target="usr/bin/sh"),
                         E("run", "fifo")]))
write("normal.tar.gz", gzip.compress(tar([E("a", "dir"), E("a/b", data=b"x" * 100)]), mtime=0))
write("normal.tar.xz", lzma.compress(tar([E("a", "dir"), E("a/b", data=b"y" * 100)])))
write("normal.tar.bz2", bz2.compress(tar([E("a", "dir"), E("a/b", data=b"z" * 100)])))
write("link-then-file.tar", tar([E("b", "sym", target="../../outside/canary"), E("b/x", data=b"pwned")]))
write("link-to-lower-link.tar", tar([E("hostlink/new", data=b"pwned"), E("up/canary", data=b"pwned"),
                                     E("up/dir/new", data=b"pwned")]))
write("absolute-links.tar", tar([E("d", "sym", target="/tmp"), E("d/new", data=b"pwned"),
                                 E("e", "sym", target="/"), E("e/tmp/new", data=b"pwned")]))
write("absolute-path.tar", tar([E("/tmp/new", data=b"pwned"), E("//etc/x", data=b"pwned")]))
write("dotdot.tar", tar([E("a", "dir"), E("a/../../x", data=b"pwned"), E("../x", data=b"pwned"),
                         E("./../outside/new", data=b"pwned")], fmt=tarfile.GNU_FORMAT))
write("hardlink-out.tar", tar([E("x", "hard", target="../../outside/canary"),
                               E("y", "hard", target="hostlink/../canary"), E("z", "hard", target="up/canary"),
                               E("w", "hard", target="/etc/passwd")]))
write("whiteouts.tar", tar([E(".wh..", data=b""), E("a/.wh..", data=b""), E("hostlink/.wh.canary"),
                            E("up/.wh.canary"), E("up/.wh..wh..opq"), E("hostlink/.wh..wh..opq"),
                            E("etc/.wh..wh..opq"), E("opt/.wh.keep"), E(".wh..wh..opq"), E(".wh.up")]))
write("opaque-after-files.tar", tar([E("opt", "dir"), E("opt/new", data=b"n"), E("opt/.wh..wh..opq"),
                                     E("opt/keep", "dir"), E("opt/keep/y", data=b"y")]))
deep = []
path = ""
for i in range(300):
    path = path + "/d" if path else "d"
    deep.append(E(path, "dir"))
deep.append(E(path + "/bottom", data=b"deep"))
write("deep.tar.gz", gzip.compress(tar(deep), mtime=0))
chain = [E("l0", "sym", target=".")]
for i in range(1, 60):
    chain.append(E("l%d" % i, "sym", target="./" * 200 + "l%d/l%d" % (i - 1, i - 1)))
chain.append(E("l59/x", data=b"through the chain"))
write("chained-links.tar.gz", gzip.compress(tar(chain), mtime=0))
write("replace.tar", tar([E("a", "dir"), E("a/b", "dir"), E("a/b/c", data=b"c"), E("a", data=b"file now"),
                          E("a", "dir"), E("a", "sym", target="/etc"), E("a/x", data=b"pwned"),
                          E("etc", data=b"replaces the lower dir")]))
# A header that declares 8 GiB and holds 10 bytes, then one declaring a negative-looking size.
huge = bytearray(tar([E("big", data=b"0123456789")], fmt=tarfile.USTAR_FORMAT))
huge[124:136] = b"%011o\0" % ((8 << 30) - 1)
chk = sum(huge[:148]) + 8 * 32 + sum(huge[156:512])
huge[148:156] = b"%06o\0 " % chk
write("huge-size.tar", bytes(huge))
write("many-entries.tar.gz", gzip.compress(tar([E("f%d" % i) for i in range(3000)], fmt=tarfile.USTAR_FORMAT), mtime=0))
write("devices.tar", tar([E("dev", "dir"), E("dev/mem", "chr"), E("dev/null", "chr")]))
write("long-names.tar", tar([E("n" * 300, data=b"x"), E("a/" + "m" * 255, data=b"y"), E("s", "sym", target="t" * 5000)]))
