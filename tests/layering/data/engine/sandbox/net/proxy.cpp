// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture for test_layering: the sandbox may include tools/ and its own folders, never gateway/.
#include "proxy.h"
#include "../container.h"
#include "tools/action.h"

#include "gateway/agent.h"
