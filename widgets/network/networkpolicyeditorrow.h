// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

// One entry of the network-policy editor: an editable host or pattern, checked by the engine's
// NetworkPolicy::validateEntry() as it is typed, with the engine's message shown right under it, and a
// button that removes it.
class NetworkPolicyEntryRow : public QWidget
{
    Q_OBJECT
public:
    explicit NetworkPolicyEntryRow(const QString &text, QWidget *parent = nullptr);

    QString text() const;
    bool isValid() const { return m_error.isEmpty(); }
    QString errorText() const { return m_error; }
    void setReadOnly(bool readOnly);
    QLineEdit *lineEdit() const { return m_edit; }

Q_SIGNALS:
    void edited();
    void removeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void validate();
    void applyColours();

    QLineEdit *m_edit = nullptr;
    QToolButton *m_remove = nullptr;
    QLabel *m_errorLabel = nullptr;
    QString m_error;
};
