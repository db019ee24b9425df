// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/safetextbrowser.h"

#include <QDesktopServices>

using namespace Qt::StringLiterals;

SafeTextBrowser::SafeTextBrowser(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [](const QUrl &url) {
        if (url.scheme() == u"https" || url.scheme() == u"http")
            QDesktopServices::openUrl(url);
    });
}

QVariant SafeTextBrowser::loadResource(int, const QUrl &)
{
    return {};
}
