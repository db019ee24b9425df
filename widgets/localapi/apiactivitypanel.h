// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointer>
#include <QUrl>
#include <QWidget>

class ApiRequestView;
class EventStreamClient;
class InlineMessage;
class LocalApiController;
class QComboBox;
class QDialog;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QVBoxLayout;
class ShellCallView;

// The "Other programs" panel: the live view of requests that other programs send to the local API. It
// watches the event stream of the app's own API (or of another `sandbench serve` given its address and a
// key) and shows each request as an ApiRequestView, newest first, keeping the most recent maxRequests().
class ApiActivityPanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int DefaultMaxRequests = 50;
    enum class Source { LocalApi, OtherServer };

    explicit ApiActivityPanel(LocalApiController *controller, QWidget *parent = nullptr);

    void setMaxRequests(int count);
    int maxRequests() const { return m_maxRequests; }
    void setMaxBlocks(int blocks) { m_maxBlocks = blocks; }
    // Newest first.
    QList<ApiRequestView *> requests() const { return m_requests; }
    ApiRequestView *request(const QString &requestId) const;
    EventStreamClient *client() const { return m_client; }
    Source source() const { return m_source; }
    QString statusText() const;

public Q_SLOTS:
    // Watches the app's own local API (the default).
    void watchLocalApi();
    // Watches another server, e.g. `sandbench serve` in a terminal; errors show inline.
    bool watchServer(const QUrl &base, const QString &key);
    void clear();
    // The local API settings in a small window-modal dialog.
    void openLocalApiSettings();

Q_SIGNALS:
    // A request the panel had not seen appeared.
    void requestAppeared(const QString &requestId);
    // "Allow HOST" under a call of the app's own API (ApiRequestView::allowHostRequested); under another
    // server's call the panel asks that server itself (POST …/network/allow).
    void allowHostRequested(ShellCallView *view, const QString &containerId, const QString &host);

protected:
    void changeEvent(QEvent *event) override;

private:
    void onSourceChosen(int index);
    void onEvent(const QJsonObject &event);
    void onAllowHost(ShellCallView *view, const QString &containerId, const QString &host);
    void followController();
    void updateStatus();
    void dropOldRequests();

    LocalApiController *m_controller;
    EventStreamClient *m_client = nullptr;
    Source m_source = Source::LocalApi;
    QString m_localKey; // the viewer key the client was opened with
    QComboBox *m_sourcePicker = nullptr;
    QWidget *m_serverRow = nullptr;
    QLineEdit *m_serverUrl = nullptr;
    QLineEdit *m_serverKey = nullptr;
    QPushButton *m_connect = nullptr;
    QLabel *m_status = nullptr;
    InlineMessage *m_message = nullptr;
    QLabel *m_empty = nullptr;
    QScrollArea *m_scroll = nullptr;
    QVBoxLayout *m_list = nullptr;
    QList<ApiRequestView *> m_requests;
    QPointer<QDialog> m_dialog;
    int m_maxRequests = DefaultMaxRequests;
    int m_maxBlocks = 5000;
};
