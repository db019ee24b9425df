// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/thememanager.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

QString ThemeManager::s_active = u"system"_s;
QString ThemeManager::s_platformStyle;
bool ThemeManager::s_remembered = false;

void ThemeManager::rememberPlatformLook()
{
    if (s_remembered)
        return;
    s_remembered = true;
    if (QStyle *style = QApplication::style())
        s_platformStyle = style->name();
}

QPalette ThemeManager::lightPalette()
{
    QStyle *fusion = QStyleFactory::create(u"Fusion"_s);
    QPalette palette = fusion ? fusion->standardPalette() : QPalette(QColor(0xef, 0xef, 0xef));
    delete fusion;
    return palette;
}

QPalette ThemeManager::darkPalette()
{
    // Fusion's usual dark scheme: neutral greys, a blue accent, and dimmed text for disabled widgets.
    const QColor window(0x35, 0x35, 0x35);
    const QColor base(0x2a, 0x2a, 0x2a);
    const QColor alternate(0x42, 0x42, 0x42);
    const QColor text(0xf0, 0xf0, 0xf0);
    const QColor disabledText(0x80, 0x80, 0x80);
    const QColor accent(0x2a, 0x82, 0xda);

    QPalette p(window);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alternate);
    p.setColor(QPalette::ToolTipBase, alternate);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x50, 0x50, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Mid, QColor(0x2d, 0x2d, 0x2d));
    p.setColor(QPalette::Dark, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Shadow, QColor(0x14, 0x14, 0x14));
    p.setColor(QPalette::Link, QColor(0x5d, 0xa9, 0xf2));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xf0));
    p.setColor(QPalette::Highlight, accent);
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, alternate);
    return p;
}

void ThemeManager::apply(const QString &theme)
{
    rememberPlatformLook();
    const QString wanted = theme == u"light" || theme == u"dark" ? theme : u"system"_s;
    if (wanted == u"system") {
        if (s_active != u"system") {
            if (QStyle *style =
                    QStyleFactory::create(s_platformStyle.isEmpty() ? u"Fusion"_s : s_platformStyle))
                QApplication::setStyle(style);
            // An empty palette resolves to the style's and platform's own colours again.
            QApplication::setPalette(QPalette());
        }
    } else {
        if (QApplication::style()->name().compare(u"fusion"_s, Qt::CaseInsensitive) != 0)
            QApplication::setStyle(u"Fusion"_s);
        QApplication::setPalette(wanted == u"dark" ? darkPalette() : lightPalette());
    }
    s_active = wanted;
}
