// SPDX-License-Identifier: GPL-3.0-or-later
#include "imagecommands.h"
#include "cliutil.h"

#include "sandbox/images/imagestore.h"
#include "sandbox/sandboxsettings.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

QString usage()
{
    return u"Usage: sandbench images import PATH --name NAME [--json]\n"
           "       sandbench images build NAME [--packages PKG,PKG...] [--suite bookworm] [--mirror URL] "
           "[--json]\n"
           "       sandbench images list [--json]\n"
           "       sandbench images inspect NAME|ID [--json]\n"
           "       sandbench images rm NAME|ID\n"
           "PATH is an OCI image layout directory, an OCI archive (skopeo copy ... oci-archive:FILE, podman "
           "save\n"
           "--format oci-archive), a docker save archive, or a root-filesystem tar. A container runs on an "
           "image\n"
           "with 'sandbench exec --image NAME', the API's environment.image, 'sandbench workspaces set "
           "image\n"
           "NAME' or the window's Image picker.\n"
           "Examples:\n"
           "  docker save debian:12 -o debian.tar && sandbench images import debian.tar --name debian12\n"
           "  sandbench images build science --packages python3-pandas,r-base-core\n"
           "  sandbench images inspect science --json\n"_s;
}

QString humanSize(qint64 bytes)
{
    if (bytes >= 1024LL * 1024 * 1024)
        return u"%1 GiB"_s.arg(double(bytes) / (1024.0 * 1024 * 1024), 0, 'f', 1);
    if (bytes >= 1024 * 1024)
        return u"%1 MiB"_s.arg(double(bytes) / (1024.0 * 1024), 0, 'f', 1);
    return u"%1 KiB"_s.arg(double(bytes) / 1024.0, 0, 'f', 1);
}

QString pythonText(const ImageInfo &info)
{
    return info.hasPython() ? u"Python "_s + info.python : u"no python3"_s;
}

QString detail(const ImageInfo &info)
{
    QString text =
        u"name:      %1\nid:        sha256:%2\nsource:    %3\nos:        %4\npython:    %5\n"
        "shell:     %6\nsize:      %7 (%8 files, %9 layer(s))\n"_s.arg(displayName(info.name))
            .arg(info.id, info.source,
                 info.os.isEmpty() ? u"unknown (no /etc/os-release)"_s : displayName(info.os),
                 info.hasPython() ? info.python
                                  : u"none: Python code calls and the text editor cannot run here"_s,
                 info.hasBash ? u"bash"_s : u"sh (no bash)"_s, humanSize(info.sizeBytes))
            .arg(info.fileCount)
            .arg(info.layers);
    if (!info.packages.isEmpty()) {
        QStringList packages;
        for (const QString &p : info.packages)
            packages << displayName(p);
        text += u"packages:  %1\n"_s.arg(packages.join(u", "_s));
    }
    text += info.chainId.isEmpty()
                ? u"layers:    not checked (imported by an older version; import it again to check it)\n"_s
                : u"layers:    sha256:%1 (chain of the checked diff_ids)\n"_s.arg(info.chainId);
    text += u"imported:  %1\n"_s.arg(QDateTime::fromMSecsSinceEpoch(info.importedMs).toString(Qt::ISODate));
    return text;
}

void printJson(const QJsonValue &value)
{
    printOut(value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)
                             : QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented));
}

} // namespace

