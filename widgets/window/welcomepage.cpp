// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/welcomepage.h"

#include "common/retranslate.h"

#include <QDir>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

WelcomePage::WelcomePage(const QString &dataDir, const QString &workspace, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"WelcomePage"_s);

    auto *icon = new QLabel(this);
    icon->setObjectName(u"WelcomeIcon"_s);
    icon->setPixmap(QIcon(u":/icons/sandbench.png"_s).pixmap(112, 112));
    icon->setAlignment(Qt::AlignCenter);
    icon->setMinimumHeight(icon->pixmap().height());

    m_title = new QLabel(this);
    m_title->setObjectName(u"WelcomeTitle"_s);
    m_title->setAlignment(Qt::AlignCenter);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.8);
    titleFont.setBold(true);
    m_title->setFont(titleFont);

    m_summary = new QLabel(this);
    m_summary->setObjectName(u"WelcomeSummary"_s);
    m_summary->setAlignment(Qt::AlignCenter);
    m_summary->setWordWrap(true);

    // The path may be long and users copy it, so it is selectable and wraps instead of being cut.
    m_dataDir = new QLabel(this);
    m_dataDir->setObjectName(u"DataDirLabel"_s);
    m_dataDir->setAlignment(Qt::AlignCenter);
    m_dataDir->setWordWrap(true);
    m_dataDir->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_dataDir->setTextFormat(Qt::PlainText);

    m_workspace = new QLabel(this);
    m_workspace->setObjectName(u"WorkspaceLabel"_s);
    m_workspace->setAlignment(Qt::AlignCenter);
    m_workspace->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_workspace->setTextFormat(Qt::PlainText);

    m_doctorHint = new QLabel(this);
    m_doctorHint->setObjectName(u"DoctorHint"_s);
    m_doctorHint->setAlignment(Qt::AlignCenter);
    m_doctorHint->setWordWrap(true);
    m_doctorHint->setForegroundRole(QPalette::PlaceholderText);

    retranslate(this, [this, dataDir, workspace] {
        m_title->setText(tr("Welcome to Sandbench"));
        m_summary->setText(tr("Sandbench runs the shell commands of AI agents in a sandbox on this computer "
                              "and shows you every call as it happens."));
        m_dataDir->setText(tr("Data folder: %1").arg(QDir::toNativeSeparators(dataDir)));
        m_workspace->setText(tr("Workspace: %1").arg(workspace));
        m_doctorHint->setText(tr("To see which isolation and limits this machine enforces, run "
                                 "\u201csandbench doctor\u201d in a terminal."));
    });

    auto *column = new QVBoxLayout;
    column->setSpacing(12);
    column->addWidget(icon);
    column->addWidget(m_title);
    column->addWidget(m_summary);
    column->addSpacing(12);
    column->addWidget(m_dataDir);
    column->addWidget(m_workspace);
    column->addWidget(m_doctorHint);

    // A readable column in the middle of a wide window. The column sits directly in layouts (no alignment
    // flag) so word-wrapped labels get the height they need for the width they are actually given.
    auto *centre = new QWidget(this);
    centre->setLayout(column);
    centre->setMaximumWidth(600);

    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(centre, 10);
    row->addStretch(1);

    auto *outer = new QVBoxLayout(this);
    outer->addStretch(2);
    outer->addLayout(row);
    outer->addStretch(3);
}
