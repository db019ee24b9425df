// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture for test_layering: a tools header, which the sandbox may include.
#pragma once
