/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared declarations of sandbench-init's parts: options, cgroups, root filesystem, seccomp, the PID-1 loop.
 */
#ifndef SANDBENCH_INIT_LAUNCHER_H
#define SANDBENCH_INIT_LAUNCHER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct sb_options
{
    const char *id;
    const char *workspace;
    const char *proxy_socket;
    const char *rootfs; /* an image's root tree instead of the host's /usr; NULL: the host's */
    int workspace_fd;
    int proxy_fd;
    int rootfs_fd;
    uid_t host_uid;
    gid_t host_gid;
    int host_ids_given;
    long long memory_bytes;
    long long pids;
    double cpus;
    long long fsize_bytes;
    long long tmp_bytes;
    long long nofile;        /* RLIMIT_NOFILE of the commands and the relay */
    const char *cgroup_mode; /* auto, v1, v2, none */
    int standby;
};

/* What the container ended up enforcing; reported to the engine in SB_MSG_READY. */
struct sb_enforcement
{
    char cgroup[8]; /* v1, v2, none */
    char memory[8]; /* cgroup, rlimit */
    char pids[8];   /* cgroup, rlimit */
    char cpu[8];    /* cgroup, none */
    int cgroupns;
    int seccomp;
};

/* A cgroup the launcher made for one container; one path per controller (v1) or one path (v2). */
struct sb_cgroup
{
    int version; /* 0 none, 1, 2 */
    char paths[3][512];
    char homes[3][512]; /* where the launcher came from, to leave before removing the cgroup */
    int count;
    int entered;
};

void sb_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sb_write_file(const char *path, const char *text);

int sb_cgroup_create(struct sb_cgroup *cg, const struct sb_options *opt, const char *name,
                     struct sb_enforcement *enf);
/* Moves the calling process into the cgroup; its children are born there. */
int sb_cgroup_enter(struct sb_cgroup *cg);
/* A descriptor of a v2 cgroup for clone3(CLONE_INTO_CGROUP), so PID 1 is born inside without the launcher
   joining (a v2 attach write-locks cgroup_threadgroup_rwsem, an RCU grace period); -1 for v1 or none. */
int sb_cgroup_open(const struct sb_cgroup *cg);
/* Leaves the cgroup (if entered), ends stragglers and removes it. */
void sb_cgroup_destroy(struct sb_cgroup *cg);
void sb_cgroup_none(struct sb_enforcement *enf);

/* The container root, built in the current (new) mount namespace in two steps (see rootfs.c): the part every
   container shares, in staging, then the container's own part and the pivot into it. Both run with the
   sandbox user's ids and the namespace's capabilities. sb_root_staging: where to build so that no host path
   a container may be given is hidden, or NULL when there is no such place (build in /tmp after opening the
   host paths). */
const char *sb_root_staging(void);
int sb_root_prepare(const struct sb_options *opt, const char *staging, char *err, size_t errlen);
/* home_flags_local (may be NULL) is set to 1 when the workspace's nosuid/nodev could be set on this
   namespace's mount only (no mount_setattr), so a namespace that shares workspace/home must not be used. */
int sb_root_finish(const struct sb_options *opt, const char *staging, int *home_flags_local, char *err,
                   size_t errlen);
/* For a standby's first command, made before CONFIG (sb_pid1_prepare_first_shell): sb_root_enter pivots the
   calling process's (new) mount namespace into staging, whose workspace/home is shared (sb_root_prepare), so
   the workspace bound there later shows in it too; sb_root_can_bind_with_flags: whether the kernel can give
   such copies the workspace's nosuid and nodev (mount_setattr). */
int sb_root_enter(const char *staging, char *err, size_t errlen);
int sb_root_can_bind_with_flags(void);

/* Compiles the seccomp filter once; sb_seccomp_apply installs it in the calling process. */
int sb_seccomp_prepare(char *err, size_t errlen);
int sb_seccomp_apply(void);

/* Drops every capability and sets no_new_privs: the last step before exec'ing untrusted code. */
int sb_drop_privileges(void);

/* The PID-1 loop: serves the control socket until it closes. Never returns. */
/* Brings up lo in the current network namespace (the container's only interface). */
void sb_loopback_up(void);
/* Overwrites the command line (argc, argv) with the bare name: it shows in the container's /proc. */
void sb_scrub_arguments(int argc, char **argv);
/* Drops the host's supplementary groups and takes the sandbox user's ids (capabilities inside stay); quiet:
   a failure is not reported to the engine. */
int sb_become_sandbox_user(int quiet);
/* Standby, before CONFIG, in the future PID 1 with the root staged: makes the first command's namespace and
   a shell started ahead in it (see pid1.c). Best effort: 0 when there is none, and the first command then
   starts the direct way. */
int sb_pid1_prepare_first_shell(const struct sb_options *opt, const struct sb_enforcement *enf,
                                const char *staging, int argc, char **argv);
/* CONFIG has come: a first shell that cannot serve this container (a proxy, or flags that did not reach its
   namespace) is let go. */
void sb_pid1_first_shell_config(const struct sb_options *opt, int home_flags_local);
void sb_pid1_main(const struct sb_options *opt, const struct sb_enforcement *enf) __attribute__((noreturn));

#endif
