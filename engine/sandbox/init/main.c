/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sandbench-init: starts one container. The outer process (the launcher) stays outside the
 * namespaces to write the id maps and own the cgroup; its child becomes PID 1 inside new
 * user, mount, PID, network, UTS, IPC and cgroup namespaces and serves the engine's control socket.
 */
#define _GNU_SOURCE
#include "launcher.h"
#include "protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

void sb_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("sandbench-init: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int sb_write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t len = strlen(text);
    ssize_t n = write(fd, text, len);
    int saved = errno;
    close(fd);
    errno = saved;
    return n == (ssize_t)len ? 0 : -1;
}

static void usage(void)
{
    fputs("usage: sandbench-init (--id ID --workspace DIR [--proxy-socket PATH] [--rootfs DIR] | --standby)\n"
          "                      [--host-uid N --host-gid N]\n"
          "                      [--memory BYTES] [--pids N] [--cpus FLOAT] [--fsize BYTES]\n"
          "                      [--tmp-size BYTES] [--nofile N] [--cgroup auto|v1|v2|none]\n"
          "--standby prepares the cgroup ahead of need and waits for SB_MSG_CONFIG on the control socket.\n"
          "The engine's control socket must be file descriptor 3 (see protocol.h).\n",
          stderr);
}

static int parse_ll(const char *s, long long *out)
{
    char *end = NULL;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || !end || *end || v <= 0)
        return -1;
    *out = v;
    return 0;
}

/* The id becomes the hostname and a cgroup name: keep it to the container-id alphabet. */
static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > 40)
        return 0;
    for (size_t i = 0; i < n; ++i) {
        char ch = id[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
              ch == '-'))
            return 0;
    }
    return 1;
}

static int parse_options(int argc, char **argv, struct sb_options *opt)
{
    /* clang-format off */
    static const struct option longopts[] = {{"id", required_argument, NULL, 'i'},
                                             {"workspace", required_argument, NULL, 'w'},
                                             {"host-uid", required_argument, NULL, 'u'},
                                             {"host-gid", required_argument, NULL, 'g'},
                                             {"memory", required_argument, NULL, 'm'},
                                             {"pids", required_argument, NULL, 'p'},
                                             {"cpus", required_argument, NULL, 'c'},
                                             {"fsize", required_argument, NULL, 'f'},
                                             {"tmp-size", required_argument, NULL, 't'},
                                             {"nofile", required_argument, NULL, 'n'},
                                             {"cgroup", required_argument, NULL, 'C'},
                                             {"proxy-socket", required_argument, NULL, 'P'},
                                             {"rootfs", required_argument, NULL, 'R'},
                                             {"standby", no_argument, NULL, 's'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    /* clang-format on */
    memset(opt, 0, sizeof(*opt));
    opt->memory_bytes = 5LL << 30;
    opt->pids = 512;
    opt->cpus = 1.0;
    opt->fsize_bytes = 5LL << 30;
    opt->tmp_bytes = 1LL << 30;
    opt->nofile = 4096;
    opt->cgroup_mode = "auto";
    int c;
    long long v;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'i':
            opt->id = optarg;
            break;
        case 'w':
            opt->workspace = optarg;
            break;
        case 'P':
            opt->proxy_socket = optarg;
            break;
        case 'R':
            opt->rootfs = optarg;
            break;
        case 'C':
            opt->cgroup_mode = optarg;
            break;
        case 's':
            opt->standby = 1;
            break;
        case 'u':
            if (parse_ll(optarg, &v))
                return -1;
            opt->host_uid = (uid_t)v;
            opt->host_ids_given |= 1;
            break;
        case 'g':
            if (parse_ll(optarg, &v))
                return -1;
            opt->host_gid = (gid_t)v;
            opt->host_ids_given |= 2;
            break;
        case 'm':
            if (parse_ll(optarg, &opt->memory_bytes))
                return -1;
            break;
        case 'p':
            if (parse_ll(optarg, &opt->pids))
                return -1;
            break;
        case 'f':
            if (parse_ll(optarg, &opt->fsize_bytes))
                return -1;
            break;
        case 't':
            if (parse_ll(optarg, &opt->tmp_bytes))
                return -1;
            break;
        case 'n':
            if (parse_ll(optarg, &opt->nofile) || opt->nofile < 16 || opt->nofile > (1LL << 20))
                return -1;
            break;
        case 'c': {
            char *end = NULL;
            opt->cpus = strtod(optarg, &end);
            if (!end || *end || opt->cpus <= 0)
                return -1;
            break;
        }
        default:
            return -1;
        }
    }
    if (optind != argc)
        return -1;
    if (opt->standby) {
        if (opt->id || opt->workspace || opt->proxy_socket || opt->rootfs)
            return -1;
    } else if (!opt->id || !opt->workspace || !valid_id(opt->id)) {
        return -1;
    }
    if (opt->host_ids_given != 0 && opt->host_ids_given != 3)
        return -1;
    if (strcmp(opt->cgroup_mode, "auto") && strcmp(opt->cgroup_mode, "v1") &&
        strcmp(opt->cgroup_mode, "v2") && strcmp(opt->cgroup_mode, "none"))
        return -1;
    return 0;
}

