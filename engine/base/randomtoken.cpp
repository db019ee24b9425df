// SPDX-License-Identifier: GPL-3.0-or-later
#include "randomtoken.h"

#include <QRandomGenerator>

QString randomToken(const QString &prefix, int length, QRandomGenerator *generator)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QRandomGenerator *g = generator ? generator : QRandomGenerator::global();
    QString out = prefix;
    out.reserve(prefix.size() + length);
    for (int i = 0; i < length; ++i)
        out.append(QLatin1Char(alphabet[g->bounded(62)]));
    return out;
}
