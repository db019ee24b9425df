// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// Entry point of the libsandbench-gui.so module: the sandbench executable dlopen()s the module and calls this
// when it is started without a subcommand. It creates the QApplication itself, so the caller must not have
// created a QCoreApplication before. Returns the process exit code.
extern "C" Q_DECL_EXPORT int sandbench_gui_main(int argc, char **argv);

// The symbol name for dlsym(), kept next to the declaration so the two cannot drift apart.
#define SANDBENCH_GUI_MAIN_SYMBOL "sandbench_gui_main"
using SandbenchGuiMainFunction = int (*)(int argc, char **argv);
