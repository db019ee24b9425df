// SPDX-License-Identifier: GPL-3.0-or-later
#include "localapi/localapiindicator.h"
#include "common/retranslate.h"

#include "localapi/localapicontroller.h"

using namespace Qt::StringLiterals;

LocalApiIndicator::LocalApiIndicator(LocalApiController *controller, QWidget *parent)
    : QToolButton(parent)
    , m_controller(controller)
{
    setObjectName(u"LocalApiIndicator"_s);
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    connect(controller, &LocalApiController::stateChanged, this, &LocalApiIndicator::refresh);
    retranslate(this, [this] { refresh(); });
}

void LocalApiIndicator::refresh()
{
    if (m_controller->isRunning()) {
        setText(tr("Local API: %1").arg(m_controller->url().toString()));
        setToolTip(tr("Other programs can send requests to %1/api/v1. Click for the local API settings.")
                       .arg(m_controller->url().toString()));
        show();
    } else if (m_controller->isEnabled() && !m_controller->lastError().isEmpty()) {
        setText(tr("Local API: not running"));
        setToolTip(m_controller->lastError());
        show();
    } else {
        hide();
    }
}
