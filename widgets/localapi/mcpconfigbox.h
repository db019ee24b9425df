// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGroupBox>

class LocalApiController;
class QComboBox;
class QPlainTextEdit;
class QPushButton;

// Settings → Local API: ready-to-paste configurations that add Sandbench as an MCP server to an agent host
// (Claude Desktop, Claude Code, Cursor, VS Code, Goose), over stdio (`sandbench mcp` with this data
// directory and workspace) or Streamable HTTP (this API's /mcp with a key). Copy puts the text on the
// clipboard.
class McpConfigBox : public QGroupBox
{
    Q_OBJECT
public:
    enum class Host { ClaudeDesktop, ClaudeCode, Cursor, VsCode, Goose };
    enum class Transport { Stdio, Http };

    McpConfigBox(LocalApiController *controller, QWidget *parent = nullptr);

    // The key shown in HTTP configurations (a key made in this run); "YOUR_KEY" until there is one.
    void setKey(const QString &key);
    QString configText() const;
    // The configuration for a host, as shown (not translated: it is a file's content or a command line).
    static QString config(Host host, Transport transport, const QString &program, const QString &dataDir,
                          const QString &workspace, const QString &url, const QString &key);
    // The sandbench program to start: the one beside this running program, else "sandbench" from PATH.
    static QString program();

Q_SIGNALS:
    void copied(const QString &what);

private:
    void update();

    LocalApiController *m_controller;
    QComboBox *m_host = nullptr;
    QComboBox *m_transport = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QPushButton *m_copy = nullptr;
    QString m_key;
};
