// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTextBrowser>

// A QTextBrowser for text that models, containers and other programs control (chat answers, file
// previews, logged requests). It loads no resources — an image or link target named /dev/zero or a host
// file would otherwise be read by the GUI thread — never navigates inside itself, and opens only http(s)
// links, in the user's browser.
class SafeTextBrowser : public QTextBrowser
{
    Q_OBJECT
public:
    explicit SafeTextBrowser(QWidget *parent = nullptr);

    QVariant loadResource(int type, const QUrl &name) override;
};
