// SPDX-License-Identifier: GPL-3.0-or-later
#include "meter.h"

#include <QElapsedTimer>

#include <cmath>

Meter::Meter(std::function<qint64()> nowMs, double ratePerSecond)
    : m_nowMs(std::move(nowMs))
    , m_rate(ratePerSecond)
{
    if (!m_nowMs) {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_nowMs = [timer] { return timer->elapsed(); };
    }
}

void Meter::setRatePerSecond(double rate)
{
    QMutexLocker lock(&m_mutex);
    m_rate = rate;
}

double Meter::ratePerSecond() const
{
    QMutexLocker lock(&m_mutex);
    return m_rate;
}

void Meter::begin(const QString &requestId)
{
    QMutexLocker lock(&m_mutex);
    m_requests.insert(requestId, Request{});
}

void Meter::commandStarted(const QString &requestId, bool containerColdStart)
{
    const qint64 now = m_nowMs();
    QMutexLocker lock(&m_mutex);
    Request &request = m_requests[requestId];
    if (request.firstCommandMs < 0)
        request.firstCommandMs = now;
    request.coldStart = request.coldStart || containerColdStart;
}

MeterCharge Meter::chargeFor(const Request &request, qint64 nowMs) const
{
    MeterCharge charge;
    if (request.firstCommandMs < 0)
        return charge; // no sandbox command ran: nothing to pay
    charge.coldStart = request.coldStart;
    charge.meteredMs = qMax<qint64>(0, nowMs - request.firstCommandMs);
    charge.billedMs = request.coldStart ? qMax(charge.meteredMs, kColdStartMinimumMs) : charge.meteredMs;
    // Rounded to a millionth of a cent, so 3 ms at the default rate is 3e-7, not 3.0000000000000004e-7.
    charge.cost = std::round(double(charge.billedMs) / 1000.0 * m_rate * 1e8) / 1e8;
    return charge;
}

MeterCharge Meter::current(const QString &requestId) const
{
    const qint64 now = m_nowMs();
    QMutexLocker lock(&m_mutex);
    return chargeFor(m_requests.value(requestId), now);
}

MeterCharge Meter::finish(const QString &requestId)
{
    const qint64 now = m_nowMs();
    QMutexLocker lock(&m_mutex);
    const MeterCharge charge = chargeFor(m_requests.value(requestId), now);
    m_requests.remove(requestId);
    return charge;
}
