// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QToolButton>

class LocalApiController;

// The status-bar note that the local API is on ("Local API: http://127.0.0.1:8642") or could not start;
// hidden while it is off. Clicking it asks for the local API settings.
class LocalApiIndicator : public QToolButton
{
    Q_OBJECT
public:
    explicit LocalApiIndicator(LocalApiController *controller, QWidget *parent = nullptr);

private:
    void refresh();

    LocalApiController *m_controller;
};
