// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/settings.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace {
struct Entry
{
    Settings::Key key;
    QLatin1StringView name;
    QVariant defaultValue;
};

const QList<Entry> &table()
{
    // Window state is a per-user UI preference, so it lives in the user's config, not in the data dir.
    static const QList<Entry> entries = {
        {Settings::Key::WindowGeometry, "MainWindow/geometry"_L1, QByteArray()},
        {Settings::Key::WindowState, "MainWindow/state"_L1, QByteArray()},
        {Settings::Key::WindowPanelShares, "MainWindow/panelShares"_L1, QVariantMap()},
        {Settings::Key::LogsDetailShare, "Logs/detailShare"_L1, 0.0},
        {Settings::Key::LastModel, "Chat/lastModel"_L1, QString()},
        // Uploads are copied whole into the container; 2 GiB keeps a workspace's 5 GiB quota usable.
        {Settings::Key::MaxUploadBytes, "Upload/maxBytes"_L1, qint64(2) * 1024 * 1024 * 1024},
        {Settings::Key::ViewMaxBlocks, "ShellView/maxBlocks"_L1, 5000},
        // Long output lines wrap at the view's width (the Shell calls panel's "Wrap lines" button).
        {Settings::Key::WrapOutput, "ShellView/wrapLines"_L1, true},
        {Settings::Key::LocalServerPorts, "Providers/localPorts"_L1, u"11434,8080,1234,8000"_s},
        // The local API inside the app (SPEC 5/6): off until the user turns it on; the port of `serve`.
        {Settings::Key::LocalApiEnabled, "LocalApi/enabled"_L1, false},
        {Settings::Key::LocalApiPort, "LocalApi/port"_L1, 8642},
        // Beyond the loopback names, for a local API reached through another name; and the web origins that
        // may watch its event stream (none by default: no web page can subscribe).
        {Settings::Key::LocalApiAllowedHosts, "LocalApi/allowedHosts"_L1, QStringList()},
        {Settings::Key::LocalApiAllowedOrigins, "LocalApi/allowedOrigins"_L1, QStringList()},
        // Empty: the system's language. Otherwise a locale name such as "de" or "zh_CN".
        {Settings::Key::Language, "Appearance/language"_L1, QString()},
        // "system", "light" or "dark".
        {Settings::Key::Theme, "Appearance/theme"_L1, u"system"_s},
    };
    return entries;
}

const Entry &entry(Settings::Key key)
{
    for (const Entry &e : table()) {
        if (e.key == key)
            return e;
    }
    Q_UNREACHABLE();
}
} // namespace

Settings::Settings(const QString &filePath, QObject *parent)
    : QObject(parent)
    , m_settings(filePath.isEmpty() ? std::make_unique<QSettings>(u"sandbench"_s, u"sandbench-gui"_s)
                                    : std::make_unique<QSettings>(filePath, QSettings::IniFormat))
{}

Settings::~Settings() = default;

QString Settings::keyName(Key key)
{
    return QString(entry(key).name);
}

QVariant Settings::defaultValue(Key key)
{
    return entry(key).defaultValue;
}

QVariant Settings::value(Key key) const
{
    const Entry &e = entry(key);
    QVariant v = m_settings->value(QString(e.name), e.defaultValue);
    // INI files return strings; hand back the type of the default.
    if (e.defaultValue.isValid() && v.metaType() != e.defaultValue.metaType() &&
        v.canConvert(e.defaultValue.metaType()))
        v.convert(e.defaultValue.metaType());
    return v;
}

void Settings::setValue(Key key, const QVariant &value)
{
    if (m_settings->contains(keyName(key)) && this->value(key) == value)
        return;
    m_settings->setValue(keyName(key), value);
    Q_EMIT changed(key);
}

void Settings::reset(Key key)
{
    if (!m_settings->contains(keyName(key)))
        return;
    m_settings->remove(keyName(key));
    Q_EMIT changed(key);
}

void Settings::sync()
{
    m_settings->sync();
}

QList<int> Settings::localServerPorts() const
{
    QList<int> ports;
    const QStringList parts = value(Key::LocalServerPorts).toString().split(u',', Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        bool ok = false;
        const int port = part.trimmed().toInt(&ok);
        if (ok && port > 0 && port < 65536)
            ports.append(port);
    }
    return ports;
}
