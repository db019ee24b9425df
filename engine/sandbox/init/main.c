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
    fputs("usage: sandbench-init --id ID --workspace DIR [--host-uid N --host-gid N]\n"
          "                      [--memory BYTES] [--pids N] [--cpus FLOAT] [--fsize BYTES]\n"
          "                      [--tmp-size BYTES] [--cgroup auto|v1|v2|none] [--proxy-socket PATH]\n"
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

static int parse_options(int argc, char **argv, struct sb_options *opt)
{
    static const struct option longopts[] = {{"id", required_argument, NULL, 'i'},
                                             {"workspace", required_argument, NULL, 'w'},
                                             {"host-uid", required_argument, NULL, 'u'},
                                             {"host-gid", required_argument, NULL, 'g'},
                                             {"memory", required_argument, NULL, 'm'},
                                             {"pids", required_argument, NULL, 'p'},
                                             {"cpus", required_argument, NULL, 'c'},
                                             {"fsize", required_argument, NULL, 'f'},
                                             {"tmp-size", required_argument, NULL, 't'},
                                             {"cgroup", required_argument, NULL, 'C'},
                                             {"proxy-socket", required_argument, NULL, 'P'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    memset(opt, 0, sizeof(*opt));
    opt->memory_bytes = 5LL << 30;
    opt->pids = 512;
    opt->cpus = 1.0;
    opt->fsize_bytes = 5LL << 30;
    opt->tmp_bytes = 1LL << 30;
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
        case 'C':
            opt->cgroup_mode = optarg;
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
    if (!opt->id || !opt->workspace || optind != argc)
        return -1;
    /* The id becomes the hostname: keep it to the container-id alphabet. */
    size_t n = strlen(opt->id);
    if (n == 0 || n > 40)
        return -1;
    for (size_t i = 0; i < n; ++i) {
        char ch = opt->id[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
              ch == '-'))
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

/* The command line shows in the container's /proc: keep host paths out of it. */
static void hide_arguments(int argc, char **argv, struct sb_options *opt)
{
    opt->id = strdup(opt->id);
    opt->workspace = strdup(opt->workspace);
    if (opt->proxy_socket)
        opt->proxy_socket = strdup(opt->proxy_socket);
    char *start = argv[0];
    char *end = argv[argc - 1] + strlen(argv[argc - 1]);
    memset(start, 0, (size_t)(end - start));
    snprintf(start, (size_t)(end - start) + 1, "sandbench-init");
    prctl(PR_SET_NAME, "sandbench-init");
}

static pid_t g_child = -1;

static void forward_signal(int sig)
{
    if (g_child > 0)
        kill(g_child, SIGKILL);
    (void)sig;
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

    /* The container must never outlive the engine: when it dies, the launcher and then PID 1 die. */
    pid_t engine = getppid();
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != engine)
        return SB_EXIT_SETUP;

    struct stat st;
    if (stat(opt.workspace, &st) || !S_ISDIR(st.st_mode)) {
        char msg[600];
        snprintf(msg, sizeof(msg), "workspace directory %s does not exist", opt.workspace);
        report_error(ENOENT, msg);
        return SB_EXIT_SETUP;
    }

    struct sb_enforcement enf;
    memset(&enf, 0, sizeof(enf));
    struct sb_cgroup cg;
    memset(&cg, 0, sizeof(cg));
    sb_cgroup_create(&cg, &opt, &enf);

    char err[512];
    if (sb_seccomp_prepare(err, sizeof(err))) {
        report_error(EINVAL, err);
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }
    enf.seccomp = 1;

    int sync_pipe[2];
    if (pipe2(sync_pipe, O_CLOEXEC)) {
        report_error(errno, "pipe2 failed");
        sb_cgroup_destroy(&cg);
        return SB_EXIT_SETUP;
    }

    int flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWUTS | CLONE_NEWIPC;
    pid_t child = (pid_t)syscall(SYS_clone, flags | SIGCHLD, 0, 0, 0, 0);
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
        close(sync_pipe[1]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        char go = 0;
        if (read(sync_pipe[0], &go, 1) != 1 || go != 'g')
            _exit(SB_EXIT_SETUP);
        /* Drops the supplementary groups inherited from the host (possible only when the launcher is root).
         */
        if (setgroups(0, NULL) && errno != EPERM) {
            report_error(errno, "setgroups failed");
            _exit(SB_EXIT_SETUP);
        }
        if (setresgid(SB_SANDBOX_GID, SB_SANDBOX_GID, SB_SANDBOX_GID) ||
            setresuid(SB_SANDBOX_UID, SB_SANDBOX_UID, SB_SANDBOX_UID)) {
            report_error(errno, "cannot become the sandbox user inside the container");
            _exit(SB_EXIT_SETUP);
        }
        if (sb_build_root(&opt, err, sizeof(err))) {
            report_error(errno, err);
            _exit(SB_EXIT_SETUP);
        }
        if (sethostname(opt.id, strlen(opt.id)) || setdomainname("sandbench", 9)) {
            report_error(errno, "sethostname failed");
            _exit(SB_EXIT_SETUP);
        }
        /* The launcher moves us into the cgroup while the root is built (a v1 attach waits for an RCU grace
           period); nothing runs before it says the move is done. */
        if (read(sync_pipe[0], &go, 1) != 1 || (go != 'c' && go != 'n'))
            _exit(SB_EXIT_SETUP);
        close(sync_pipe[0]);
        if (go == 'n') {
            cg.version = 0;
            strcpy(enf.cgroup, "none");
            strcpy(enf.memory, "rlimit");
            strcpy(enf.pids, "rlimit");
            strcpy(enf.cpu, "none");
        }
        if (cg.version && unshare(CLONE_NEWCGROUP) == 0)
            enf.cgroupns = 1;
        hide_arguments(argc, argv, &opt);
        sb_pid1_main(&opt, &enf);
    }

    close(sync_pipe[0]);
    g_child = child;
    signal(SIGTERM, forward_signal);
    signal(SIGINT, forward_signal);
    signal(SIGHUP, forward_signal);
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
    char go = 'c';
    if (cg.version && sb_cgroup_add(&cg, child)) {
        sb_log("cannot move the container into its cgroup (%s); falling back to rlimits", strerror(errno));
        go = 'n';
    }
    if (!cg.version)
        go = 'n';
    if (write(sync_pipe[1], &go, 1) != 1)
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
