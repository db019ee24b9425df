// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A name that came from a container, an image or a model (a file path, an archive entry, a command) made safe
// to print on one line, the way git quotes paths: unchanged when it is plain, otherwise in double quotes with
// C-style escapes for control characters (\n, \x1b), \u{202e} for invisible Unicode format characters, and \"
// and \\. quoted: in double quotes even when plain (for names inside a sentence). The command line's
// displayName() and the engine's error messages that name such things both use it.
QString printableText(const QString &name, bool quoted = false);
