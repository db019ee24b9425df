// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class Settings;

// The Language page of the Settings dialog: English, 简体中文, Deutsch, Русский, Français or the system's
// language, stored in Settings::Key::Language and applied at once (TranslatorLoader::apply).
class LanguagePage : public QWidget
{
    Q_OBJECT
public:
    explicit LanguagePage(Settings *settings, QWidget *parent = nullptr);

    // (stored value, name shown) for every choice, the system default first.
    static QList<std::pair<QString, QString>> choices();

private:
    void choose();

    Settings *m_settings;
    QComboBox *m_combo = nullptr;
};
