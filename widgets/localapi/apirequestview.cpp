// SPDX-License-Identifier: GPL-3.0-or-later
#include "localapi/apirequestview.h"

#include "common/elidedlabel.h"
#include "common/plaintooltip.h"
#include "common/retranslate.h"
#include "shellcalls/shellcallview.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ApiRequestView::ApiRequestView(const QString &requestId, int maxBlocks, QWidget *parent)
    : QFrame(parent)
    , m_requestId(requestId)
    , m_maxBlocks(maxBlocks)
{
    setObjectName(u"ApiRequestView"_s);
    setProperty("requestId", requestId);
    setFrameShape(QFrame::StyledPanel);
    // A shade apart from the calls inside it, taken from the palette so dark themes keep it.
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);

    m_api = new QLabel(this);
    m_api->setObjectName(u"ApiRequestApi"_s);
    m_api->setTextFormat(Qt::PlainText);
    QFont bold = m_api->font();
    bold.setBold(true);
    m_api->setFont(bold);
    m_model = new ElidedLabel(this);
    m_model->setObjectName(u"ApiRequestModel"_s);
    m_model->setElideMode(Qt::ElideRight);
    setTranslatedText(m_model, [=, this]() -> QString { return tr("(joined while running)"); });
    m_status = translatedLabel([=, this]() -> QString { return tr("Running"); }, this);
    m_status->setObjectName(u"ApiRequestStatus"_s);
    m_time = new QLabel(this);
    m_time->setObjectName(u"ApiRequestTime"_s);
    m_time->setForegroundRole(QPalette::PlaceholderText);
    m_usage = new QLabel(this);
    m_usage->setObjectName(u"ApiRequestUsage"_s);
    m_usage->setForegroundRole(QPalette::PlaceholderText);
    m_usage->setWordWrap(true);
    m_error = new QLabel(this);
    m_error->setObjectName(u"ApiRequestError"_s);
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    m_dropped = new QLabel(this);
    m_dropped->setObjectName(u"ApiRequestDroppedCalls"_s);
    m_dropped->setForegroundRole(QPalette::PlaceholderText);
    m_dropped->hide();
    m_noCalls = translatedLabel([=, this]() -> QString { return tr("No shell calls."); }, this);
    m_noCalls->setObjectName(u"ApiRequestNoCalls"_s);
    m_noCalls->setForegroundRole(QPalette::PlaceholderText);
    m_noCalls->hide();

    auto *top = new QHBoxLayout;
    top->setSpacing(8);
    top->addWidget(m_api);
    top->addWidget(m_model, 1);
    top->addWidget(m_status);
    top->addWidget(m_time);
    m_callsLayout = new QVBoxLayout;
    m_callsLayout->setSpacing(4);
    m_callsLayout->addWidget(m_dropped);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_usage);
    layout->addWidget(m_error);
    layout->addLayout(m_callsLayout);
    layout->addWidget(m_noCalls);

    m_clock.start();
    m_ticker.setInterval(500);
    connect(&m_ticker, &QTimer::timeout, this, [this] { updateElapsed(m_clock.elapsed()); });
    m_ticker.start();
    updateUsage();
}

QString ApiRequestView::apiText() const
{
    return m_api->text();
}

QString ApiRequestView::modelText() const
{
    return m_model->text();
}

QString ApiRequestView::statusText() const
{
    return m_status->text();
}

QString ApiRequestView::usageText() const
{
    return m_usage->text();
}

void ApiRequestView::markDisconnected()
{
    if (m_finished || m_disconnected)
        return;
    m_disconnected = true;
    m_ticker.stop();
    updateElapsed(m_clock.elapsed());
    setTranslatedText(m_status, [=, this]() -> QString { return tr("Disconnected"); });
    setTranslatedToolTip(m_status, [=, this]() -> QString {
        return tr("The connection to the server was lost while this request ran; how it ended "
                  "is in the server's request log.");
    });
}

