// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// `sandbench images import PATH --name NAME | build NAME --packages ... | list | inspect NAME | rm NAME`;
// args[0] is the program, args[1] the action. Exit 0, 1 on failure, 2 on bad input.
int runImagesCommand(const QStringList &args);
