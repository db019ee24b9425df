// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

// Above the conversations while no model provider is set up (the model picker offers only the scripted
// demos): says so, and its "Add Provider…" button opens Settings → Providers with a new provider's form
// ready (addRequested()).
class ProviderHint : public QFrame
{
    Q_OBJECT
public:
    explicit ProviderHint(QWidget *parent = nullptr);

    QString text() const;

Q_SIGNALS:
    void addRequested();

private:
    QLabel *m_text = nullptr;
    QPushButton *m_add = nullptr;
};
