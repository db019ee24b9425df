// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QRandomGenerator;

// prefix followed by length random letters and digits (A-Z, a-z, 0-9), the form of every id Sandbench makes
// (sess_…, call_…, resp_…, sbk_…), from the system's generator (getrandom(): one call per token, and no
// per-process seeding, which QRandomGenerator::global() costs every command line start 0.2 ms for).
QString randomToken(const QString &prefix, int length, QRandomGenerator *generator = nullptr);
