// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QApplication;
class QCommandLineParser;

// How the workbench starts, shared by the sandbench-gui module and the screenshot driver so that the
// captures show the shipped start-up: names and icon, the user's language and theme, and which data dir
// and workspace to open.
namespace GuiStartup {
// Call right after creating the application, before any window exists.
void setUpApplication(QApplication &app);
// Adds --help, --version, --data-dir and --workspace.
void addOptions(QCommandLineParser &parser);
// The data dir (--data-dir, then SANDBENCH_DATA_DIR, then the XDG data location) and workspace (--workspace,
// else the one chosen in Settings) asked for; false with a message on stderr for an invalid workspace name.
bool resolve(const QCommandLineParser &parser, QString *dataDir, QString *workspace);
} // namespace GuiStartup