int runImagesCommand(const QStringList &args)
{
    QString action;
    const QStringList rest = withoutAction(args, &action);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Imports, builds, lists, inspects and removes the images containers can run "
        "on instead of the host's /usr."_s);
    const WorkspaceOptions common(u"Workspace name (images are shared by all)."_s);
    common.addTo(parser);
    const QCommandLineOption jsonOption(u"json"_s, u"Print JSON."_s);
    const QCommandLineOption nameOption(u"name"_s, u"import: the image's name."_s, u"name"_s);
    const QCommandLineOption packagesOption(
        u"packages"_s, u"build: Debian packages to include, comma-separated."_s, u"list"_s);
    const QCommandLineOption suiteOption(u"suite"_s, u"build: the Debian suite (default: bookworm)."_s,
                                         u"suite"_s);
    const QCommandLineOption mirrorOption(
        u"mirror"_s,
        u"build: the Debian mirror, an http://, https:// or file:// URL (default: deb.debian.org)."_s,
        u"url"_s);
    parser.addOptions({jsonOption, nameOption, packagesOption, suiteOption, mirrorOption});
    parser.addPositionalArgument(u"args"_s, u"PATH | NAME | ID"_s);
    if (const std::optional<int> exit = parseCommandLine(parser, rest, common, {usage(), false}))
        return *exit;
    const bool json = parser.isSet(jsonOption);
    const QStringList positional = parser.positionalArguments();
    const bool known = action == u"import"_s || action == u"build"_s || action == u"list"_s ||
                       action == u"inspect"_s || action == u"rm"_s;
    if (!known) {
        printErr((action.isEmpty() ? u"missing action\n\n"_s : u"unknown action '%1'\n\n"_s.arg(action)) +
                 usage());
        return ExitUsage;
    }
    const int wanted = action == u"list"_s ? 0 : 1;
    if (positional.size() != wanted) {
        printErr(
            u"'images %1' takes %2 argument(s), got %3\n\n"_s.arg(action).arg(wanted).arg(positional.size()) +
            usage());
        return ExitUsage;
    }
    const SandboxSettings settings = SandboxSettings::forDataDir(parser.value(common.dataDir));
    ImageStore store(settings.dataDir);
    QString error;

    if (action == u"list"_s) {
        const QList<ImageInfo> images = store.list();
        if (json) {
            QJsonArray out;
            for (const ImageInfo &info : images)
                out << info.toJson();
            printJson(QJsonObject{{u"images"_s, out}});
            return ExitOk;
        }
        if (images.isEmpty()) {
            printOut(
                u"No images. Import one with 'sandbench images import PATH --name NAME' or build one with "
                "'sandbench images build NAME --packages ...'.\n"_s);
            return ExitOk;
        }
        printOut(u"%1  %2  %3  %4  %5\n"_s.arg(u"NAME"_s, -20)
                     .arg(u"ID"_s, -12)
                     .arg(u"SIZE"_s, -10)
                     .arg(u"PYTHON"_s, -14)
                     .arg(u"OS"_s));
        for (const ImageInfo &info : images) {
            printOut(u"%1  %2  %3  %4  %5\n"_s.arg(displayName(info.name), -20)
                         .arg(info.shortId(), -12)
                         .arg(humanSize(info.sizeBytes), -10)
                         .arg(pythonText(info), -14)
                         .arg(info.os.isEmpty() ? u"unknown"_s : displayName(info.os)));
        }
        return ExitOk;
    }
    if (action == u"inspect"_s) {
        const std::optional<ImageInfo> info = store.find(positional.first());
        if (!info) {
            printErr(u"no image %1 (see sandbench images list)"_s.arg(displayName(positional.first(), true)));
            return ExitFailure;
        }
        if (json) {
            QJsonObject o = info->toJson();
            o.insert(u"containers"_s, QJsonArray::fromStringList(store.users(info->id)));
            printJson(o);
        } else {
            const QStringList users = store.users(info->id);
            printOut(detail(*info) +
                     u"used by:   %1\n"_s.arg(users.isEmpty() ? u"no container"_s : users.join(u", "_s)));
        }
        return ExitOk;
    }
    if (action == u"rm"_s) {
        if (!store.remove(positional.first(), &error)) {
            printErr(u"sandbench: "_s + error);
            return ExitFailure;
        }
        printOut(u"removed image %1\n"_s.arg(displayName(positional.first())));
        return ExitOk;
    }

    std::optional<ImageInfo> info;
    QElapsedTimer timer;
    timer.start();
    if (action == u"import"_s) {
        if (!parser.isSet(nameOption)) {
            printErr(u"'images import' needs --name NAME\n\n"_s + usage());
            return ExitUsage;
        }
        if (!ImageStore::isValidName(parser.value(nameOption))) {
            printErr(
                u"invalid --name: use 1 to 64 characters of A-Z, a-z, 0-9, ., _, : and -, starting with a "
                "letter or digit"_s);
            return ExitUsage;
        }
        info = store.importPath(positional.first(), parser.value(nameOption), &error);
    } else {
        const std::optional<QStringList> packages =
            ImageStore::parsePackages(parser.value(packagesOption), &error);
        if (!packages || !ImageStore::isValidName(positional.first())) {
            printErr(packages
                         ? u"invalid image name: use 1 to 64 characters of A-Z, a-z, 0-9, ., _, : and -"_s
                         : u"--packages: "_s + error);
            return ExitUsage;
        }
        if (!ImageStore::isValidMirror(parser.value(mirrorOption), &error)) {
            printErr(u"--mirror: "_s + error);
            return ExitUsage;
        }
        const QString suite = parser.isSet(suiteOption) ? parser.value(suiteOption) : u"bookworm"_s;
        info = store.build(positional.first(), *packages, suite, parser.value(mirrorOption), &error,
                           [json](const QString &line) {
                               if (!json)
                                   printErr(u"mmdebstrap: "_s + displayName(line));
                           });
    }
    if (!info) {
        printErr(u"sandbench: cannot %1 the image: %2"_s.arg(action, error));
        return ExitFailure;
    }
    if (json) {
        QJsonObject o = info->toJson();
        o.insert(u"elapsed_ms"_s, timer.elapsed());
        printJson(o);
    } else {
        printOut(detail(*info) + u"took:      %1 s\n"_s.arg(double(timer.elapsed()) / 1000.0, 0, 'f', 1));
        if (!info->hasPython())
            printOut(
                u"note: this image has no python3, so Python code calls and the text editor cannot run in "
                "its containers; shell commands can.\n"_s);
    }
    return ExitOk;
}