/* Reports a setup failure to the engine (if the channel works) and on stderr. */
static void report_error(int err, const char *msg)
{
    sb_log("%s", msg);
    struct sb_msg_header h = {SB_MSG_ERROR, 0, err, (uint32_t)strlen(msg)};
    char buf[1024];
    size_t len = sizeof(h) + h.payload_len;
    if (len > sizeof(buf)) {
        h.payload_len = sizeof(buf) - sizeof(h);
        len = sizeof(buf);
    }
    memcpy(buf, &h, sizeof(h));
    memcpy(buf + sizeof(h), msg, h.payload_len);
    (void)send(SB_CONTROL_FD, buf, len, MSG_NOSIGNAL);
}

static int write_id_maps(pid_t child, const struct sb_options *opt)
{
    char path[64], line[64];
    uid_t outer_uid = opt->host_ids_given ? opt->host_uid : getuid();
    gid_t outer_gid = opt->host_ids_given ? opt->host_gid : getgid();

    if (getuid() != 0) {
        snprintf(path, sizeof(path), "/proc/%d/setgroups", (int)child);
        if (sb_write_file(path, "deny") && errno != ENOENT)
            return -1;
    }
    snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)child);
    snprintf(line, sizeof(line), "%d %u 1\n", SB_SANDBOX_UID, (unsigned)outer_uid);
    if (sb_write_file(path, line))
        return -1;
    snprintf(path, sizeof(path), "/proc/%d/gid_map", (int)child);
    snprintf(line, sizeof(line), "%d %u 1\n", SB_SANDBOX_GID, (unsigned)outer_gid);
    if (sb_write_file(path, line))
        return -1;
    return 0;
}

void sb_scrub_arguments(int argc, char **argv)
{
    char *start = argv[0];
    char *end = argv[argc - 1] + strlen(argv[argc - 1]);
    memset(start, 0, (size_t)(end - start));
    snprintf(start, (size_t)(end - start) + 1, "sandbench-init");
    prctl(PR_SET_NAME, "sandbench-init");
}

/* The command line shows in the container's /proc: keep host paths out of it. */
static void hide_arguments(int argc, char **argv, struct sb_options *opt)
{
    opt->id = strdup(opt->id);
    opt->workspace = strdup(opt->workspace);
    if (opt->proxy_socket)
        opt->proxy_socket = strdup(opt->proxy_socket);
    if (opt->rootfs)
        opt->rootfs = strdup(opt->rootfs);
    sb_scrub_arguments(argc, argv);
}

