// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/themepage.h"

#include "base/settings.h"
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

    auto *intro = new QLabel(tr("How Sandbench looks. The change applies at once to every window."), this);
    intro->setWordWrap(true);

    struct Choice
    {
        const char *objectName;
        QString text;
        QString hint;
    };
    const Choice choices[] = {
        {"ThemeSystemRadio", tr("&Follow the system"), tr("The desktop's own style and colours.")},
        {"ThemeLightRadio", tr("&Light"), tr("Dark text on light backgrounds.")},
        {"ThemeDarkRadio", tr("&Dark"), tr("Light text on dark backgrounds, easier on the eyes at night.")},
    };

    m_group = new QButtonGroup(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addSpacing(6);
    const QStringList themes = ThemeManager::themes();
    const QString current = m_settings->value(Settings::Key::Theme).toString();
    for (int i = 0; i < int(std::size(choices)); ++i) {
        auto *radio = new QRadioButton(choices[i].text, this);
        radio->setObjectName(QString::fromLatin1(choices[i].objectName));
        radio->setChecked(themes.at(i) == current || (i == 0 && !themes.contains(current)));
        auto *hint = new QLabel(choices[i].hint, this);
        hint->setForegroundRole(QPalette::PlaceholderText);
        hint->setWordWrap(true);
        // Lines the hint up with the radio button's text.
        hint->setContentsMargins(radio->sizeHint().height() + 4, 0, 0, 4);
        m_group->addButton(radio, i);
        layout->addWidget(radio);
        layout->addWidget(hint);
    }
    layout->addStretch(1);
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
