// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/retranslate.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QObject>

namespace {
// A child of the owner: QWidget passes LanguageChange on to every child object, widgets or not.
class Retranslator final : public QObject
{
public:
    Retranslator(QObject *owner, std::function<void()> apply)
        : QObject(owner)
        , m_apply(std::move(apply))
    {}

    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            m_apply();
        return QObject::event(event);
    }

private:
    std::function<void()> m_apply;
};
} // namespace

void retranslate(QObject *owner, std::function<void()> apply)
{
    apply();
    new Retranslator(owner, std::move(apply));
}

namespace {
QLabel *translatedLabel(std::function<QString()> text)
{
    auto *label = new QLabel;
    retranslate(label, [label, text = std::move(text)] { label->setText(text()); });
    return label;
}
} // namespace

void addTranslatedRow(QFormLayout *form, std::function<QString()> text, QWidget *field)
{
    QLabel *label = translatedLabel(std::move(text));
    label->setBuddy(field);
    form->addRow(label, field);
}

void addTranslatedRow(QFormLayout *form, std::function<QString()> text, QLayout *field)
{
    form->addRow(translatedLabel(std::move(text)), field);
}

namespace LocaleFormat {
QString when(const QDateTime &dateTime)
{
    const QDateTime local = dateTime.toLocalTime();
    return local.date() == QDate::currentDate() ? time(local)
                                                : QLocale().toString(local.date(), QLocale::ShortFormat);
}

QString time(const QDateTime &dateTime)
{
    return QLocale().toString(dateTime.toLocalTime().time(), QLocale::ShortFormat);
}

QString dateTime(const QDateTime &dateTime)
{
    return QLocale().toString(dateTime.toLocalTime(), QLocale::ShortFormat);
}

QString detailed(const QDateTime &dateTime)
{
    return QLocale().toString(dateTime.toLocalTime(), QLocale::LongFormat);
}

QString fromMSecs(qint64 msecsSinceEpoch)
{
    return dateTime(QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch));
}
} // namespace LocaleFormat
