// SPDX-License-Identifier: GPL-3.0-or-later
#include "egresslimits.h"

#include <algorithm>

#include <sys/resource.h>

EgressBudget::EgressBudget(int capacity)
    : m_capacity(std::max(capacity, 1))
{}

int EgressBudget::capacityFor(quint64 descriptorLimit)
{
    return int(std::clamp<quint64>(descriptorLimit / 2 / DescriptorsPerConnection, 16, 1 << 20));
}

std::shared_ptr<EgressBudget> EgressBudget::processWide()
{
    static const std::shared_ptr<EgressBudget> budget = [] {
        rlimit limit{};
        rlim_t descriptors = 1024;
        if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
            descriptors = limit.rlim_cur;
        return std::make_shared<EgressBudget>(capacityFor(descriptors));
    }();
    return budget;
}

bool EgressBudget::acquireBelow(int limit)
{
    int current = m_inUse.load(std::memory_order_relaxed);
    while (current < limit) {
        if (m_inUse.compare_exchange_weak(current, current + 1, std::memory_order_relaxed))
            return true;
    }
    return false;
}
