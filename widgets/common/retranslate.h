// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QString>

#include <functional>

class QFormLayout;
class QLayout;
class QObject;
class QWidget;

// Runs apply now and again each time the application's language changes (a QEvent::LanguageChange reaches
// owner, which Qt sends to every widget when a translator is installed or removed), for as long as owner
// lives. Text that a constructor sets once goes inside apply, so it follows a switch without a restart.
void retranslate(QObject *owner, std::function<void()> apply);

// A form row whose label reads text() in the current language, now and after every switch; a QWidget
// field is the label's buddy (for its & key).
void addTranslatedRow(QFormLayout *form, std::function<QString()> text, QWidget *field);
void addTranslatedRow(QFormLayout *form, std::function<QString()> text, QLayout *field);

// Dates and times as the chosen language writes them (QLocale(), which TranslatorLoader::apply sets), in
// the short formats, so every panel agrees: "08:10" in German, "8:10 AM" in American English.
namespace LocaleFormat {
// Only the time for today, only the date before: lists where the row's age matters.
QString when(const QDateTime &dateTime);
QString time(const QDateTime &dateTime);
QString dateTime(const QDateTime &dateTime);
QString fromMSecs(qint64 msecsSinceEpoch);
// For tooltips and details: the long date and the time with seconds and time zone.
QString detailed(const QDateTime &dateTime);
} // namespace LocaleFormat
