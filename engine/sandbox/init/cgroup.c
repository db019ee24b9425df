/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Per-container cgroups: v2 where controllers can be delegated, v1 where that is what the machine has. */
#define _GNU_SOURCE
#include "launcher.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#ifndef CGROUP_SUPER_MAGIC
#define CGROUP_SUPER_MAGIC 0x27e0eb
#endif
#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif

/* The cgroup path of this process for a v1 controller ("memory") or v2 (controller NULL). */
static int own_cgroup_path(const char *controller, char *out, size_t outlen)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    if (!f)
        return -1;
    char line[1024];
    int found = -1;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = 0;
        char *first = strchr(line, ':');
        if (!first)
            continue;
        char *second = strchr(first + 1, ':');
        if (!second)
            continue;
        *second = 0;
        const char *controllers = first + 1;
        const char *path = second + 1;
        if (!controller) {
            if (strncmp(line, "0:", 2) == 0 && controllers[0] == 0) {
                snprintf(out, outlen, "%s", path);
                found = 0;
            }
            continue;
        }
        char list[256];
        snprintf(list, sizeof(list), "%s", controllers);
        for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (strcmp(tok, controller) == 0) {
                snprintf(out, outlen, "%s", path);
                found = 0;
            }
        }
    }
    fclose(f);
    return found;
}

static long fs_magic(const char *path)
{
    struct statfs sf;
    if (statfs(path, &sf))
        return 0;
    return (long)sf.f_type;
}

static int write_value(const char *dir, const char *file, const char *value)
{
    char path[700];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    return sb_write_file(path, value);
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0755) && errno != EEXIST)
        return -1;
    return 0;
}

static int try_v1(struct sb_cgroup *cg, const struct sb_options *opt, const char *name,
                  struct sb_enforcement *enf)
{
    static const char *const controllers[3] = {"memory", "pids", "cpu"};
    char value[64];
    for (int i = 0; i < 3; ++i) {
        char mount[128], own[400];
        snprintf(mount, sizeof(mount), "/sys/fs/cgroup/%s", controllers[i]);
        if (fs_magic(mount) != CGROUP_SUPER_MAGIC || own_cgroup_path(controllers[i], own, sizeof(own)))
            continue;
        if (strcmp(own, "/") == 0)
            own[0] = 0;
        char parent[600];
        snprintf(parent, sizeof(parent), "%s%s/sandbench", mount, own);
        if (make_dir(parent))
            continue;
        char *path = cg->paths[cg->count];
        snprintf(path, sizeof(cg->paths[0]), "%s/%s", parent, name);
        snprintf(cg->homes[cg->count], sizeof(cg->homes[0]), "%s%s", mount, own);
        if (make_dir(path))
            continue;
        int ok = 0;
        if (i == 0) {
            snprintf(value, sizeof(value), "%lld", opt->memory_bytes);
            ok = write_value(path, "memory.limit_in_bytes", value) == 0;
            /* Without swap accounting the file is absent; the plain limit still holds. */
            write_value(path, "memory.memsw.limit_in_bytes", value);
            if (ok)
                strcpy(enf->memory, "cgroup");
        } else if (i == 1) {
            snprintf(value, sizeof(value), "%lld", opt->pids);
            ok = write_value(path, "pids.max", value) == 0;
            if (ok)
                strcpy(enf->pids, "cgroup");
        } else {
            ok = write_value(path, "cpu.cfs_period_us", "100000") == 0;
            snprintf(value, sizeof(value), "%lld", (long long)(opt->cpus * 100000));
            ok = ok && write_value(path, "cpu.cfs_quota_us", value) == 0;
            if (ok)
                strcpy(enf->cpu, "cgroup");
        }
        if (!ok) {
            rmdir(path);
            continue;
        }
        cg->count++;
    }
    if (cg->count == 0)
        return -1;
    cg->version = 1;
    strcpy(enf->cgroup, "v1");
    return 0;
}

static int try_v2(struct sb_cgroup *cg, const struct sb_options *opt, const char *name,
                  struct sb_enforcement *enf)
{
    if (fs_magic("/sys/fs/cgroup") != CGROUP2_SUPER_MAGIC)
        return -1;
    char own[400];
    if (own_cgroup_path(NULL, own, sizeof(own)))
        return -1;
    if (strcmp(own, "/") == 0)
        own[0] = 0;
    char base[600], parent[700];
    snprintf(base, sizeof(base), "/sys/fs/cgroup%s", own);
    snprintf(parent, sizeof(parent), "%s/sandbench", base);
    if (make_dir(parent))
        return -1;
    /* Enabling controllers below our own cgroup fails when it holds processes (the no-internal-process rule)
       unless it is the root; then there is nothing safe to do but fall back. */
    if (write_value(base, "cgroup.subtree_control", "+memory +pids +cpu") ||
        write_value(parent, "cgroup.subtree_control", "+memory +pids +cpu")) {
        rmdir(parent);
        return -1;
    }
    char *path = cg->paths[0];
    snprintf(path, sizeof(cg->paths[0]), "%s/%s", parent, name);
    snprintf(cg->homes[0], sizeof(cg->homes[0]), "%s", base);
    if (make_dir(path))
        return -1;
    char value[64];
    snprintf(value, sizeof(value), "%lld", opt->memory_bytes);
    if (write_value(path, "memory.max", value) == 0)
        strcpy(enf->memory, "cgroup");
    write_value(path, "memory.swap.max", "0");
    snprintf(value, sizeof(value), "%lld", opt->pids);
    if (write_value(path, "pids.max", value) == 0)
        strcpy(enf->pids, "cgroup");
    snprintf(value, sizeof(value), "%lld 100000", (long long)(opt->cpus * 100000));
    if (write_value(path, "cpu.max", value) == 0)
        strcpy(enf->cpu, "cgroup");
    cg->count = 1;
    cg->version = 2;
    strcpy(enf->cgroup, "v2");
    return 0;
}

