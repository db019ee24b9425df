// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QString>

#include <functional>

class QAbstractButton;
class QAction;
class QLineEdit;
class QPlainTextEdit;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLayout;
class QObject;
class QWidget;

// Runs apply now and again each time the application's language changes (a QEvent::LanguageChange reaches
// owner, which Qt sends to every widget when a translator is installed or removed), for as long as owner
// lives. Text that a constructor sets once goes inside apply, so it follows a switch without a restart.
void retranslate(QObject *owner, std::function<void()> apply);
// The same under a name: a later call for the same owner and name replaces the earlier apply. Text that
// follows a widget's state (a status, a count, a cost) is set through here each time the state changes, so
// a language switch rewrites the state's latest text, never an older one.
void retranslate(QObject *owner, const char *name, std::function<void()> apply);

// A text of owner (read by get, written by set) is text() now and after every language switch, until
// something else sets it (a plain setText() of a name or a file): a language switch never brings back an
// older text. A later call for the same owner and name replaces the earlier one. The usual way to set a
// text that changes while the widget lives; the helpers below name the common ones.
void setTranslated(QObject *owner, const char *name, std::function<QString()> get,
                   std::function<void(const QString &)> set, std::function<QString()> text);
void setTranslatedText(QLabel *label, std::function<QString()> text);
void setTranslatedText(QAbstractButton *button, std::function<QString()> text);
void setTranslatedText(QAction *action, std::function<QString()> text);
void setTranslatedTitle(QGroupBox *box, std::function<QString()> text);
void setTranslatedToolTip(QWidget *widget, std::function<QString()> text);
void setTranslatedToolTip(QAction *action, std::function<QString()> text);
void setTranslatedPlaceholder(QLineEdit *edit, std::function<QString()> text);
void setTranslatedPlaceholder(QPlainTextEdit *edit, std::function<QString()> text);
// A new label whose text is text() in the current language, now and after every switch.
QLabel *translatedLabel(std::function<QString()> text, QWidget *parent = nullptr);

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
