// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/fileimport.h"

#include "sandbox/sandboxsettings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QtConcurrent>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("FileImport", text);
}

QString freeName(const QDir &dir, const QString &name)
{
    if (!dir.exists(name))
        return name;
    const QFileInfo info(name);
    const QString base = info.completeBaseName();
    const QString suffix = info.suffix().isEmpty() ? QString() : u"."_s + info.suffix();
    for (int i = 2;; ++i) {
        const QString candidate = base + u'-' + QString::number(i) + suffix;
        if (!dir.exists(candidate))
            return candidate;
    }
}
} // namespace

QString FileImport::check(const QString &source, qint64 maxBytes)
{
    const QFileInfo info(source);
    if (!info.exists())
        return tr("%1 does not exist.").arg(source);
    if (info.isDir())
        return tr("%1 is a folder; attach files one by one.").arg(info.fileName());
    if (!info.isFile())
        return tr("%1 is not a regular file.").arg(info.fileName());
    if (!info.isReadable())
        return tr("%1 cannot be read.").arg(info.fileName());
    if (maxBytes > 0 && info.size() > maxBytes)
        return tr("%1 is %2, more than the %3 an upload may have.")
            .arg(info.fileName(), QLocale().formattedDataSize(info.size()),
                 QLocale().formattedDataSize(maxBytes));
    return {};
}

ImportResult FileImport::run(const QString &source, const QString &homeDir, qint64 maxBytes)
{
    ImportResult result;
    result.error = check(source, maxBytes);
    if (!result.error.isEmpty())
        return result;
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        result.error = tr("%1 cannot be read: %2").arg(QFileInfo(source).fileName(), in.errorString());
        return result;
    }
    QDir home(homeDir);
    if (!home.exists() && !QDir().mkpath(homeDir)) {
        result.error = tr("Cannot create the container's home folder %1.").arg(homeDir);
        return result;
    }
    result.fileName = freeName(home, QFileInfo(source).fileName());
    result.hostPath = home.filePath(result.fileName);
    result.sandboxPath = QString::fromLatin1(SandboxHome) + u'/' + result.fileName;
    QFile out(result.hostPath);
    if (!out.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
        result.error = tr("Cannot write %1: %2").arg(result.hostPath, out.errorString());
        return result;
    }
    QByteArray buffer;
    buffer.resize(1 << 20);
    qint64 total = 0;
    for (;;) {
        const qint64 n = in.read(buffer.data(), buffer.size());
        if (n < 0 || (n > 0 && out.write(buffer.constData(), n) != n)) {
            result.error = tr("Copying %1 failed: %2")
                               .arg(result.fileName, n < 0 ? in.errorString() : out.errorString());
            out.remove();
            return result;
        }
        if (n == 0)
            break;
        total += n;
        // The source may have grown since check().
        if (maxBytes > 0 && total > maxBytes) {
            result.error = tr("%1 grew beyond the upload limit while it was copied.").arg(result.fileName);
            out.remove();
            return result;
        }
    }
    out.close();
    if (::geteuid() == 0) {
        // The sandbox user maps to this host id; without the chown commands could not modify the file.
        if (::chown(QFile::encodeName(result.hostPath).constData(), SandboxSettings::sandboxHostUid(),
                    SandboxSettings::sandboxHostGid()) != 0) {
            result.error = tr("Cannot hand %1 to the sandbox user: %2")
                               .arg(result.fileName, QString::fromLocal8Bit(strerror(errno)));
            QFile::remove(result.hostPath);
            return result;
        }
    }
    result.size = total;
    result.ok = true;
    return result;
}

QFuture<ImportResult> FileImport::start(const QString &source, const QString &homeDir, qint64 maxBytes)
{
    return QtConcurrent::run([source, homeDir, maxBytes] { return run(source, homeDir, maxBytes); });
}