void ApiRequestView::handleEvent(const QJsonObject &event)
{
    const QString type = event.value(u"type"_s).toString();
    if (m_disconnected && !m_finished && type != u"request.finished") {
        // Watching again while the request still runs.
        m_disconnected = false;
        setTranslatedText(m_status, [=, this]() -> QString { return tr("Running"); });
        m_status->setToolTip(QString());
        m_ticker.start();
    }
    if (m_startMs == 0)
        m_startMs = event.value(u"time_ms"_s).toInteger();
    if (m_time->text().isEmpty() && m_startMs > 0)
        m_time->setText(LocaleFormat::time(QDateTime::fromMSecsSinceEpoch(m_startMs)));
    if (type == u"request.started") {
        onStarted(event);
    } else if (type == u"shell_call.started") {
        onShellCallStarted(event);
    } else if (type == u"files.changed") {
        // Sent right after a call of this container ended.
        const QString container = event.value(u"container_id"_s).toString();
        for (ShellCallView *view : std::as_const(m_calls)) {
            if (!view->isFinished() && view->containerId() == container)
                view->finishFromEvents(event.value(u"time_ms"_s).toInteger(), false);
        }
    } else if (type == u"request.finished") {
        onFinished(event);
    } else if (type == u"egress.refused") {
        onEgressRefused(event);
    } else if (type == u"file.received") {
        onFileReceived(event);
    } else if (ShellCallView *view = m_byCallId.value(event.value(u"call_id"_s).toString())) {
        view->handleEvent(event);
    }
}

void ApiRequestView::onStarted(const QJsonObject &event)
{
    const QString api = event.value(u"api"_s).toString();
    setTranslatedText(m_api, [=, this]() -> QString {
        return api == u"messages"    ? tr("Messages")
               : api == u"responses" ? tr("Responses")
               : api == u"mcp"       ? tr("MCP")
                                     : api;
    });
    const QString model = event.value(u"model"_s).toString();
    m_model->setText(model);
    setTranslatedToolTip(m_model, [=, this]() -> QString {
        return plainToolTip(tr("Model %1").arg(model));
    }); // named by the calling program
    m_startMs = event.value(u"time_ms"_s).toInteger();
    m_time->setText(LocaleFormat::time(QDateTime::fromMSecsSinceEpoch(m_startMs)));
    m_time->setToolTip(LocaleFormat::detailed(QDateTime::fromMSecsSinceEpoch(m_startMs)));
}

void ApiRequestView::onShellCallStarted(const QJsonObject &event)
{
    if (m_finished)
        return;
    ShellCallView *view = ShellCallView::fromStartedEvent(event, m_maxBlocks, this);
    ++m_totalCalls;
    m_calls.append(view);
    m_byCallId.insert(view->callId(), view);
    connect(view, &ShellCallView::allowHostRequested, this,
            [this, view](const QString &containerId, const QString &host) {
                Q_EMIT allowHostRequested(view, containerId, host);
            });
    m_callsLayout->addWidget(view);
    while (m_calls.size() > MaxCalls) {
        ShellCallView *old = m_calls.takeFirst();
        m_byCallId.remove(old->callId());
        delete old;
        ++m_droppedCalls;
    }
    if (m_droppedCalls > 0) {
        setTranslatedText(m_dropped, [=, this]() -> QString {
            return tr("%n earlier shell call(s) of this request not shown", nullptr, m_droppedCalls);
        });
        m_dropped->show();
    }
    updateUsage();
}

void ApiRequestView::onEgressRefused(const QJsonObject &event)
{
    // Under the call whose command was refused; else under this request's latest call in that container.
    ShellCallView *view = m_byCallId.value(event.value(u"call_id"_s).toString());
    const QString container = event.value(u"container_id"_s).toString();
    for (qsizetype i = m_calls.size() - 1; !view && i >= 0; --i) {
        if (m_calls.at(i)->containerId() == container)
            view = m_calls.at(i);
    }
    const QString host = event.value(u"host"_s).toString();
    if (!view || host.isEmpty())
        return;
    view->addRefusedHost(host, event.value(u"reason"_s).toString(),
                         m_canAllowHosts && event.value(u"allowable"_s).toBool());
}

