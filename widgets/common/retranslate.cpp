// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/retranslate.h"

#include <QAbstractButton>
#include <QAction>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QObject>
#include <QPlainTextEdit>

#include <memory>
#include <optional>

namespace {
// A child of the owner: QWidget passes LanguageChange on to every child object, widgets or not.
class Retranslator final : public QObject
{
public:
    Retranslator(QObject *owner, std::function<void()> apply)
        : QObject(owner)
        , m_apply(std::move(apply))
    {}

    void setApply(std::function<void()> apply) { m_apply = std::move(apply); }

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

void retranslate(QObject *owner, const char *name, std::function<void()> apply)
{
    apply();
    const QString objectName = QLatin1String("retranslate:") + QLatin1String(name);
    // Only retranslate() makes children by these names, so the cast is safe.
    for (QObject *child : owner->children()) {
        if (child->objectName() == objectName) {
            static_cast<Retranslator *>(child)->setApply(std::move(apply));
            return;
        }
    }
    auto *retranslator = new Retranslator(owner, std::move(apply));
    retranslator->setObjectName(objectName);
}

void setTranslated(QObject *owner, const char *name, std::function<QString()> get,
                   std::function<void(const QString &)> set, std::function<QString()> text)
{
    auto written = std::make_shared<std::optional<QString>>();
    retranslate(owner, name, [written, get = std::move(get), set = std::move(set), text = std::move(text)] {
        // Another text set since (a name, a file, a plain message) stays: it is not this one's to replace.
        if (written->has_value() && get() != **written)
            return;
        *written = text();
        set(**written);
    });
}

void setTranslatedText(QLabel *label, std::function<QString()> text)
{
    setTranslated(
        label, "text", [label] { return label->text(); }, [label](const QString &t) { label->setText(t); },
        std::move(text));
}

void setTranslatedText(QAbstractButton *button, std::function<QString()> text)
{
    setTranslated(
        button, "text", [button] { return button->text(); },
        [button](const QString &t) { button->setText(t); }, std::move(text));
}

void setTranslatedText(QAction *action, std::function<QString()> text)
{
    setTranslated(
        action, "text", [action] { return action->text(); },
        [action](const QString &t) { action->setText(t); }, std::move(text));
}

void setTranslatedTitle(QGroupBox *box, std::function<QString()> text)
{
    setTranslated(
        box, "title", [box] { return box->title(); }, [box](const QString &t) { box->setTitle(t); },
        std::move(text));
}

void setTranslatedToolTip(QWidget *widget, std::function<QString()> text)
{
    setTranslated(
        widget, "toolTip", [widget] { return widget->toolTip(); },
        [widget](const QString &t) { widget->setToolTip(t); }, std::move(text));
}

void setTranslatedToolTip(QAction *action, std::function<QString()> text)
{
    setTranslated(
        action, "toolTip", [action] { return action->toolTip(); },
        [action](const QString &t) { action->setToolTip(t); }, std::move(text));
}

void setTranslatedPlaceholder(QLineEdit *edit, std::function<QString()> text)
{
    setTranslated(
        edit, "placeholder", [edit] { return edit->placeholderText(); },
        [edit](const QString &t) { edit->setPlaceholderText(t); }, std::move(text));
}

void setTranslatedPlaceholder(QPlainTextEdit *edit, std::function<QString()> text)
{
    setTranslated(
        edit, "placeholder", [edit] { return edit->placeholderText(); },
        [edit](const QString &t) { edit->setPlaceholderText(t); }, std::move(text));
}

QLabel *translatedLabel(std::function<QString()> text, QWidget *parent)
{
    auto *label = new QLabel(parent);
    setTranslatedText(label, std::move(text));
    return label;
}

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
