// SPDX-License-Identifier: GPL-3.0-or-later
#include "randomtoken.h"

#include <QRandomGenerator>
#include <QVarLengthArray>

QString randomToken(const QString &prefix, int length, QRandomGenerator *generator)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    constexpr quint64 kLetters = sizeof alphabet - 1;
    // One draw for the whole token. Each 32-bit word picks a letter by multiply-and-shift: the 62 letters
    // are then equally likely to within 2^-26.
    QVarLengthArray<quint32, 64> words(qMax(length, 0));
    (generator ? generator : QRandomGenerator::system())->fillRange(words.data(), words.size());
    QString out = prefix;
    out.reserve(prefix.size() + length);
    for (const quint32 w : std::as_const(words))
        out.append(QLatin1Char(alphabet[(quint64(w) * kLetters) >> 32]));
    return out;
}
