// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QButtonGroup;
class Settings;

// The Theme page of the Settings dialog: follow the system, or a light or dark look, stored in
// Settings::Key::Theme and applied at once to every window (ThemeManager).
class ThemePage : public QWidget
{
    Q_OBJECT
public:
    explicit ThemePage(Settings *settings, QWidget *parent = nullptr);

private:
    void choose(int id);

    Settings *m_settings;
    QButtonGroup *m_group = nullptr;
};
