// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor.h"

#include "container.h"
#include "shellcall.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRandomGenerator>

#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QString readTrimmed(const QString &path, bool *exists = nullptr)
{
    QFile f(path);
    const bool ok = f.open(QIODevice::ReadOnly);
    if (exists)
        *exists = ok;
    return ok ? QString::fromUtf8(f.readAll()).trimmed() : QString();
}

DoctorCheck userNamespaceCheck()
{
    DoctorCheck c;
    const bool root = geteuid() == 0;
    c.check = root ? u"user namespaces (privileged)"_s : u"user namespaces (unprivileged)"_s;
    bool hasMax = false;
    const int max = readTrimmed(u"/proc/sys/user/max_user_namespaces"_s, &hasMax).toInt();
    if (hasMax && max <= 0) {
        c.detail = u"/proc/sys/user/max_user_namespaces is 0"_s;
        c.fix = u"sysctl -w user.max_user_namespaces=15000 (and set it in /etc/sysctl.d/)"_s;
        return c;
    }
    if (!root) {
        bool hasClone = false;
        const QString clone = readTrimmed(u"/proc/sys/kernel/unprivileged_userns_clone"_s, &hasClone);
        if (hasClone && clone == u"0"_s) {
            c.detail = u"kernel.unprivileged_userns_clone is 0"_s;
            c.fix = u"sysctl -w kernel.unprivileged_userns_clone=1 (and set it in /etc/sysctl.d/)"_s;
            return c;
        }
        bool hasAppArmor = false;
        const QString aa =
            readTrimmed(u"/proc/sys/kernel/apparmor_restrict_unprivileged_userns"_s, &hasAppArmor);
        if (hasAppArmor && aa == u"1"_s) {
            c.detail = u"AppArmor restricts unprivileged user namespaces "
                       "(kernel.apparmor_restrict_unprivileged_userns=1)"_s;
            c.fix = u"add an AppArmor profile granting 'userns,' to sandbench-init, or run "
                    "sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"_s;
            return c;
        }
    }
    c.ok = true;
    c.detail = hasMax ? u"max_user_namespaces=%1"_s.arg(max) : u"available"_s;
    return c;
}

QList<DoctorCheck> cgroupChecks()
{
    QList<DoctorCheck> out;
    DoctorCheck version;
    version.check = u"cgroup version"_s;
    version.required = false;
    DoctorCheck writable;
    writable.check = u"cgroup controllers writable"_s;
    writable.required = false;

    // Our own cgroup paths, per hierarchy ("0::/path" is v2, "N:ctrl,ctrl:/path" is v1).
    QMap<QString, QString> v1Paths;
    QString v2Path;
    const QString self = readTrimmed(u"/proc/self/cgroup"_s);
    for (const QString &line : self.split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList parts = line.split(u':');
        if (parts.size() < 3)
            continue;
        const QString path = parts.mid(2).join(u':');
        if (parts.at(1).isEmpty())
            v2Path = path;
        for (const QString &ctrl : parts.at(1).split(u',', Qt::SkipEmptyParts))
            v1Paths.insert(ctrl, path);
    }

    QStringList ok, missing;
    if (QFileInfo::exists(u"/sys/fs/cgroup/cgroup.controllers"_s)) {
        version.ok = true;
        version.detail = u"v2 (unified)"_s;
        const QString dir = u"/sys/fs/cgroup"_s + v2Path;
        const QStringList available =
            readTrimmed(u"/sys/fs/cgroup/cgroup.controllers"_s).split(u' ', Qt::SkipEmptyParts);
        const bool canWrite = ::access(QFile::encodeName(dir).constData(), W_OK) == 0;
        for (const QString &ctrl : {u"memory"_s, u"pids"_s, u"cpu"_s}) {
            if (available.contains(ctrl) && canWrite)
                ok << ctrl;
            else
                missing << ctrl;
        }
    } else if (!v1Paths.isEmpty()) {
        version.ok = true;
        version.detail = u"v1 (legacy hierarchies)"_s;
        for (const QString &ctrl : {u"memory"_s, u"pids"_s, u"cpu"_s}) {
            const QString dir = u"/sys/fs/cgroup/"_s + ctrl + v1Paths.value(ctrl, u"/"_s);
            if (::access(QFile::encodeName(dir).constData(), W_OK) == 0)
                ok << ctrl;
            else
                missing << ctrl;
        }
    } else {
        version.detail = u"no cgroup filesystem found"_s;
        version.fix = u"mount cgroup2 on /sys/fs/cgroup; without it only rlimits apply"_s;
        missing << u"memory"_s << u"pids"_s << u"cpu"_s;
    }
    writable.ok = missing.isEmpty();
    writable.detail = ok.isEmpty() ? u"none"_s : ok.join(u", "_s);
    if (!missing.isEmpty()) {
        writable.detail += u" (not writable: %1)"_s.arg(missing.join(u", "_s));
        writable.fix =
            u"run the engine as root or with a delegated cgroup (systemd-run --user --scope -p "
            "Delegate=yes sandbench ...); otherwise memory and process limits fall back to rlimits "
            "and CPU is not limited"_s;
    }
    out << version << writable;
    return out;
}

