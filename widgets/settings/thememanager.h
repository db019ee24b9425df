// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPalette>
#include <QString>

class QFocusFrame;

// Applies the Theme setting ("system", "light" or "dark") to the whole application while it runs. Qt 6.4
// cannot ask the platform for a colour scheme, so an explicit choice switches to the Fusion style with a
// light or dark palette, and "system" puts back the style and palette the platform gave at start. Every
// theme marks the focused widget with a ring in its highlight colour.
class ThemeManager
{
public:
    static QStringList themes()
    {
        return {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")};
    }

    // Unknown names count as "system". Safe to call before any window exists.
    static void apply(const QString &theme);
    static QString activeTheme() { return s_active; }

    static QPalette lightPalette();
    static QPalette darkPalette();
    // The ring in the highlight colour around the focused widget (every theme), once apply() has run and
    // a widget had the focus.
    static QFocusFrame *focusFrame();

private:
    // What the platform chose, captured before the first change.
    static void rememberPlatformLook();

    static QString s_active;
    static QString s_platformStyle;
    static bool s_remembered;
};
