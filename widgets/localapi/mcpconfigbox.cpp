// SPDX-License-Identifier: GPL-3.0-or-later
#include "localapi/mcpconfigbox.h"

#include "common/retranslate.h"
#include "localapi/localapicontroller.h"

#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

// A word for a POSIX shell: as is when it is plain, else in single quotes.
QString shellWord(const QString &word)
{
    static const QString plain =
        u"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./:=@%+,"_s;
    bool isPlain = !word.isEmpty();
    for (const QChar c : word)
        isPlain = isPlain && plain.contains(c);
    if (isPlain)
        return word;
    QString quoted = word;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

QString json(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)).trimmed();
}

// A YAML scalar in double quotes (JSON's string syntax is valid YAML).
QString yamlString(const QString &s)
{
    const QByteArray j = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(j.mid(1, j.size() - 2));
}

} // namespace

McpConfigBox::McpConfigBox(LocalApiController *controller, QWidget *parent)
    : QGroupBox(parent)
    , m_controller(controller)
{
    setObjectName(u"McpConfigBox"_s);
    retranslate(this, [this] { setTitle(tr("Use Sandbench from an agent host (MCP)")); });
    auto *note = new QLabel(this);
    note->setWordWrap(true);
    retranslate(note, [note] {
        note->setText(
            tr("Claude Desktop, Claude Code, Cursor, VS Code and Goose can use this workspace's "
               "sandboxes as MCP tools (shell, python, read_file, write_file, list_files). Over stdio "
               "the host starts Sandbench itself; over HTTP it uses this local API with a key."));
    });
    m_host = new QComboBox(this);
    m_host->setObjectName(u"McpConfigHost"_s);
    m_host->addItems({u"Claude Desktop"_s, u"Claude Code"_s, u"Cursor"_s, u"VS Code"_s, u"Goose"_s});
    m_transport = new QComboBox(this);
    m_transport->setObjectName(u"McpConfigTransport"_s);
    retranslate(m_transport, [this] {
        const int current = std::max(0, m_transport->currentIndex());
        m_transport->clear();
        m_transport->addItems({tr("stdio (the host starts sandbench mcp)"), tr("HTTP (this local API)")});
        m_transport->setCurrentIndex(current);
    });
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(u"McpConfigText"_s);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setFixedHeight(m_text->fontMetrics().lineSpacing() * 9);
    m_copy = new QPushButton(QIcon::fromTheme(u"edit-copy"_s), QString(), this);
    m_copy->setObjectName(u"McpConfigCopy"_s);
    retranslate(m_copy, [this] {
        m_copy->setText(tr("Copy"));
        m_copy->setToolTip(tr("Copy this configuration"));
    });
    auto *pickers = new QHBoxLayout;
    pickers->addWidget(m_host);
    pickers->addWidget(m_transport, 1);
    pickers->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(pickers);
    layout->addWidget(m_text);
    connect(m_host, &QComboBox::currentIndexChanged, this, &McpConfigBox::update);
    connect(m_transport, &QComboBox::currentIndexChanged, this, &McpConfigBox::update);
    connect(controller, &LocalApiController::stateChanged, this, &McpConfigBox::update);
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(configText());
        Q_EMIT copied(tr("The %1 configuration").arg(m_host->currentText()));
    });
    update();
}

void McpConfigBox::setKey(const QString &key)
{
    m_key = key;
    update();
}

QString McpConfigBox::configText() const
{
    return m_text->toPlainText();
}

QString McpConfigBox::program()
{
    const QString beside = QCoreApplication::applicationDirPath() + u"/sandbench"_s;
    return QFileInfo(beside).isExecutable() ? beside : u"sandbench"_s;
}

void McpConfigBox::update()
{
    if (m_transport->currentIndex() < 0)
        return;
    m_text->setPlainText(config(Host(m_host->currentIndex()), Transport(m_transport->currentIndex()),
                                program(), m_controller->dataDir(), m_controller->workspace(),
                                m_controller->url().toString() + u"/mcp"_s,
                                m_key.isEmpty() ? u"YOUR_KEY"_s : m_key));
}

QString McpConfigBox::config(Host host, Transport transport, const QString &program, const QString &dataDir,
                             const QString &workspace, const QString &url, const QString &key)
{
    const QStringList args{u"mcp"_s, u"--data-dir"_s, dataDir, u"--workspace"_s, workspace};
    const QString bearer = u"Bearer "_s + key;
    const bool http = transport == Transport::Http;
    switch (host) {
    case Host::ClaudeDesktop:
        // Claude Desktop starts local servers over stdio (claude_desktop_config.json).
        return u"// claude_desktop_config.json (Claude Desktop starts local MCP servers over stdio)\n"_s +
               json({{u"mcpServers"_s,
                      QJsonObject{
                          {u"sandbench"_s, QJsonObject{{u"command"_s, program},
                                                       {u"args"_s, QJsonArray::fromStringList(args)}}}}}});
    case Host::ClaudeCode: {
        if (http)
            return u"claude mcp add --transport http sandbench %1 --header %2"_s.arg(
                shellWord(url), shellWord(u"Authorization: "_s + bearer));
        QStringList words{u"claude"_s, u"mcp"_s, u"add"_s, u"sandbench"_s, u"--"_s, shellWord(program)};
        for (const QString &a : args)
            words.append(shellWord(a));
        return words.join(u' ');
    }
    case Host::Cursor: {
        const QJsonObject server =
            http ? QJsonObject{{u"url"_s, url}, {u"headers"_s, QJsonObject{{u"Authorization"_s, bearer}}}}
                 : QJsonObject{{u"command"_s, program}, {u"args"_s, QJsonArray::fromStringList(args)}};
        return u"// ~/.cursor/mcp.json\n"_s +
               json({{u"mcpServers"_s, QJsonObject{{u"sandbench"_s, server}}}});
    }
    case Host::VsCode: {
        const QJsonObject server =
            http ? QJsonObject{{u"type"_s, u"http"_s},
                               {u"url"_s, url},
                               {u"headers"_s, QJsonObject{{u"Authorization"_s, bearer}}}}
                 : QJsonObject{{u"type"_s, u"stdio"_s},
                               {u"command"_s, program},
                               {u"args"_s, QJsonArray::fromStringList(args)}};
        return u"// .vscode/mcp.json\n"_s + json({{u"servers"_s, QJsonObject{{u"sandbench"_s, server}}}});
    }
    case Host::Goose: {
        QString text = u"# ~/.config/goose/config.yaml\nextensions:\n  sandbench:\n    name: sandbench\n"_s;
        if (http) {
            text += u"    type: streamable_http\n    uri: %1\n    headers:\n      Authorization: %2\n"_s.arg(
                yamlString(url), yamlString(bearer));
        } else {
            text += u"    type: stdio\n    cmd: %1\n    args:\n"_s.arg(yamlString(program));
            for (const QString &a : args)
                text += u"      - %1\n"_s.arg(yamlString(a));
        }
        return text + u"    enabled: true\n    timeout: 300\n"_s;
    }
    }
    return {};
}