DoctorCheck seccompCheck()
{
    DoctorCheck c;
    c.check = u"seccomp filters"_s;
    const bool hasActions = QFileInfo::exists(u"/proc/sys/kernel/seccomp/actions_avail"_s);
    const int mode = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
    if (mode < 0 || !hasActions) {
        c.detail = u"the kernel does not offer seccomp filters"_s;
        c.fix = u"use a kernel built with CONFIG_SECCOMP_FILTER"_s;
        return c;
    }
    c.ok = true;
    c.detail = readTrimmed(u"/proc/sys/kernel/seccomp/actions_avail"_s);
    return c;
}

struct InotifyUse
{
    int instances = 0;
    qint64 watches = 0;
    bool complete = true; // every process of ours could be looked at
};

// The inotify instances and watches of this user's processes, from /proc/PID/fd and fdinfo (what the kernel
// counts against max_user_instances and max_user_watches). Bounded: a machine with more open descriptors
// than this is reported as "at least".
InotifyUse inotifyInUse()
{
    constexpr int kMaxDescriptors = 200000;
    InotifyUse use;
    const uid_t uid = geteuid();
    int seen = 0;
    const QStringList pids = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        if (pid.isEmpty() || !pid.at(0).isDigit())
            continue;
        struct stat st;
        const QByteArray procDir = QFile::encodeName(u"/proc/"_s + pid);
        if (::stat(procDir.constData(), &st) != 0 || st.st_uid != uid)
            continue;
        const QString fdDir = u"/proc/"_s + pid + u"/fd"_s;
        const QStringList fds = QDir(fdDir).entryList(QDir::System | QDir::Files | QDir::NoDotAndDotDot);
        for (const QString &fd : fds) {
            if (++seen > kMaxDescriptors) {
                use.complete = false;
                return use;
            }
            char target[32] = {};
            const QByteArray link = QFile::encodeName(fdDir + u'/' + fd);
            if (::readlink(link.constData(), target, sizeof target - 1) <= 0 ||
                qstrcmp(target, "anon_inode:inotify") != 0)
                continue;
            ++use.instances;
            QFile info(u"/proc/"_s + pid + u"/fdinfo/"_s + fd);
            if (info.open(QIODevice::ReadOnly))
                use.watches += info.read(16 << 20).count("inotify wd:");
        }
    }
    return use;
}

// Change watching (ChangeWatcher) needs one inotify instance and up to 8192 watches per awake container,
// taking at most half of max_user_watches; without them saves still work, by scanning every file.
DoctorCheck inotifyCheck()
{
    DoctorCheck c;
    c.check = u"inotify (change watching)"_s;
    c.required = false;
    const qint64 instances = readTrimmed(u"/proc/sys/fs/inotify/max_user_instances"_s).toLongLong();
    const qint64 watches = readTrimmed(u"/proc/sys/fs/inotify/max_user_watches"_s).toLongLong();
    if (instances <= 0 || watches <= 0) {
        c.detail = u"not available (/proc/sys/fs/inotify is missing)"_s;
        c.fix = u"use a kernel with CONFIG_INOTIFY_USER; without it every save scans the whole home"_s;
        return c;
    }
    const InotifyUse use = inotifyInUse();
    const QString atLeast = use.complete ? QString() : u"at least "_s;
    c.detail = u"max_user_instances=%1 (in use: %2%3), max_user_watches=%4 (in use: %2%5)"_s.arg(instances)
                   .arg(atLeast)
                   .arg(use.instances)
                   .arg(watches)
                   .arg(use.watches);
    constexpr qint64 kLowWatches = 65536;
    const bool watchesLow = watches < kLowWatches || use.watches * 10 > watches * 8;
    const bool instancesLow = use.instances >= instances;
    c.ok = !watchesLow && !instancesLow;
    if (!c.ok) {
        c.fix = u"raise the limits: sysctl -w fs.inotify.max_user_watches=524288 "
                "fs.inotify.max_user_instances=512 (and set them in /etc/sysctl.d/); until then large or "
                "many containers are scanned in full on every save"_s;
    }
    return c;
}

} // namespace

