// SPDX-License-Identifier: GPL-3.0-or-later
// Image import: time and size for the busybox OCI archive the tests build, and with --mmdebstrap (or
// SANDBENCH_BENCH_MMDEBSTRAP=1) for Debian 12 + python3 built by mmdebstrap from deb.debian.org. Each image
// then runs one command in a real container, timed against the host's /usr.
#include "sandbox/container.h"
#include "sandbox/containermanager.h"
#include "sandbox/images/imagestore.h"
#include "sandbox/ocitestutil.h"
#include "sandbox/shellcall.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

double mib(qint64 bytes)
{
    return double(bytes) / (1024.0 * 1024.0);
}

// Runs command in a new container on image (empty: the host's); prints its first output line and the time
// from run() to the end (a cold start included).
void runOn(ContainerManager &manager, const QString &image, const QString &command)
{
    QString error;
    Container *c = manager.create(&error);
    if (!c || !ImageStore(manager.settings().dataDir).applyTo(c, image, &error)) {
        printf("  container: %s\n", qPrintable(error));
        return;
    }
    ShellAction action;
    action.commands = {command};
    action.timeoutMs = 60000;
    action.maxOutputLength = 4096;
    QElapsedTimer t;
    t.start();
    ShellCall *call = c->run(action);
    QTest::qWaitFor([call] { return call->isFinished(); }, 120000);
    const QString out = call->results().isEmpty() ? call->errorString()
                                                  : call->results().first().stdoutText.section(u'\n', 0, 0);
    printf("  %-22s cold start + `%s`: %5lld ms -> %s\n", image.isEmpty() ? "host /usr" : qPrintable(image),
           qPrintable(command), t.elapsed(), qPrintable(out));
    c->stop();
}

void report(const char *what, qint64 archiveBytes, qint64 ms, const ImageInfo &info)
{
    printf("%s\n  archive %.1f MiB, import %lld ms, unpacked %.1f MiB in %lld files, %d layer(s)\n  %s\n",
           what, mib(archiveBytes), ms, mib(info.sizeBytes), info.fileCount, info.layers,
           qPrintable(ImageStore::summary(info)));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool debian = app.arguments().contains(u"--mmdebstrap"_s) ||
                        qEnvironmentVariableIntValue("SANDBENCH_BENCH_MMDEBSTRAP") == 1;
    QTemporaryDir dir;
    SandboxSettings settings = SandboxSettings::forDataDir(dir.path() + u"/data"_s, u"bench"_s);
    settings.initPath = QStringLiteral(SANDBENCH_BIN_DIR "/sandbench-init");
    ContainerManager manager(settings);
    ImageStore store(settings.dataDir);
    QString error;

    // 1. The tests' two-layer busybox OCI archive (Debian's busybox-static).
    const QByteArray archive = OciTest::busyboxOciArchive();
    const QString path = dir.path() + u"/busybox-oci.tar"_s;
    if (OciTest::busybox().isEmpty() || !OciTest::writeFile(path, archive)) {
        fprintf(stderr, "bench_images: /bin/busybox is missing (apt-get install busybox-static)\n");
        return 1;
    }
    QElapsedTimer t;
    t.start();
    const std::optional<ImageInfo> bb = store.importPath(path, u"busybox"_s, &error);
    const qint64 bbMs = t.elapsed();
    if (!bb) {
        fprintf(stderr, "bench_images: busybox import failed: %s\n", qPrintable(error));
        return 1;
    }
    report("busybox OCI archive (2 layers, whiteouts)", archive.size(), bbMs, *bb);
    runOn(manager, QString(), u"ls /usr/bin | wc -l"_s);
    runOn(manager, u"busybox"_s, u"ls /usr/bin | wc -l"_s);

    if (!debian) {
        printf("Debian 12 + python3 via mmdebstrap: skipped (needs deb.debian.org; run with --mmdebstrap)\n");
        return 0;
    }
    // 2. Debian 12 + python3: mmdebstrap to a tar (timed on its own), then the import of that tar.
    const QString tar = dir.path() + u"/debian12-python3.tar"_s;
    QProcess mm;
    mm.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    t.restart();
    mm.start(u"mmdebstrap"_s, {u"--variant=apt"_s, u"--format=tar"_s, u"--skip=output/dev"_s,
                               u"--include=python3"_s, u"bookworm"_s, tar});
    if (!mm.waitForFinished(30 * 60 * 1000) || mm.exitCode() != 0) {
        fprintf(stderr, "bench_images: mmdebstrap failed (exit %d)\n", mm.exitCode());
        return 1;
    }
    const qint64 buildMs = t.elapsed();
    t.restart();
    const std::optional<ImageInfo> deb = store.importPath(tar, u"debian12-python3"_s, &error);
    const qint64 debMs = t.elapsed();
    if (!deb) {
        fprintf(stderr, "bench_images: Debian import failed: %s\n", qPrintable(error));
        return 1;
    }
    printf("Debian 12 + python3: mmdebstrap %lld ms\n", buildMs);
    report("Debian 12 + python3 rootfs tar (mmdebstrap)", QFileInfo(tar).size(), debMs, *deb);
    runOn(manager, u"debian12-python3"_s, u"python3 --version"_s);
    runOn(manager, u"debian12-python3"_s, u". /etc/os-release; echo $PRETTY_NAME"_s);
    return 0;
}
