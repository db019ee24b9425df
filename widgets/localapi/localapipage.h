// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class InlineMessage;
class LocalApiController;
class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

// The settings of the local API inside the app: the on/off switch, the port, the address to give other
// programs, the workspace's API keys (create, copy, revoke) and a request to copy and try. It edits through
// a LocalApiController and shows every problem inline. The Settings dialog embeds it; the "Other programs"
// panel opens it on its own.
class LocalApiPage : public QWidget
{
    Q_OBJECT
public:
    explicit LocalApiPage(LocalApiController *controller, QWidget *parent = nullptr);

    // The example request as shown (with the newest key of this run, if any).
    QString exampleText() const;

Q_SIGNALS:
    // A key made on this page, for the examples that need one.
    void exampleKeyChanged(const QString &key);

private:
    void onToggled(bool on);
    void applyPort();
    void createKey();
    void copySelectedKey();
    void revokeSelectedKey();
    void updateState();
    void reloadKeys();
    void updateKeyButtons();
    void updateExample();
    void copy(const QString &text, const QString &what);

    LocalApiController *m_controller;
    QCheckBox *m_enabled = nullptr;
    QLineEdit *m_port = nullptr;
    QPushButton *m_applyPort = nullptr;
    QLabel *m_status = nullptr;
    QLineEdit *m_url = nullptr;
    InlineMessage *m_message = nullptr;
    QTreeWidget *m_keys = nullptr;
    QPushButton *m_createKey = nullptr;
    QPushButton *m_copyKey = nullptr;
    QPushButton *m_revokeKey = nullptr;
    QLineEdit *m_newKey = nullptr;
    QLabel *m_newKeyNote = nullptr;
    QPlainTextEdit *m_example = nullptr;
    QString m_exampleKey;
};