void ApiRequestView::onFinished(const QJsonObject &event)
{
    m_finished = true;
    m_disconnected = false;
    m_status->setToolTip(QString());
    m_ticker.stop();
    const qint64 endMs = event.value(u"time_ms"_s).toInteger();
    updateElapsed(m_startMs > 0 && endMs >= m_startMs ? endMs - m_startMs : m_clock.elapsed());
    const QString status = event.value(u"status"_s).toString();
    const int httpStatus = event.value(u"http_status"_s).toInt();
    const bool ok = status == u"completed";
    const QString error = event.value(u"error"_s).toString();
    if (ok)
        setTranslatedText(m_status, [=, this]() -> QString { return tr("Completed"); });
    else if (httpStatus == 499)
        setTranslatedText(m_status, [=, this]() -> QString { return tr("Cancelled by the program"); });
    else
        setTranslatedText(m_status,
                          [=, this]() -> QString { return tr("Failed (HTTP %1)").arg(httpStatus); });
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
    }
    for (ShellCallView *view : std::as_const(m_calls))
        view->finishFromEvents(endMs, !ok, error);
    m_usageJson = event.value(u"usage"_s).toObject();
    // The sandbox is metered per request: one call gets the whole cost, several point to the total.
    if (m_usageJson.contains(u"server_tool_cost"_s)) {
        const double cost = m_usageJson.value(u"server_tool_cost"_s).toDouble();
        if (m_totalCalls == 1 && m_calls.size() == 1) {
            m_calls.first()->setCost(cost);
        } else {
            for (ShellCallView *view : std::as_const(m_calls))
                view->setCostToolTip(tr("The sandbox is metered per request: see the request's total above"));
        }
    }
    m_noCalls->setVisible(m_totalCalls == 0 && m_files.isEmpty());
    updateUsage();
}

void ApiRequestView::onFileReceived(const QJsonObject &event)
{
    if (m_files.size() >= MaxCalls)
        return;
    // The name came from another program: control characters are never shown raw.
    QString name;
    for (const QChar c : event.value(u"name"_s).toString().left(255))
        name.append(c.category() == QChar::Other_Control || c.category() == QChar::Other_Format ? u'?' : c);
    auto *label = new QLabel(this);
    label->setObjectName(u"ApiRequestFileReceived"_s);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    const qint64 bytes = event.value(u"bytes"_s).toInteger();
    setTranslatedText(label, [=, this]() -> QString {
        return tr("File received: %1 (%2)").arg(name, QLocale().formattedDataSize(bytes));
    });
    const QString container = event.value(u"container_id"_s).toString();
    if (!container.isEmpty())
        setTranslatedToolTip(label, [=, this]() -> QString {
            return plainToolTip(tr("Copied into container %1").arg(container));
        });
    m_files.append(label);
    m_callsLayout->insertWidget(m_files.size(), label); // after the dropped-calls note, before the calls
    m_noCalls->hide();
}

QStringList ApiRequestView::receivedFilesText() const
{
    QStringList texts;
    for (const QLabel *label : m_files)
        texts.append(label->text());
    return texts;
}

void ApiRequestView::updateElapsed(qint64 ms)
{
    m_elapsedMs = ms;
    updateUsage();
}

void ApiRequestView::updateUsage()
{
    QStringList parts;
    if (m_elapsedMs >= 0)
        parts.append(ShellCallView::formatElapsed(m_elapsedMs));
    parts.append(tr("%n shell call(s)", nullptr, m_totalCalls));
    if (!m_usageJson.isEmpty()) {
        const qint64 in = m_usageJson.value(u"input_tokens"_s).toInteger();
        const qint64 out = m_usageJson.value(u"output_tokens"_s).toInteger();
        parts.append(tr("%1 in / %2 out tokens").arg(QLocale().toString(in), QLocale().toString(out)));
        if (m_usageJson.contains(u"server_tool_cost"_s))
            parts.append(
                tr("sandbox $%1")
                    .arg(QLocale().toString(m_usageJson.value(u"server_tool_cost"_s).toDouble(), 'f', 4)));
    }
    m_usage->setText(parts.join(u" · "_s));
}