Doctor::Doctor(const SandboxSettings &settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{}

Doctor::~Doctor()
{
    if (m_container) {
        delete m_container;
        QDir(m_settings.containerDir(m_containerId)).removeRecursively();
    }
}

QList<DoctorCheck> Doctor::systemChecks(const SandboxSettings &settings)
{
    QList<DoctorCheck> checks;
    checks << userNamespaceCheck() << cgroupChecks() << seccompCheck() << inotifyCheck();
    DoctorCheck init;
    init.check = u"sandbench-init"_s;
    const QString path = settings.resolvedInitPath();
    init.ok = ::access(QFile::encodeName(path).constData(), X_OK) == 0;
    init.detail = path;
    if (!init.ok)
        init.fix = u"build the sandbench-init target or set the init path in the settings"_s;
    checks << init;
    return checks;
}

bool Doctor::canRun() const
{
    if (!m_finished)
        return false;
    for (const DoctorCheck &c : m_checks) {
        if (c.required && !c.ok)
            return false;
    }
    return true;
}

void Doctor::run()
{
    m_finished = false;
    m_enforcement.clear();
    m_checks = systemChecks(m_settings);
    QMetaObject::invokeMethod(this, &Doctor::containerCheck, Qt::QueuedConnection);
}

void Doctor::containerCheck()
{
    m_containerId = u"doctor_"_s + QString::number(QRandomGenerator::system()->generate64(), 36);
    m_container = new Container(m_containerId, m_settings, this);
    ShellAction action;
    action.commands = {u"id -u; hostname"_s};
    action.timeoutMs = 30000;
    ShellCall *call = m_container->run(action);
    connect(call, &ShellCall::finished, this, [this, call] {
        DoctorCheck c;
        c.check = u"start a container and run `id -u; hostname`"_s;
        const QList<CommandResult> results = call->results();
        if (results.size() == 1 && results.first().outcome == CommandOutcome::exit(0)) {
            const QStringList lines = results.first().stdoutText.split(u'\n', Qt::SkipEmptyParts);
            c.ok = !lines.isEmpty() && lines.first() == u"1000"_s;
            c.detail = u"uid %1, hostname %2"_s.arg(lines.value(0), lines.value(1));
            if (!c.ok)
                c.fix = u"the sandbox user is not uid 1000; see the init log at %1"_s.arg(
                    m_settings.initLogPath(m_containerId));
        } else {
            QString why = call->errorString();
            if (results.size() == 1)
                why = u"exit %1: %2"_s.arg(results.first().outcome.exitCode)
                          .arg(results.first().stderrText.trimmed());
            c.detail = why.isEmpty() ? u"the command did not run"_s : why;
            c.fix = u"fix the failed checks above; the init log is %1"_s.arg(
                m_settings.initLogPath(m_containerId));
        }
        m_checks << c;
        m_enforcement = m_container->enforcement();
        for (auto it = m_enforcement.cbegin(); it != m_enforcement.cend(); ++it) {
            DoctorCheck e;
            e.check = u"enforced: %1"_s.arg(it.key());
            e.detail = it.value();
            e.required = false;
            // "none" is the good answer for keys like capabilities or network; only these are weakened by it.
            static const QStringList limitKeys{u"cgroup"_s, u"cpu"_s,     u"memory"_s,      u"pids"_s,
                                               u"fsize"_s,  u"seccomp"_s, u"no_new_privs"_s};
            e.ok = !limitKeys.contains(it.key()) || !(it.value() == u"none"_s || it.value() == u"off"_s);
            if (!e.ok)
                e.fix = it.key() == u"cpu"_s ? u"CPU limits need a writable cgroup cpu controller"_s
                                             : u"not enforced on this machine"_s;
            m_checks << e;
        }
        finish();
    });
}

void Doctor::finish()
{
    if (m_container) {
        // The check's command is still being saved to its history: remove the container's files only once
        // its history has closed them (ContainerHistory waits for queued work when it is destroyed).
        const QString dir = m_settings.containerDir(m_containerId);
        connect(m_container->historyStore(), &QObject::destroyed, [dir] { QDir(dir).removeRecursively(); });
        m_container->stop();
        m_container->deleteLater();
        m_container = nullptr;
    }
    m_finished = true;
    Q_EMIT finished();
}

QString Doctor::report() const
{
    int width = 0;
    for (const DoctorCheck &c : m_checks)
        width = qMax(width, int(c.check.size()));
    QString out;
    for (const DoctorCheck &c : m_checks) {
        const QString mark = c.ok ? u"ok  "_s : (c.required ? u"FAIL"_s : u"warn"_s);
        out += u"%1  %2  %3\n"_s.arg(mark, c.check.leftJustified(width), c.detail);
    }
    QString fixes;
    for (const DoctorCheck &c : m_checks) {
        if (!c.ok && !c.fix.isEmpty())
            fixes += u"  - %1: %2\n"_s.arg(c.check, c.fix);
    }
    if (!fixes.isEmpty())
        out += u"\nTo fix:\n"_s + fixes;
    out += canRun() ? u"\nSandboxes can run on this machine.\n"_s
                    : u"\nSandboxes cannot run on this machine.\n"_s;
    return out;
}

QJsonObject Doctor::toJson() const
{
    QJsonArray checks;
    for (const DoctorCheck &c : m_checks) {
        checks.append(QJsonObject{{u"check"_s, c.check},
                                  {u"ok"_s, c.ok},
                                  {u"detail"_s, c.detail},
                                  {u"fix"_s, c.fix},
                                  {u"required"_s, c.required}});
    }
    QJsonObject enforcement;
    for (auto it = m_enforcement.cbegin(); it != m_enforcement.cend(); ++it)
        enforcement.insert(it.key(), it.value());
    return QJsonObject{{u"can_run"_s, canRun()}, {u"checks"_s, checks}, {u"enforcement"_s, enforcement}};
}