void sb_cgroup_none(struct sb_enforcement *enf)
{
    strcpy(enf->cgroup, "none");
    strcpy(enf->memory, "rlimit");
    strcpy(enf->pids, "rlimit");
    strcpy(enf->cpu, "none");
}

int sb_cgroup_create(struct sb_cgroup *cg, const struct sb_options *opt, const char *name,
                     struct sb_enforcement *enf)
{
    memset(cg, 0, sizeof(*cg));
    sb_cgroup_none(enf);
    const char *mode = opt->cgroup_mode;
    if (strcmp(mode, "none") == 0)
        return 0;
    if ((strcmp(mode, "auto") == 0 || strcmp(mode, "v2") == 0) && try_v2(cg, opt, name, enf) == 0)
        return 0;
    if ((strcmp(mode, "auto") == 0 || strcmp(mode, "v1") == 0) && try_v1(cg, opt, name, enf) == 0)
        return 0;
    sb_cgroup_destroy(cg);
    sb_cgroup_none(enf);
    return -1;
}

/* Moves the calling thread into the v1 cgroup dir (or, failing that, the whole process). The launcher is
   single threaded, so its one thread is all of it. Writing "0" to `tasks` migrates the caller alone, which
   the kernel does without write-locking cgroup_threadgroup_rwsem; writing a pid to `cgroup.procs` takes that
   lock, whose first use waits for an RCU grace period (10-20 ms) and blocks every fork on the machine
   meanwhile. */
static int v1_move_self(const char *dir)
{
    if (write_value(dir, "tasks", "0") == 0)
        return 0;
    char value[32];
    snprintf(value, sizeof(value), "%d", (int)getpid());
    return write_value(dir, "cgroup.procs", value);
}

int sb_cgroup_enter(struct sb_cgroup *cg)
{
    char value[32];
    snprintf(value, sizeof(value), "%d", (int)getpid());
    cg->entered = 1;
    for (int i = 0; i < cg->count; ++i) {
        if (cg->version == 1 ? v1_move_self(cg->paths[i]) : write_value(cg->paths[i], "cgroup.procs", value))
            return -1;
    }
    return 0;
}

int sb_cgroup_open(const struct sb_cgroup *cg)
{
    if (cg->version != 2)
        return -1;
    return open(cg->paths[0], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/* Kills whatever is left in the cgroup (PID 1 has gone, so only stragglers) and removes it. */
void sb_cgroup_destroy(struct sb_cgroup *cg)
{
    char self[32];
    snprintf(self, sizeof(self), "%d", (int)getpid());
    for (int i = 0; i < cg->count; ++i) {
        if (cg->entered && (cg->version != 1 || v1_move_self(cg->homes[i])))
            write_value(cg->homes[i], "cgroup.procs", self);
    }
    for (int i = 0; i < cg->count; ++i) {
        for (int attempt = 0; attempt < 200; ++attempt) {
            if (rmdir(cg->paths[i]) == 0 || errno == ENOENT)
                break;
            /* The engine may have a history worker thread charged here (cgroup v1 moves single threads): it
               goes back to where we came from, and the engine is never killed. */
            const pid_t engine = getppid();
            char tasks[700];
            snprintf(tasks, sizeof(tasks), "%s/tasks", cg->paths[i]);
            FILE *t = cg->version == 1 ? fopen(tasks, "re") : NULL;
            if (t) {
                int tid;
                while (fscanf(t, "%d", &tid) == 1) {
                    char own[64];
                    snprintf(own, sizeof(own), "/proc/%d/task/%d", (int)engine, tid);
                    if (engine > 1 && access(own, F_OK) == 0) {
                        snprintf(own, sizeof(own), "%d", tid);
                        write_value(cg->homes[i], "tasks", own);
                    }
                }
                fclose(t);
            }
            char procs[700];
            snprintf(procs, sizeof(procs), "%s/cgroup.procs", cg->paths[i]);
            FILE *f = fopen(procs, "re");
            if (f) {
                int pid;
                while (fscanf(f, "%d", &pid) == 1) {
                    if (pid != engine)
                        kill(pid, SIGKILL);
                }
                fclose(f);
            }
            struct timespec ts = {0, 5 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    cg->count = 0;
    cg->version = 0;
    cg->entered = 0;
}
