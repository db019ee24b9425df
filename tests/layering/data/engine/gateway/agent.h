// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture for test_layering: a gateway header.
#pragma once