static int open_host_paths(struct sb_options *opt)
{
    char msg[700];
    opt->workspace_fd = open(opt->workspace, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (opt->workspace_fd < 0) {
        snprintf(msg, sizeof(msg), "cannot open workspace directory %s: %s", opt->workspace, strerror(errno));
        report_error(errno, msg);
        return -1;
    }
    opt->rootfs_fd = -1;
    if (opt->rootfs) {
        opt->rootfs_fd = open(opt->rootfs, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (opt->rootfs_fd < 0) {
            snprintf(msg, sizeof(msg), "cannot open the image's root %s: %s", opt->rootfs, strerror(errno));
            report_error(errno, msg);
            return -1;
        }
    }
    opt->proxy_fd = -1;
    if (opt->proxy_socket) {
        opt->proxy_fd = open(opt->proxy_socket, O_PATH | O_CLOEXEC);
        if (opt->proxy_fd < 0) {
            snprintf(msg, sizeof(msg), "cannot open proxy socket %s: %s", opt->proxy_socket, strerror(errno));
            report_error(errno, msg);
            return -1;
        }
    }
    return 0;
}

static int check_workspace(const struct sb_options *opt)
{
    struct stat st;
    if (stat(opt->workspace, &st) || !S_ISDIR(st.st_mode)) {
        char msg[700];
        snprintf(msg, sizeof(msg), "workspace directory %s does not exist", opt->workspace);
        report_error(ENOENT, msg);
        return -1;
    }
    return 0;
}

/* Inside the container: drops the host's supplementary groups and takes the sandbox user's ids. quiet: a
   failure is not reported to the engine (a process other than PID 1's own line). */
int sb_become_sandbox_user(int quiet)
{
    /* Possible only when the launcher is root. */
    if (setgroups(0, NULL) && errno != EPERM) {
        if (!quiet)
            report_error(errno, "setgroups failed");
        return -1;
    }
    if (setresgid(SB_SANDBOX_GID, SB_SANDBOX_GID, SB_SANDBOX_GID) ||
        setresuid(SB_SANDBOX_UID, SB_SANDBOX_UID, SB_SANDBOX_UID)) {
        if (!quiet)
            report_error(errno, "cannot become the sandbox user inside the container");
        return -1;
    }
    /* Changing credentials cleared the death signal. (If the launcher died in between, the engine sees it
       exit and closes the control socket, which ends us.) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    return 0;
}

/* Standby: builds the shared part of the root (sb_root_prepare) in a short-lived child with the sandbox
   user's ids, which files in the new root need, while we keep the caller's ids to open the host paths the
   CONFIG will name. Both share the mount namespace. */
static int prepare_root_as_sandbox_user(const struct sb_options *opt, const char *staging)
{
    pid_t builder = fork();
    if (builder < 0) {
        report_error(errno, "cannot fork");
        return -1;
    }
    if (builder == 0) {
        char err[512];
        if (sb_become_sandbox_user(0))
            _exit(SB_EXIT_SETUP);
        if (sb_root_prepare(opt, staging, err, sizeof(err))) {
            report_error(errno, err);
            _exit(SB_EXIT_SETUP);
        }
        _exit(0);
    }
    /* Fail closed: only a builder seen to exit 0 counts, never a waitpid() error. */
    int status = -1;
    pid_t waited;
    while ((waited = waitpid(builder, &status, 0)) < 0 && errno == EINTR) {
    }
    if (waited != builder)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static volatile pid_t g_child = -1;
static volatile sig_atomic_t g_stop;

/* SIGTERM, SIGINT, SIGHUP and the engine's death (PR_SET_PDEATHSIG): the container ends, and the launcher
   lives on just long enough to remove its cgroup (main() waits for the child, then sb_cgroup_destroy). */
static void on_stop_signal(int sig)
{
    (void)sig;
    g_stop = 1;
    if (g_child > 0)
        kill(g_child, SIGKILL);
}

static void install_stop_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

static void reset_stop_handlers(void)
{
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
}

/* Standby mode: the launcher is spawned ahead of need and waits here for the container's identity. */
static int receive_config(struct sb_options *opt)
{
    static char buf[4096];
    struct sb_msg_header h;
    ssize_t len;
    do {
        len = recv(SB_CONTROL_FD, buf, sizeof(buf), 0);
    } while (len < 0 && errno == EINTR);
    if (len <= 0)
        return 1; /* the engine closed the standby: nothing to report */
    memcpy(&h, buf, sizeof(h) < (size_t)len ? sizeof(h) : (size_t)len);
    if ((size_t)len < sizeof(h) || h.type != SB_MSG_CONFIG || h.payload_len != (uint32_t)len - sizeof(h) ||
        h.payload_len == 0 || buf[len - 1] != 0) {
        report_error(EINVAL, "expected a CONFIG message");
        return -1;
    }
    const char *fields[3] = {NULL, NULL, NULL};
    const char *p = buf + sizeof(h);
    for (int i = 0; i < 3 && p < buf + len; ++i) {
        fields[i] = p;
        p += strlen(p) + 1;
    }
    if (!fields[0] || !fields[1] || !valid_id(fields[0])) {
        report_error(EINVAL, "CONFIG needs a valid container id and a workspace");
        return -1;
    }
    opt->id = fields[0];
    opt->workspace = fields[1];
    opt->proxy_socket = fields[2] && fields[2][0] ? fields[2] : NULL;
    return 0;
}

/* Forks PID 1 into the namespaces (flags). With a v2 cgroup descriptor it is born inside the cgroup
   (CLONE_INTO_CGROUP); where clone3 or that flag is refused, the launcher joins the cgroup and clones
   plainly, and where it cannot join, the container runs with rlimits only, as when there is no cgroup at all.
 */
static pid_t clone_container(int flags, struct sb_cgroup *cg, int *cgroup_fd, struct sb_enforcement *enf)
{
    if (*cgroup_fd >= 0) {
        struct clone_args args;
        memset(&args, 0, sizeof(args));
        args.flags = (uint64_t)flags | CLONE_INTO_CGROUP;
        args.exit_signal = SIGCHLD;
        args.cgroup = (uint64_t)*cgroup_fd;
        pid_t pid = (pid_t)syscall(SYS_clone3, &args, sizeof(args));
        int e = errno;
        close(*cgroup_fd); /* in PID 1 too: no handle on a host directory inside */
        *cgroup_fd = -1;
        if (pid >= 0)
            return pid;
        if (e == EPERM || e == ENOSPC || e == EUSERS || e == ENOMEM || e == EAGAIN) {
            errno = e; /* the namespaces, not the cgroup: a plain clone would fail alike */
            return -1;
        }
        if (sb_cgroup_enter(cg)) {
            sb_log("cannot join the container's cgroup (%s); falling back to rlimits", strerror(errno));
            sb_cgroup_destroy(cg);
            sb_cgroup_none(enf);
        }
    }
    return (pid_t)syscall(SYS_clone, flags | SIGCHLD, 0, 0, 0, 0);
}

int main(int argc, char **argv)
{
    struct sb_options opt;
    if (parse_options(argc, argv, &opt)) {
        usage();
        return SB_EXIT_USAGE;
    }
    int type = 0;
    socklen_t tlen = sizeof(type);
    if (getsockopt(SB_CONTROL_FD, SOL_SOCKET, SO_TYPE, &type, &tlen) || type != SOCK_SEQPACKET) {
        sb_log("file descriptor %d is not the engine's SOCK_SEQPACKET control socket", SB_CONTROL_FD);
        return SB_EXIT_USAGE;
    }
    fcntl(SB_CONTROL_FD, F_SETFD, FD_CLOEXEC);
    /* The engine keeps its data directory private with umask 077; inside, the container has the usual one. */
    umask(022);

    /* The container must never outlive the engine: when it dies, the launcher ends PID 1 and removes the
       cgroup (a SIGKILL here would leave the cgroup behind; see on_stop_signal), and PID 1 takes every
       process of the container with it. */
    install_stop_handlers();
    pid_t engine = getppid();
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != engine)
        return SB_EXIT_SETUP;

    struct sb_enforcement enf;
    memset(&enf, 0, sizeof(enf));
    struct sb_cgroup cg;
    char cgname[64];
    snprintf(cgname, sizeof(cgname), "%s-%d", opt.standby ? "standby" : opt.id, (int)getpid());
    sb_cgroup_create(&cg, &opt, cgname, &enf);
    /* PID 1 must be born inside the cgroup. v2: clone3(CLONE_INTO_CGROUP) puts it there (see
       clone_container); v1: the launcher joins first, moving its one thread, which needs no RCU grace period
       (see v1_move_self in cgroup.c). */
    int cgroup_fd = sb_cgroup_open(&cg);
    if (cg.version && cgroup_fd < 0 && sb_cgroup_enter(&cg)) {
        sb_log("cannot join the container's cgroup (%s); falling back to rlimits", strerror(errno));
        sb_cgroup_destroy(&cg);
        sb_cgroup_none(&enf);
    }

    char err[512];
    if (sb_seccomp_prepare(err, sizeof(err))) {
        report_error(EINVAL, err);
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }
    enf.seccomp = 1;

    /* A standby with a place to build that hides no host path creates the container now, all but its own
       parts, and PID 1 takes the CONFIG itself; otherwise the launcher waits for it here. */
    const char *staging = sb_root_staging();
    const int prebuild = opt.standby && staging;
    if (!staging)
        staging = "/tmp"; /* only after the host paths are open */
    if (opt.standby && !prebuild) {
        int rc = receive_config(&opt);
        if (rc) {
            sb_cgroup_destroy(&cg);
            return rc < 0 ? SB_EXIT_USAGE : 0;
        }
    }
    if (!prebuild && check_workspace(&opt)) {
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }

    int sync_pipe[2];
    if (pipe2(sync_pipe, O_CLOEXEC)) {
        report_error(errno, "pipe2 failed");
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }

    if (g_stop) {
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }
    int flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWUTS | CLONE_NEWIPC;
    pid_t child = clone_container(flags, &cg, &cgroup_fd, &enf);
    if (child < 0) {
        int e = errno;
        snprintf(err, sizeof(err),
                 "cannot create the container namespaces: %s. Unprivileged user namespaces may be disabled "
                 "(see `sandbench doctor`)",
                 strerror(e));
        report_error(e, err);
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }
    if (child == 0) {
        reset_stop_handlers();
        close(sync_pipe[1]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        /* Host paths are opened with the caller's file-system uid (the sandbox user may not be able to
           traverse the data dir) and already in our own mount namespace (a bind source must be): now, or in
           a standby once the CONFIG names them. */
        if (!prebuild && open_host_paths(&opt))
            _exit(SB_EXIT_SETUP);
        char go = 0;
        if (read(sync_pipe[0], &go, 1) != 1 || go != 'g')
            _exit(SB_EXIT_SETUP);
        close(sync_pipe[0]);
        /* The container's own network namespace exists already: bringing lo up here, not as PID 1, keeps
           it off a standby's path from CONFIG to READY. */
        sb_loopback_up();
        if (prebuild) {
            if (prepare_root_as_sandbox_user(&opt, staging))
                _exit(SB_EXIT_SETUP);
            /* Before the first command's namespace is made, so that it has this one too. */
            if (cg.version && unshare(CLONE_NEWCGROUP) == 0)
                enf.cgroupns = 1;
            sb_pid1_prepare_first_shell(&opt, &enf, staging, argc, argv);
            int rc = receive_config(&opt);
            if (rc)
                _exit(rc < 0 ? SB_EXIT_USAGE : 0);
            if (check_workspace(&opt) || open_host_paths(&opt))
                _exit(SB_EXIT_SETUP);
        }
        if (sb_become_sandbox_user(0))
            _exit(SB_EXIT_SETUP);
        int home_flags_local = 0;
        if ((!prebuild && sb_root_prepare(&opt, staging, err, sizeof(err))) ||
            sb_root_finish(&opt, staging, &home_flags_local, err, sizeof(err))) {
            report_error(errno, err);
            _exit(SB_EXIT_SETUP);
        }
        sb_pid1_first_shell_config(&opt, home_flags_local);
        if (sethostname(opt.id, strlen(opt.id)) || setdomainname("sandbench", 9)) {
            report_error(errno, "sethostname failed");
            _exit(SB_EXIT_SETUP);
        }
        if (!prebuild && cg.version && unshare(CLONE_NEWCGROUP) == 0)
            enf.cgroupns = 1;
        hide_arguments(argc, argv, &opt);
        sb_pid1_main(&opt, &enf);
    }

    close(sync_pipe[0]);
    g_child = child;
    if (g_stop) /* a signal that came before g_child was set */
        kill(child, SIGKILL);
    if (write_id_maps(child, &opt)) {
        int e = errno;
        snprintf(err, sizeof(err), "cannot write the container's uid/gid map: %s", strerror(e));
        report_error(e, err);
        kill(child, SIGKILL);
        waitpid(child, NULL, 0);
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }
    if (write(sync_pipe[1], "g", 1) != 1)
        kill(child, SIGKILL);
    close(sync_pipe[1]);
    /* Only PID 1 talks to the engine; the launcher's copy would hide EOF when PID 1 dies. */
    close(SB_CONTROL_FD);

    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    sb_cgroup_destroy(&cg);
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
