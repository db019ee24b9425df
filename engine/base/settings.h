// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>
#include <QVariant>

#include <memory>

class QSettings;

// The typed facade over the user's preferences: every key has one name and one default, and a change is
// announced through changed(), so widgets never touch QSettings themselves.
class Settings : public QObject
{
    Q_OBJECT
public:
    enum class Key {
        WindowGeometry,
        WindowState,
        LastModel,
        MaxUploadBytes,
        ViewMaxBlocks,
        LocalServerPorts,
        LocalApiEnabled,
        LocalApiPort,
        LocalApiAllowedHosts,
        LocalApiAllowedOrigins,
        Language,
        Theme,
        WrapOutput,
        // The side columns' shares of the window's width (DockShares), so they scale to another size.
        WindowPanelShares,
        // The Logs panel's detail share of the height it shares with the request list (0: the default).
        LogsDetailShare,
    };
    Q_ENUM(Key)

    // filePath empty: the user's configuration (organisation "sandbench", application "sandbench-gui");
    // otherwise an INI file, which tests use.
    explicit Settings(const QString &filePath = {}, QObject *parent = nullptr);
    ~Settings() override;

    static QString keyName(Key key);
    static QVariant defaultValue(Key key);

    QVariant value(Key key) const;
    // Stores the value and emits changed() when it differs from the stored one.
    void setValue(Key key, const QVariant &value);
    void reset(Key key);
    void sync();

    QByteArray windowGeometry() const { return value(Key::WindowGeometry).toByteArray(); }
    QByteArray windowState() const { return value(Key::WindowState).toByteArray(); }
    QString lastModel() const { return value(Key::LastModel).toString(); }
    qint64 maxUploadBytes() const { return value(Key::MaxUploadBytes).toLongLong(); }
    int viewMaxBlocks() const { return value(Key::ViewMaxBlocks).toInt(); }
    QList<int> localServerPorts() const;
    // Host headers and WebSocket Origins the local API accepts besides its defaults (ApiServer).
    QStringList localApiAllowedHosts() const { return value(Key::LocalApiAllowedHosts).toStringList(); }
    QStringList localApiAllowedOrigins() const { return value(Key::LocalApiAllowedOrigins).toStringList(); }

Q_SIGNALS:
    void changed(Settings::Key key);

private:
    std::unique_ptr<QSettings> m_settings;
};
