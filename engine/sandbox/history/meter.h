// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QMutex>
#include <QString>

#include <functional>

// The sandbox-time charge of one request.
struct MeterCharge
{
    qint64 meteredMs = 0; // first command to end of response
    qint64 billedMs = 0;  // meteredMs, raised to the minimum after a cold start
    bool coldStart = false;
    double cost = 0; // dollars, for usage.server_tool_cost
};

// Meters sandbox time per request (SPEC 1.7): the clock runs from a request's first sandbox command to the
// end of its response; a request that started a new or sleeping container pays at least 30 s; idle time
// between requests is free. Thread-safe.
class Meter
{
public:
    static constexpr double kDefaultRatePerSecond = 0.0001;
    static constexpr qint64 kColdStartMinimumMs = 30'000;

    // nowMs defaults to a monotonic clock; tests inject their own.
    explicit Meter(std::function<qint64()> nowMs = {}, double ratePerSecond = kDefaultRatePerSecond);

    void setRatePerSecond(double rate);
    double ratePerSecond() const;

    void begin(const QString &requestId);
    // Call before every sandbox command of the request; coldStart: this command had to start a new or
    // sleeping container.
    void commandStarted(const QString &requestId, bool containerColdStart);
    // The charge so far, without ending the request.
    MeterCharge current(const QString &requestId) const;
    // Ends the request (its response completed) and returns its final charge.
    MeterCharge finish(const QString &requestId);

private:
    struct Request
    {
        qint64 firstCommandMs = -1;
        bool coldStart = false;
    };
    MeterCharge chargeFor(const Request &request, qint64 nowMs) const;

    std::function<qint64()> m_nowMs;
    double m_rate;
    mutable QMutex m_mutex;
    QHash<QString, Request> m_requests;
};
