// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QRandomGenerator;

// prefix followed by length random letters and digits (A-Z, a-z, 0-9), the form of every id Sandbench makes
// (sess_…, call_…, resp_…, sbk_…). Secrets pass QRandomGenerator::system(); the default is the fast,
// seeded-once global generator.
QString randomToken(const QString &prefix, int length, QRandomGenerator *generator = nullptr);
