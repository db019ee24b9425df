// SPDX-License-Identifier: GPL-3.0-or-later
// The image importer's unpacker reads archives from anyone. Each input is unpacked as a layer over a small
// lower tree (a file, a directory, a link to a directory outside) in a scratch directory, then the tree is
// removed. It must never touch what lies outside the tree: a canary file and a directory next to it keep
// their mode, content and entries, whatever the archive's links, "..", hard links and whiteouts. It must
// leave no descriptor open and be able to remove everything it made.
#include "sandbox/images/layerunpacker.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

QByteArray g_base;    // <tmp>/sandbench-fuzz-importer-XXXXXX
QByteArray g_outside; // g_base/outside: canary (0600) and dir/
int g_workFd = -1;    // g_base/work, where each input's tree "t" goes
int g_memFd = -1;

void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_importer: %s\n", what);
        abort();
    }
}

int countFds()
{
    int n = 0;
    DIR *d = opendir("/proc/self/fd");
    while (d && readdir(d))
        ++n;
    if (d)
        closedir(d);
    return n;
}

void checkOutside()
{
    struct stat st;
    check(stat((g_outside + "/canary").constData(), &st) == 0 && (st.st_mode & 07777) == 0600 &&
              st.st_size == 7 && st.st_nlink == 1,
          "the canary outside the tree changed");
    int entries = 0;
    DIR *d = opendir(g_outside.constData());
    check(d, "the directory outside the tree is gone");
    while (const dirent *e = readdir(d))
        entries += e->d_name[0] != '.';
    closedir(d);
    check(entries == 2, "something was created outside the tree");
    d = opendir((g_outside + "/dir").constData());
    check(d, "the directory outside the tree is gone");
    entries = 0;
    while (const dirent *e = readdir(d))
        entries += e->d_name[0] != '.';
    closedir(d);
    check(entries == 0, "something was created in the directory outside the tree");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv);
    // A memory file system when there is one: each input makes and removes a tree, which a disk's journal
    // slows twenty-fold.
    const QByteArray tmp =
        access("/dev/shm", W_OK) == 0 ? QByteArray("/dev/shm") : QDir::tempPath().toLocal8Bit();
    QByteArray buffer = tmp + "/sandbench-fuzz-importer-XXXXXX";
    check(mkdtemp(buffer.data()), "cannot create the scratch directory");
    g_base = buffer;
    g_outside = g_base + "/outside";
    check(mkdir(g_outside.constData(), 0755) == 0 && mkdir((g_outside + "/dir").constData(), 0755) == 0 &&
              mkdir((g_base + "/work").constData(), 0755) == 0,
          "cannot create the scratch directories");
    const int canary = ::open((g_outside + "/canary").constData(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    check(canary >= 0 && ::write(canary, "canary\n", 7) == 7 && fchmod(canary, 0600) == 0,
          "cannot write the canary");
    ::close(canary);
    g_workFd = ::open((g_base + "/work").constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    g_memFd = memfd_create("fuzz-importer-input", MFD_CLOEXEC);
    check(g_workFd >= 0 && g_memFd >= 0, "cannot open the work directory");
    atexit([] {
        QString error;
        LayerUnpacker::removeTreeAtPath(QString::fromLocal8Bit(g_base), &error);
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const int fdsBefore = countFds();
    check(ftruncate(g_memFd, 0) == 0 && pwrite(g_memFd, data, size, 0) == ssize_t(size),
          "cannot write input");

    // The lower tree: etc/passwd, opt/keep/x, a link to the outside directory (absolute) and one climbing.
    check(mkdirat(g_workFd, "t", 0755) == 0, "the previous tree was not removed");
    const int root = openat(g_workFd, "t", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    check(root >= 0, "cannot open the tree");
    mkdirat(root, "etc", 0755);
    mkdirat(root, "opt", 0755);
    mkdirat(root, "opt/keep", 0755);
    const int f = openat(root, "etc/passwd", O_WRONLY | O_CREAT, 0644);
    ::close(f);
    const int x = openat(root, "opt/keep/x", O_WRONLY | O_CREAT, 0644);
    ::close(x);
    symlinkat((g_outside + "/dir").constData(), root, "hostlink");
    symlinkat("../../outside", root, "up");

    {
        ImportBudget budget;
        budget.limits.maxBytes = 4 << 20;
        budget.limits.maxEntries = 20000;
        budget.limits.maxDepth = 64;
        budget.limits.maxPathBytes = 1024;
        QString error;
        LayerUnpacker unpacker(root, &budget);
        LayerUnpacker::Digests digests;
        const LayerUnpacker::Mode mode =
            size > 0 && (data[size - 1] & 1) ? LayerUnpacker::Mode::Plain : LayerUnpacker::Mode::Layer;
        (void)unpacker.unpack(g_memFd, QStringLiteral("input"), mode, &digests, &error);
        check(budget.entries <= budget.limits.maxEntries + 1, "more entries than the limit");
        check(budget.bytes <= budget.limits.maxBytes, "more bytes than the limit");
        check(budget.steps <= 16 * (budget.entries + 1) * 64 + 64, "work not linear in the entries");
    }
    ::close(root);
    checkOutside();
    QString error;
    check(LayerUnpacker::removeTree(g_workFd, "t", &error), "cannot remove the tree");
    struct stat st;
    check(fstatat(g_workFd, "t", &st, AT_SYMLINK_NOFOLLOW) != 0, "the tree is still there");
    check(countFds() == fdsBefore, "a descriptor was left open");
    return 0;
}
