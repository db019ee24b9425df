// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxsettings.h"

#include "base/datadir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

#include <QStandardPaths>

using namespace Qt::StringLiterals;

QString SandboxSettings::defaultDataDir()
{
    const QString env = qEnvironmentVariable("SANDBENCH_DATA_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

SandboxSettings SandboxSettings::forDataDir(const QString &dataDir, const QString &workspace)
{
    SandboxSettings s;
    s.dataDir = dataDir.isEmpty() ? defaultDataDir() : dataDir;
    // Whoever asks for a data dir's settings is about to read or write it: files made from now on are
    // private (an error shows when the first write fails).
    DataDir::open(s.dataDir);
    if (!workspace.isEmpty())
        s.workspace = workspace;
    return s;
}

QString SandboxSettings::resolvedInitPath() const
{
    if (!initPath.isEmpty())
        return initPath;
    return QCoreApplication::applicationDirPath() + u"/sandbench-init"_s;
}

QString SandboxSettings::workspaceDir() const
{
    return dataDir + u"/workspaces/"_s + workspace;
}

QString SandboxSettings::containersDir() const
{
    return workspaceDir() + u"/containers"_s;
}

QString SandboxSettings::containerDir(const QString &id) const
{
    return containersDir() + u'/' + id;
}

QString SandboxSettings::homeDir(const QString &id) const
{
    return containerDir(id) + u"/home"_s;
}

QString SandboxSettings::historyDir(const QString &id) const
{
    return containerDir(id) + u"/history.git"_s;
}

QString SandboxSettings::initLogPath(const QString &id) const
{
    return containerDir(id) + u"/init.log"_s;
}

uint SandboxSettings::sandboxHostUid()
{
    return geteuid() == 0 ? SB_ROOT_SANDBOX_HOST_ID : getuid();
}

uint SandboxSettings::sandboxHostGid()
{
    return geteuid() == 0 ? SB_ROOT_SANDBOX_HOST_ID : getgid();
}

QString SandboxSettings::runtimeDir(QString *error)
{
    const QString dir = QDir::tempPath() + u"/sandbench-"_s + QString::number(geteuid());
    const QByteArray path = QFile::encodeName(dir);
    if (::mkdir(path.constData(), 0700) != 0 && errno != EEXIST) {
        *error = QCoreApplication::translate("SandboxSettings", "cannot create %1: %2")
                     .arg(dir, QString::fromLocal8Bit(strerror(errno)));
        return {};
    }
    // Someone else may have made it first: accept only our own, private, real directory.
    struct stat st;
    if (::lstat(path.constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
        (st.st_mode & 077) != 0) {
        *error = QCoreApplication::translate("SandboxSettings",
                                             "%1 is not a private directory owned by this user; remove it")
                     .arg(dir);
        return {};
    }
    return dir;
}
