// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/themepage.h"

#include "base/settings.h"
#include "common/retranslate.h"
#include "settings/thememanager.h"

#include <QButtonGroup>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ThemePage::ThemePage(Settings *settings, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
{
    setObjectName(u"ThemePage"_s);

    auto *intro = new QLabel(this);
    intro->setWordWrap(true);

    struct Choice
    {
        const char *objectName;
        const char *text;
        const char *hint;
    };
    static const Choice choices[] = {
        {"ThemeSystemRadio", QT_TR_NOOP("&Follow the system"),
         QT_TR_NOOP("The desktop's own style and colours.")},
        {"ThemeLightRadio", QT_TR_NOOP("&Light"), QT_TR_NOOP("Dark text on light backgrounds.")},
        {"ThemeDarkRadio", QT_TR_NOOP("&Dark"),
         QT_TR_NOOP("Light text on dark backgrounds, easier on the eyes at night.")},
    };

    m_group = new QButtonGroup(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addSpacing(6);
    const QStringList themes = ThemeManager::themes();
    const QString current = m_settings->value(Settings::Key::Theme).toString();
    for (int i = 0; i < int(std::size(choices)); ++i) {
        auto *radio = new QRadioButton(this);
        radio->setObjectName(QString::fromLatin1(choices[i].objectName));
        radio->setChecked(themes.at(i) == current || (i == 0 && !themes.contains(current)));
        auto *hint = new QLabel(this);
        retranslate(radio, [radio, hint, choice = &choices[i]] {
            radio->setText(tr(choice->text));
            hint->setText(tr(choice->hint));
        });
        hint->setForegroundRole(QPalette::PlaceholderText);
        hint->setWordWrap(true);
        // Lines the hint up with the radio button's text.
        hint->setContentsMargins(radio->sizeHint().height() + 4, 0, 0, 4);
        m_group->addButton(radio, i);
        layout->addWidget(radio);
        layout->addWidget(hint);
    }
    layout->addStretch(1);
    retranslate(intro, [intro] {
        intro->setText(tr("How Sandbench looks. The change applies at once to every window."));
    });
    connect(m_group, &QButtonGroup::idToggled, this, [this](int id, bool checked) {
        if (checked)
            choose(id);
    });
}

void ThemePage::choose(int id)
{
    const QString theme = ThemeManager::themes().value(id);
    if (theme.isEmpty())
        return;
    m_settings->setValue(Settings::Key::Theme, theme);
    if (ThemeManager::activeTheme() != theme)
        ThemeManager::apply(theme);
}
