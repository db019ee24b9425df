// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QHash>
#include <QImage>
#include <QList>
#include <QPair>
#include <QRect>

#include <algorithm>
#include <cmath>
#include <functional>

// Colour checks for GUI tests: what a person sees on a grabbed widget, measured as WCAG 2 does.
namespace ColorContrast {

// WCAG 2 contrast ratio of two colours.
inline double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &c) {
        const auto channel = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The colour of most pixels in part of an image (the background there) and, among the next `candidates`
// most common ones, the one furthest from it (the text or line drawn on it; anti-aliasing only blends
// towards the background).
inline QPair<QColor, QColor> backgroundAndInk(const QImage &image, const QRect &part, int candidates)
{
    QHash<QRgb, int> counts;
    for (int y = part.top(); y <= part.bottom(); ++y)
        for (int x = part.left(); x <= part.right(); ++x)
            ++counts[image.pixel(x, y) & 0xffffff];
    QList<QPair<int, QRgb>> sorted;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        sorted.append({it.value(), it.key()});
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    const QColor background = QColor::fromRgb(sorted.value(0).second);
    QColor ink = background;
    for (int i = 1; i < std::min<qsizetype>(sorted.size(), candidates + 1); ++i) {
        const QColor candidate = QColor::fromRgb(sorted.at(i).second);
        if (contrast(candidate, background) > contrast(ink, background))
            ink = candidate;
    }
    return {background, ink};
}

} // namespace ColorContrast
