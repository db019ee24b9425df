// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class InlineMessage;
class QComboBox;
class QPushButton;
class Settings;

// The Language page of the Settings dialog: English, 简体中文, Deutsch, Русский, Français or the system's
// language, stored in Settings::Key::Language. Texts are created in a language once, so a choice applies
// when the window is re-created; the page says so and offers to do it now.
class LanguagePage : public QWidget
{
    Q_OBJECT
public:
    explicit LanguagePage(Settings *settings, QWidget *parent = nullptr);

    // (stored value, name shown) for every choice, the system default first.
    static QList<std::pair<QString, QString>> choices();

Q_SIGNALS:
    void restartRequested();

private:
    void choose();
    void updateNote();

    Settings *m_settings;
    QComboBox *m_combo = nullptr;
    InlineMessage *m_note = nullptr;
    QPushButton *m_restart = nullptr;
};
