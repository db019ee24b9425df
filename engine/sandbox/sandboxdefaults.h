/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A container's default limits and the host ids its user maps to under root, in C: ResourceLimits and
   SandboxSettings take them from here, and so does bin/sandbench's front (app/front.c), which starts exec's
   launcher with the command line InitSpawner::commonArguments would give before the engine is loaded. */
#pragma once

#define SB_DEFAULT_CPUS 1.0
#define SB_DEFAULT_MEMORY_BYTES (5LL * 1024 * 1024 * 1024)
#define SB_DEFAULT_STORAGE_BYTES (5LL * 1024 * 1024 * 1024)
#define SB_DEFAULT_MAX_PROCESSES 512
#define SB_DEFAULT_MAX_OPEN_FILES 4096
#define SB_DEFAULT_TMP_BYTES (1LL * 1024 * 1024 * 1024)
#define SB_DEFAULT_CGROUP_MODE "auto"
/* When the engine runs as root, the sandbox user is this host uid and gid (never root). */
#define SB_ROOT_SANDBOX_HOST_ID 910000
