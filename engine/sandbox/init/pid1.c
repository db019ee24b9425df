/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PID 1 of a container: serves the engine's control socket. Each command runs in a PID namespace of its
 * own under a small reaper, so killing that reaper ends the command's whole process tree, setsid daemons
 * included; nothing can escape it by re-parenting.
 */
#define _GNU_SOURCE
#include "launcher.h"
#include "protocol.h"
#ifdef SB_HAVE_RELAY
#include "relay.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_COMMANDS 64
#define MAX_ENV 128

struct command
{
    uint32_t id;
    pid_t reaper;  /* PID 1 of the command's namespace, a child of ours */
    int status_fd; /* the reaper writes bash's wait status here */
    int done_sent;
    int reaped;
    int reaper_reports; /* the reaper sends DONE itself before it writes the status */
    /* A spare handed to the engine (SB_MSG_SPARE) has id 0 until its SB_MSG_EXEC_SPARE names the command;
       what its status pipe says meanwhile waits here. */
    int handed;
    int status_read;
    int32_t pending_value;
    int pending_reported;
    /* A page shared with the reaper (a shell spare's, or a command started directly): PID 1 writes the
       command id there once it is named and its STARTED is out, so the reaper can send DONE itself
       (reap_command). */
    volatile uint32_t *id_page;
    /* A shell spare's reaper learns its command id only from id_page, which may come after bash ended: an
       unnamed one that ended is freed only once the engine said it let it go unused. */
    int shell;
    int abandoned;
};

static struct command g_cmds[MAX_COMMANDS];
static const struct sb_options *g_opt;

static struct command *find_command(uint32_t id);
static void release_if_finished(struct command *c);
static void hand_spare(void);
static void drop_spare(void);

/* The extra environment of the last EXEC (its "KEY=VALUE\0" entries as sent), the one a shell spare starts
   with; g_env_known once an EXEC or EXEC_SPARE said it. */
static char g_env[SB_MAX_PACKET];
static uint32_t g_env_len;
static int g_env_known;

static void remember_env(const char *env, uint32_t len)
{
    if (len > sizeof(g_env) || (len > 0 && env[len - 1] != 0))
        return;
    memcpy(g_env, env, len);
    g_env_len = len;
    g_env_known = 1;
}

static void free_slot(struct command *c)
{
    if (c->id_page)
        munmap((void *)c->id_page, sizeof(uint32_t));
    memset(c, 0, sizeof(*c));
}

static int send_msg(uint32_t type, uint32_t id, int32_t value, const char *payload, size_t len)
{
    struct sb_msg_header h = {type, id, value, (uint32_t)len};
    struct iovec iov[2] = {{&h, sizeof(h)}, {(void *)payload, len}};
    struct msghdr msg;
    memset(&msg, 0, sizeof(msg));
    msg.msg_iov = iov;
    msg.msg_iovlen = len ? 2 : 1;
    return sendmsg(SB_CONTROL_FD, &msg, MSG_NOSIGNAL) < 0 ? -1 : 0;
}

/* One packet of iovcnt pieces with nfds (at most 3) descriptors as SCM_RIGHTS; sendmsg's result, EINTR
   retried. */
static ssize_t send_with_fds(int sock, struct iovec *iov, int iovcnt, const int *fds, int nfds, int flags)
{
    char cbuf[CMSG_SPACE(sizeof(int) * 3)];
    memset(cbuf, 0, sizeof(cbuf));
    struct msghdr msg;
    memset(&msg, 0, sizeof(msg));
    msg.msg_iov = iov;
    msg.msg_iovlen = (size_t)iovcnt;
    msg.msg_control = cbuf;
    msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
    struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
    memcpy(CMSG_DATA(cm), fds, sizeof(int) * (size_t)nfds);
    ssize_t n;
    do {
        n = sendmsg(sock, &msg, flags);
    } while (n < 0 && errno == EINTR);
    return n;
}

void sb_loopback_up(void)
{
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return;
    struct ifreq ifr;
    memset(&ifr, 0, sizeof(ifr));
    strcpy(ifr.ifr_name, "lo");
    if (ioctl(s, SIOCGIFFLAGS, &ifr) == 0) {
        ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
        ioctl(s, SIOCSIFFLAGS, &ifr);
    }
    close(s);
}

/* The container's descriptor limit, not the one inherited from the engine. Raising it above the inherited
   hard limit needs a capability the container does not have; the hard limit is then the most it gets. */
static void set_nofile_limit(void)
{
    struct rlimit rl = {(rlim_t)g_opt->nofile, (rlim_t)g_opt->nofile};
    if (setrlimit(RLIMIT_NOFILE, &rl) != 0 && getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

static void set_limits(void)
{
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = (rlim_t)g_opt->fsize_bytes;
    setrlimit(RLIMIT_FSIZE, &rl);
    rl.rlim_cur = rl.rlim_max = (rlim_t)g_opt->pids;
    setrlimit(RLIMIT_NPROC, &rl);
    rl.rlim_cur = rl.rlim_max = 0;
    setrlimit(RLIMIT_CORE, &rl);
    set_nofile_limit();
}

/* Everything that makes a process the unprivileged, filtered command except its descriptors: a session of
   its own, default signals, the limits, no capabilities, no_new_privs and the seccomp filter. */
static void become_command(const struct sb_enforcement *enf)
{
    setsid();
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    /* Handlers end with execve, and the engine spawns the launcher with every signal at its default
       (POSIX_SPAWN_SETSIGDEF in InitSpawner and app/front.c): only PID 1's own ignored one is left. */
    signal(SIGPIPE, SIG_DFL);
    set_limits();
    if (strcmp(enf->memory, "cgroup") != 0) {
        struct rlimit rl = {(rlim_t)g_opt->memory_bytes, (rlim_t)g_opt->memory_bytes};
        setrlimit(RLIMIT_AS, &rl);
    }
    if (sb_drop_privileges() || sb_seccomp_apply()) {
        dprintf(2, "sandbench: cannot drop privileges: %s\n", strerror(errno));
        _exit(126);
    }
}

/* The last step of a command process (see become_command): its descriptors, then `bash -c CMD`. Never
   returns. */
/* A shell started ahead of its command (a shell spare, see prepare_spare) runs this as `bash -c`: it reads
   the command from fd 3 up to the engine's end mark (0x01; a pipe closed without it means the engine let
   the spare go: nothing runs), closes fd 3 and runs the command in the same shell, so the command sees what
   `bash -c CMD` shows it: $0, no arguments, BASH_EXECUTION_STRING, $_, SECONDS from 0, LINENO from 1, only
   fds 0-2. (A syntax error names `eval` where `bash -c` says `-c`.) */
static const char k_ahead_shell[] =
    "IFS= read -r -N 1048576 BASH_EXECUTION_STRING <&3; exec 3<&-; "
    "[[ $BASH_EXECUTION_STRING == *$'\\001' ]] || exit 0; "
    "BASH_EXECUTION_STRING=${BASH_EXECUTION_STRING%$'\\001'}; SECONDS=0; : bash; "
    "eval -- \"$BASH_EXECUTION_STRING\"";

/* The first shell of a container from a standby (sb_pid1_prepare_first_shell) started before the container
   had its name and workspace: once its command has come (the engine sends it after READY, when both exist),
   it takes HOSTNAME from /etc/hostname and enters /workspace/home again, where the workspace is now mounted
   over the empty directory it started in; then it is k_ahead_shell. OLDPWD goes back to what bash -c shows
   (exported, no value). */
static const char k_first_shell[] =
    "IFS= read -r -N 1048576 BASH_EXECUTION_STRING <&3; exec 3<&-; "
    "[[ $BASH_EXECUTION_STRING == *$'\\001' ]] || exit 0; "
    "builtin cd -- " SB_WORKDIR " || exit 126; unset OLDPWD; export OLDPWD; "
    "HOSTNAME=; IFS= read -r HOSTNAME </etc/hostname; export HOSTNAME; "
    "BASH_EXECUTION_STRING=${BASH_EXECUTION_STRING%$'\\001'}; SECONDS=0; : bash; "
    "eval -- \"$BASH_EXECUTION_STRING\"";

/* cmd_fd >= 0: the shell spare's way, `bash -c k_ahead_shell` with cmd_fd as its fd 3 (cmd unused); before
   CONFIG (no id yet), k_first_shell and no HOSTNAME. */
static void exec_bash(const char *cmd, char **extra_env, int n_extra, int out_fd, int err_fd, int cmd_fd)
    __attribute__((noreturn));
static void exec_bash(const char *cmd, char **extra_env, int n_extra, int out_fd, int err_fd, int cmd_fd)
{
    int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devnull < 0 || dup2(devnull, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
        _exit(127);
    if (cmd_fd >= 0) {
        if (dup2(cmd_fd, 3) < 0)
            _exit(127);
        syscall(SYS_close_range, 4, ~0U, 0);
    } else {
        syscall(SYS_close_range, 3, ~0U, 0);
    }

    const int first = g_opt->id == NULL;
    char hostname[80];
    snprintf(hostname, sizeof(hostname), "HOSTNAME=%s", first ? "" : g_opt->id);
    char *env[MAX_ENV + 16];
    int n = 0;
    env[n++] = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    env[n++] = "HOME=" SB_WORKDIR;
    env[n++] = "PWD=" SB_WORKDIR;
    env[n++] = "USER=" SB_SANDBOX_USER;
    env[n++] = "LOGNAME=" SB_SANDBOX_USER;
    env[n++] = "SHELL=/bin/bash";
    env[n++] = "LANG=C.UTF-8";
    env[n++] = "LC_ALL=C.UTF-8";
    env[n++] = "TERM=dumb";
    env[n++] = "TMPDIR=/tmp";
    env[n++] = "MPLBACKEND=Agg";
    /* matplotlib's settings and font cache: in the container's /tmp, not as .cache/.config in the user's home
       (where they showed among the user's files and went into its history). */
    env[n++] = "MPLCONFIGDIR=/tmp/.sandbench-mpl";
    if (!first)
        env[n++] = hostname;
    for (int i = 0; i < n_extra && n < MAX_ENV + 15; ++i) {
        /* A later entry replaces a default of the same name. */
        size_t key = strcspn(extra_env[i], "=");
        int replaced = 0;
        for (int j = 0; j < n; ++j) {
            if (strncmp(env[j], extra_env[i], key + 1) == 0) {
                env[j] = extra_env[i];
                replaced = 1;
                break;
            }
        }
        if (!replaced)
            env[n++] = extra_env[i];
    }
    env[n] = NULL;
    char *script = first ? (char *)k_first_shell : (char *)k_ahead_shell;
    /* "--": a command that starts with "-" is a command, never bash's (or sh's) options. */
    char *argv[] = {"bash", "-c", "--", cmd_fd >= 0 ? script : (char *)cmd, NULL};
    execve("/bin/bash", argv, env);
    if (errno == ENOENT && cmd_fd < 0) {
        /* An image without bash (busybox, alpine): its POSIX shell. */
        for (int j = 0; j < n; ++j) {
            if (!strcmp(env[j], "SHELL=/bin/bash"))
                env[j] = "SHELL=/bin/sh";
        }
        argv[0] = "sh";
        execve("/bin/sh", argv, env);
    }
    dprintf(2, "sandbench: cannot run bash or sh: %s\n", strerror(errno));
    _exit(127);
}

/* Splits an EXEC payload ("command\0" then "KEY=VALUE\0" entries; its last byte is 0) into the command and
   its extra environment. Returns the number of entries. */
static int parse_exec_payload(char *payload, uint32_t len, char **env)
{
    int n_env = 0;
    for (char *p = payload + strlen(payload) + 1; p < payload + len && n_env < MAX_ENV; p += strlen(p) + 1) {
        if (strchr(p, '='))
            env[n_env++] = p;
    }
    return n_env;
}

/* A /proc of the command's own namespace, so tools that check /proc/self against getpid() (ps) work. */
static void mount_command_proc(void)
{
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) == 0) {
        static const char *const ro[] = {"/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus", NULL};
        for (int i = 0; ro[i]; ++i) {
            if (mount(ro[i], ro[i], NULL, MS_BIND | MS_REC, NULL) == 0)
                mount(NULL, ro[i], NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                      NULL);
        }
    }
}

/* The start of a command's reaper, in its new PID and mount namespaces. */
static void enter_command_namespace(void)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    mount_command_proc();
}

/* The rest of a reaper's life: reports the wait status of its command process `bash`, then reaps until the
   namespace is empty. With a command_id (not 0 once the command arrived), the reaper first sends DONE
   itself on the control socket control_fd, which saves the hop through PID 1 for every command. Never
   returns. */
static void reap_command(pid_t bash, int status_fd, int control_fd, volatile uint32_t *command_id)
    __attribute__((noreturn));

/* A prepared command process (see prepare_spare): waits with every privilege already dropped for one EXEC
   packet, as PID 1 received and checked it, with the output descriptors attached; then runs it. */
static void wait_for_command(int sock, volatile uint32_t *command_id) __attribute__((noreturn));
static void wait_for_command(int sock, volatile uint32_t *command_id)
{
    static char buf[SB_MAX_PACKET];
    char cbuf[CMSG_SPACE(sizeof(int) * 2)];
    struct iovec iov = {buf, sizeof(buf)};
    struct msghdr msg;
    memset(&msg, 0, sizeof(msg));
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = cbuf;
    msg.msg_controllen = sizeof(cbuf);
    ssize_t len;
    do {
        len = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    } while (len < 0 && errno == EINTR);
    if (len <= 0)
        _exit(0); /* PID 1 let the spare go */
    int fds[2] = {-1, -1};
    struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
    if (cm && cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS &&
        cm->cmsg_len == CMSG_LEN(sizeof(fds)))
        memcpy(fds, CMSG_DATA(cm), sizeof(fds));
    struct sb_msg_header h;
    if ((size_t)len <= sizeof(h) || fds[0] < 0 || fds[1] < 0)
        _exit(127);
    memcpy(&h, buf, sizeof(h));
    *command_id = h.id; /* for the reaper's DONE */
    char *payload = buf + sizeof(h);
    char *env[MAX_ENV];
    int n_env = parse_exec_payload(payload, h.payload_len, env);
    exec_bash(payload, env, n_env, fds[0], fds[1], -1);
}

/* PID 1 of a spare command namespace: forks the prepared command process, then reaps. The command process
   leaves its command id in a page shared with us. */
static void spare_reaper(int sock, int status_fd, const struct sb_enforcement *enf) __attribute__((noreturn));
static void spare_reaper(int sock, int status_fd, const struct sb_enforcement *enf)
{
    enter_command_namespace();
    volatile uint32_t *command_id =
        mmap(NULL, sizeof(uint32_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (command_id == MAP_FAILED)
        command_id = NULL;
    pid_t bash = fork();
    if (bash < 0)
        _exit(126);
    if (bash == 0) {
        close(status_fd);
        close(SB_CONTROL_FD);
        become_command(enf);
        static volatile uint32_t unused;
        wait_for_command(sock, command_id ? command_id : &unused);
    }
    close(sock);
    reap_command(bash, status_fd, command_id ? SB_CONTROL_FD : -1, command_id);
}

/* PID 1 of a shell spare's namespace: starts the shell ahead of its command (exec_bash with cmd_fd: every
   privilege dropped, bash loaded and waiting on cmd_fd), then reaps. PID 1 names the command in id_page. */
static void shell_reaper(int cmd_fd, int out_fd, int err_fd, int status_fd, volatile uint32_t *id_page,
                         const struct sb_enforcement *enf) __attribute__((noreturn));
static void shell_reaper(int cmd_fd, int out_fd, int err_fd, int status_fd, volatile uint32_t *id_page,
                         const struct sb_enforcement *enf)
{
    enter_command_namespace();
    pid_t bash = fork();
    if (bash < 0)
        _exit(126);
    if (bash == 0) {
        close(status_fd);
        close(SB_CONTROL_FD);
        become_command(enf);
        char *no_env[MAX_ENV];
        int n_env = 0;
        for (uint32_t off = 0; off < g_env_len && n_env < MAX_ENV; off += (uint32_t)strlen(g_env + off) + 1) {
            if (strchr(g_env + off, '='))
                no_env[n_env++] = g_env + off;
        }
        exec_bash(NULL, no_env, n_env, out_fd, err_fd, cmd_fd);
    }
    close(cmd_fd);
    close(out_fd);
    close(err_fd);
    reap_command(bash, status_fd, SB_CONTROL_FD, id_page);
}

/* PID 1 of the command's namespace: starts bash, reports its status (and, once PID 1 has named the command in
   id_page, sends DONE itself), then reaps until the namespace is empty. The command process drops its
   privileges while we mount the namespace's /proc, and execs bash once that is done (go_pipe closed). */
static void command_reaper(const char *cmd, char **extra_env, int n_extra, int out_fd, int err_fd,
                           int status_fd, volatile uint32_t *id_page, const struct sb_enforcement *enf)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int go_pipe[2];
    if (pipe2(go_pipe, O_CLOEXEC))
        _exit(126);
    pid_t bash = fork();
    if (bash < 0)
        _exit(126);
    if (bash == 0) {
        close(status_fd);
        close(go_pipe[1]);
        if (id_page)
            close(SB_CONTROL_FD);
        become_command(enf);
        char go;
        while (read(go_pipe[0], &go, 1) < 0 && errno == EINTR) {
        }
        exec_bash(cmd, extra_env, n_extra, out_fd, err_fd, -1);
    }
    close(go_pipe[0]);
    close(out_fd);
    close(err_fd);
    mount_command_proc();
    close(go_pipe[1]);
    reap_command(bash, status_fd, id_page ? SB_CONTROL_FD : -1, id_page);
}

static void reap_command(pid_t bash, int status_fd, int control_fd, volatile uint32_t *command_id)
{
    int status = 0;
    for (;;) {
        pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (pid == bash) {
            /* [0] bash's wait status, [1] whether DONE went out from here. A prepared process that died
               before it learnt its command id (or a failed send) leaves DONE to PID 1, so it is never lost.
             */
            int32_t report[2] = {status, 0};
            /* Acquire: PID 1 names the command only after its STARTED went out, which DONE must not pass. */
            const uint32_t id = command_id ? __atomic_load_n(command_id, __ATOMIC_ACQUIRE) : 0;
            if (control_fd >= 0 && id != 0)
                report[1] = send_msg(SB_MSG_DONE, id, report[0], NULL, 0) == 0;
            if (control_fd >= 0)
                close(control_fd);
            if (write(status_fd, report, sizeof(report)) != sizeof(report)) {
                /* PID 1 is gone; the death signal ends us shortly. */
            }
            close(status_fd);
            status_fd = -1;
        }
    }
    _exit(0);
}

/* A command namespace prepared ahead of need, so that an EXEC costs little more than the execve of bash: the
   reaper has its namespaces and /proc, the command process under it has dropped its privileges and waits on
   sock (see wait_for_command). Made while no command runs, after READY and after each DONE. */
struct spare
{
    pid_t reaper; /* 0: none */
    int sock;     /* the prepared process's socket, or a shell spare's command pipe (write end) */
    int status_fd;
    int shell;                  /* a shell spare: bash already runs, with its own output pipes */
    int out_fd, err_fd;         /* a shell spare's output pipes (read ends), for the engine */
    volatile uint32_t *id_page; /* a shell spare's page shared with its reaper */
};
static struct spare g_spare = {0, -1, -1, 0, -1, -1, NULL};

static void clear_spare(void)
{
    close(g_spare.sock);
    close(g_spare.status_fd);
    if (g_spare.shell) {
        close(g_spare.out_fd);
        close(g_spare.err_fd);
        if (g_spare.id_page)
            munmap((void *)g_spare.id_page, sizeof(uint32_t));
    }
    memset(&g_spare, 0, sizeof(g_spare));
    g_spare.sock = g_spare.status_fd = g_spare.out_fd = g_spare.err_fd = -1;
}
static int g_want_spare;
#define SPARE_DELAY_US 1000

static long long monotonic_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Hands the spare just made to the engine (SB_MSG_SPARE with its socket), which sends the next command
   straight to it: no hop through PID 1 on the way in. PID 1 books its reaper and status pipe in a slot of
   id 0 until the engine's SB_MSG_EXEC_SPARE names the command. Where that fails the spare stays PID 1's
   (start_in_spare). */
static void hand_spare(void)
{
    struct command *slot = NULL;
    for (int i = 0; i < MAX_COMMANDS && !slot; ++i) {
        if (g_cmds[i].reaper == 0)
            slot = &g_cmds[i];
    }
    if (!slot) {
        if (g_spare.shell)
            drop_spare(); /* only the engine can use a shell spare */
        return;
    }
    /* A shell spare: [command pipe, stdout, stderr] and, as payload, the environment its bash started with
       (the engine uses it only for a command with that environment). */
    const uint32_t env_len = g_spare.shell ? g_env_len : 0;
    struct sb_msg_header h = {SB_MSG_SPARE, 0, g_spare.reaper, env_len};
    struct iovec iov[2] = {{&h, sizeof(h)}, {g_env, env_len}};
    const int fds[3] = {g_spare.sock, g_spare.out_fd, g_spare.err_fd};
    if (send_with_fds(SB_CONTROL_FD, iov, env_len ? 2 : 1, fds, g_spare.shell ? 3 : 1,
                      MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)(sizeof(h) + env_len)) {
        if (g_spare.shell)
            drop_spare();
        return;
    }
    memset(slot, 0, sizeof(*slot));
    slot->reaper = g_spare.reaper;
    slot->status_fd = g_spare.status_fd;
    slot->reaper_reports = 1;
    slot->handed = 1;
    slot->id_page = g_spare.id_page;
    slot->shell = g_spare.shell;
    g_spare.id_page = NULL; /* the slot's now */
    g_spare.status_fd = -1;
    clear_spare();
}

/* SB_MSG_EXEC_SPARE: the engine sent command id to the handed spare whose reaper is reaper. */
static void name_handed_spare(uint32_t id, pid_t reaper)
{
    struct command *c = NULL;
    for (int i = 0; i < MAX_COMMANDS && !c; ++i) {
        if (g_cmds[i].handed && g_cmds[i].id == 0 && g_cmds[i].reaper == reaper && reaper > 0)
            c = &g_cmds[i];
    }
    if (id == 0 && c && c->shell) {
        /* The engine let this shell spare go unused (its bash reads end of file and exits). */
        c->abandoned = 1;
        release_if_finished(c);
        return;
    }
    if (id == 0 || find_command(id))
        return;
    if (!c) {
        /* The spare died before it read the command: the command never ran. */
        send_msg(SB_MSG_DONE, id, SIGKILL, NULL, 0);
        send_msg(SB_MSG_REAPED, id, 0, NULL, 0);
        return;
    }
    c->id = id;
    if (c->id_page)
        __atomic_store_n(c->id_page, id, __ATOMIC_RELEASE); /* the reaper sends DONE itself from now on */
    if (c->status_read && !c->done_sent) {
        if (!c->pending_reported)
            send_msg(SB_MSG_DONE, id, c->pending_value, NULL, 0);
        c->done_sent = 1;
        g_want_spare = 1;
    }
    release_if_finished(c);
}

static void drop_spare(void)
{
    if (g_spare.reaper <= 0)
        return;
    kill(g_spare.reaper, SIGKILL); /* reaped by reap_children like any child */
    clear_spare();
}

/* A shell spare's descriptors: pipes as [read end, write end] (-1 where not made) and the page it shares
   with PID 1 (see struct command). */
struct shell_ends
{
    int cmd[2], out[2], err[2], status[2];
    volatile uint32_t *page;
};

/* Makes a shell spare's pipes and page, then its reaper in new PID and mount namespaces, which runs body
   (never returns) with its ends of them; in PID 1 the spare becomes g_spare. Returns 0 when any of it cannot
   be made. */
static int start_shell_spare(void (*body)(const struct shell_ends *, const struct sb_enforcement *),
                             const struct sb_enforcement *enf)
{
    struct shell_ends e = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}, MAP_FAILED};
    e.page = mmap(NULL, sizeof(uint32_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    pid_t reaper = -1;
    if (e.page != MAP_FAILED && !pipe2(e.cmd, O_CLOEXEC) && !pipe2(e.out, O_CLOEXEC) &&
        !pipe2(e.err, O_CLOEXEC) && !pipe2(e.status, O_CLOEXEC))
        reaper = (pid_t)syscall(SYS_clone, CLONE_NEWPID | CLONE_NEWNS | SIGCHLD, 0, 0, 0, 0);
    if (reaper == 0) {
        close(e.cmd[1]);
        close(e.out[0]);
        close(e.err[0]);
        close(e.status[0]);
        body(&e, enf);
    }
    close(e.cmd[0]);
    close(e.out[1]);
    close(e.err[1]);
    close(e.status[1]);
    if (reaper < 0) {
        close(e.cmd[1]);
        close(e.out[0]);
        close(e.err[0]);
        close(e.status[0]);
        if (e.page != MAP_FAILED)
            munmap((void *)e.page, sizeof(uint32_t));
        return 0;
    }
    g_spare.reaper = reaper;
    g_spare.sock = e.cmd[1];
    g_spare.status_fd = e.status[0];
    g_spare.shell = 1;
    g_spare.out_fd = e.out[0];
    g_spare.err_fd = e.err[0];
    g_spare.id_page = e.page;
    return 1;
}

static void between_commands_reaper(const struct shell_ends *e, const struct sb_enforcement *enf)
    __attribute__((noreturn));
static void between_commands_reaper(const struct shell_ends *e, const struct sb_enforcement *enf)
{
    shell_reaper(e->cmd[0], e->out[1], e->err[1], e->status[1], e->page, enf);
}

/* A shell spare (see shell_reaper): bash itself is started ahead with the last command's environment, so a
   command costs no execve or shell start-up; its output pipes are made here and their read ends go to the
   engine. Returns 0 when it cannot be made (the caller then makes the plain kind). */
static int prepare_shell_spare(const struct sb_enforcement *enf)
{
    if (!start_shell_spare(between_commands_reaper, enf))
        return 0;
    hand_spare();
    return 1;
}

/* What the first shell's reaper needs beyond its ends (see sb_pid1_prepare_first_shell). */
static struct
{
    const char *staging;
    int argc;
    char **argv;
} g_first;

static void first_shell_reaper(const struct shell_ends *e, const struct sb_enforcement *enf)
    __attribute__((noreturn));
static void first_shell_reaper(const struct shell_ends *e, const struct sb_enforcement *enf)
{
    /* The standby's command line shows as this namespace's PID 1: only the name, as PID 1 shows. */
    sb_scrub_arguments(g_first.argc, g_first.argv);
    char err[256];
    if (sb_become_sandbox_user(1) || sb_root_enter(g_first.staging, err, sizeof(err)))
        _exit(126);
    /* After the credentials changed. Not dumpable, as every other reaper (a fork of PID 1, which is not
       dumpable once it serves): the command, of the same uid, must not reach our descriptors (the control
       socket among them) through /proc/1. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    mount_command_proc();
    if (chdir(SB_WORKDIR))
        _exit(126);
    pid_t shell = fork();
    if (shell < 0)
        _exit(126);
    if (shell == 0) {
        close(e->status[1]);
        close(SB_CONTROL_FD);
        become_command(enf);
        exec_bash(NULL, NULL, 0, e->out[1], e->err[1], e->cmd[0]);
    }
    close(e->cmd[0]);
    close(e->out[1]);
    close(e->err[1]);
    reap_command(shell, e->status[1], SB_CONTROL_FD, e->page);
}

/* The first command of a container from a standby runs in a shell started before CONFIG, so that it costs
   no namespace, mount, fork or bash start-up after it: a shell spare (see prepare_shell_spare) whose reaper
   takes a copy of the staged root as its own at once (sb_root_enter; its mount namespace is its own) and
   whose /workspace/home is a copy of the shared, still empty one (sb_root_prepare), so the workspace
   PID 1 binds there on CONFIG shows in it too, nosuid and nodev as in PID 1's (sb_root_finish). Its bash
   learns the rest when its command comes (k_first_shell). PID 1 hands it to the engine before READY; it
   lets it go where it cannot serve (sb_pid1_first_shell_config). */
int sb_pid1_prepare_first_shell(const struct sb_options *opt, const struct sb_enforcement *enf,
                                const char *staging, int argc, char **argv)
{
    g_opt = opt;
    char bash[256];
    snprintf(bash, sizeof(bash), "%s/usr/bin/bash", staging);
    if (!sb_root_can_bind_with_flags() || access(bash, X_OK))
        return 0;
    g_first.staging = staging;
    g_first.argc = argc;
    g_first.argv = argv;
    return start_shell_spare(first_shell_reaper, enf);
}

void sb_pid1_first_shell_config(const struct sb_options *opt, int home_flags_local)
{
    /* A proxy's socket and environment are not in it; nor are the workspace's flags without mount_setattr. */
    if (g_spare.reaper > 0 && (opt->proxy_socket || home_flags_local))
        drop_spare();
}

static void prepare_spare(const struct sb_enforcement *enf)
{
    if (g_spare.reaper > 0)
        return;
    /* Once the engine's environment is known (it is the same for every command of a container), and where
       the root has bash. */
    if (g_env_known && access("/bin/bash", X_OK) == 0 && prepare_shell_spare(enf))
        return;
    int sock[2], status_pipe[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sock))
        return;
    if (pipe2(status_pipe, O_CLOEXEC)) {
        close(sock[0]);
        close(sock[1]);
        return;
    }
    pid_t reaper = (pid_t)syscall(SYS_clone, CLONE_NEWPID | CLONE_NEWNS | SIGCHLD, 0, 0, 0, 0);
    if (reaper == 0) {
        /* The reaper keeps the control socket to send its command's DONE (see reap_command). */
        close(sock[0]);
        close(status_pipe[0]);
        spare_reaper(sock[1], status_pipe[1], enf);
    }
    close(sock[1]);
    close(status_pipe[1]);
    if (reaper < 0) {
        close(sock[0]);
        close(status_pipe[0]);
        return;
    }
    g_spare.reaper = reaper;
    g_spare.sock = sock[0];
    g_spare.status_fd = status_pipe[0];
    hand_spare();
}

/* Hands the checked EXEC packet and its descriptors to the spare; returns its reaper or 0 when there is no
   usable spare (the caller then starts the command itself). */
static pid_t start_in_spare(const char *packet, size_t len, int *fds, int *status_fd)
{
    if (g_spare.reaper <= 0 || g_spare.shell)
        return 0;
    struct iovec iov = {(void *)packet, len};
    if (send_with_fds(g_spare.sock, &iov, 1, fds, 2, MSG_NOSIGNAL) != (ssize_t)len) {
        drop_spare(); /* gone, or the packet is too big for it */
        return 0;
    }
    pid_t reaper = g_spare.reaper;
    *status_fd = g_spare.status_fd;
    g_spare.status_fd = -1;
    clear_spare();
    return reaper;
}

static struct command *find_command(uint32_t id)
{
    if (id == 0)
        return NULL; /* a handed spare not named yet */
    for (int i = 0; i < MAX_COMMANDS; ++i) {
        if (g_cmds[i].reaper > 0 && g_cmds[i].id == id)
            return &g_cmds[i];
    }
    return NULL;
}

/* packet is the whole EXEC packet: h, then payload. */
static void handle_exec(const struct sb_msg_header *h, const char *packet, char *payload, int *fds, int nfds,
                        const struct sb_enforcement *enf)
{
    char err[160];
    if (nfds != 2 || h->payload_len == 0 || payload[h->payload_len - 1] != 0) {
        for (int i = 0; i < nfds; ++i)
            close(fds[i]);
        snprintf(err, sizeof(err), "malformed EXEC message");
        send_msg(SB_MSG_ERROR, h->id, EINVAL, err, strlen(err));
        return;
    }
    struct command *slot = NULL;
    for (int i = 0; i < MAX_COMMANDS; ++i) {
        if (g_cmds[i].reaper == 0) {
            slot = &g_cmds[i];
            break;
        }
    }
    if (!slot || find_command(h->id)) {
        close(fds[0]);
        close(fds[1]);
        snprintf(err, sizeof(err),
                 slot ? "duplicate command id" : "too many commands running in this container");
        send_msg(SB_MSG_ERROR, h->id, EBUSY, err, strlen(err));
        return;
    }
    {
        const size_t cmd_len = strlen(payload) + 1;
        remember_env(payload + cmd_len, h->payload_len - (uint32_t)cmd_len);
    }
    /* STARTED goes first: the spare's reaper sends DONE itself, which must not overtake it. */
    int started_sent = 0;
    if (g_spare.reaper > 0 && !g_spare.shell) {
        send_msg(SB_MSG_STARTED, h->id, g_spare.reaper, NULL, 0);
        started_sent = 1;
        int spare_status = -1;
        pid_t spare = start_in_spare(packet, sizeof(*h) + h->payload_len, fds, &spare_status);
        if (spare > 0) {
            close(fds[0]);
            close(fds[1]);
            slot->id = h->id;
            slot->reaper = spare;
            slot->status_fd = spare_status;
            slot->done_sent = 0;
            slot->reaped = 0;
            slot->reaper_reports = 1;
            return;
        }
    }
    char *cmd = payload;
    char *env[MAX_ENV];
    int n_env = parse_exec_payload(payload, h->payload_len, env);
    int status_pipe[2];
    if (pipe2(status_pipe, O_CLOEXEC)) {
        close(fds[0]);
        close(fds[1]);
        send_msg(SB_MSG_ERROR, h->id, errno, "pipe2", 5);
        return;
    }
    /* Where the reaper learns the command id once STARTED is out, to send DONE itself (else PID 1 does). */
    volatile uint32_t *id_page =
        mmap(NULL, sizeof(uint32_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (id_page == MAP_FAILED)
        id_page = NULL;
    pid_t reaper = (pid_t)syscall(SYS_clone, CLONE_NEWPID | CLONE_NEWNS | SIGCHLD, 0, 0, 0, 0);
    if (reaper < 0) {
        int e = errno;
        close(fds[0]);
        close(fds[1]);
        close(status_pipe[0]);
        close(status_pipe[1]);
        if (id_page)
            munmap((void *)id_page, sizeof(uint32_t));
        snprintf(err, sizeof(err), "cannot start the command: %s", strerror(e));
        send_msg(SB_MSG_ERROR, h->id, e, err, strlen(err));
        return;
    }
    if (reaper == 0) {
        close(status_pipe[0]);
        if (!id_page)
            close(SB_CONTROL_FD);
        command_reaper(cmd, env, n_env, fds[0], fds[1], status_pipe[1], id_page, enf);
    }
    close(fds[0]);
    close(fds[1]);
    close(status_pipe[1]);
    slot->id = h->id;
    slot->reaper = reaper;
    slot->status_fd = status_pipe[0];
    slot->done_sent = 0;
    slot->reaped = 0;
    slot->reaper_reports = id_page != NULL;
    slot->id_page = id_page;
    if (!started_sent)
        send_msg(SB_MSG_STARTED, h->id, reaper, NULL, 0);
    if (id_page)
        __atomic_store_n(id_page, h->id, __ATOMIC_RELEASE);
}

static void release_if_finished(struct command *c)
{
    if (c->id == 0) {
        /* A handed spare whose command process never learnt a command id ran nothing: it is gone, and the
           engine's next send to it fails. One that ran its command waits for SB_MSG_EXEC_SPARE. A shell
           spare cannot tell: it waits until the engine names it or says it let it go (EXEC_SPARE of id 0). */
        if (c->reaped && c->status_read && (c->shell ? c->abandoned : !c->pending_reported)) {
            free_slot(c);
            g_want_spare = 1;
        }
        return;
    }
    if (c->done_sent && c->reaped) {
        /* The reaper exits only once its namespace is empty: nothing the command started is left. */
        send_msg(SB_MSG_REAPED, c->id, 0, NULL, 0);
        free_slot(c);
    }
}

/* Ends every command namespace, the running command's and those where background processes of earlier
   commands live on; their DONE and REAPED follow from the reaping as for any command. */
static void kill_all_commands(void)
{
    for (int i = 0; i < MAX_COMMANDS; ++i) {
        /* A handed spare not named yet runs nothing of anyone's (a command sent to it before this KILL_ALL
           was named by its EXEC_SPARE, which came first). */
        if (g_cmds[i].reaper > 0 && !g_cmds[i].reaped && g_cmds[i].id != 0)
            kill(g_cmds[i].reaper, SIGKILL);
    }
    drop_spare();
    g_want_spare = 1;
}

static void read_status(struct command *c)
{
    int32_t report[2] = {0, 0};
    ssize_t n;
    do {
        n = read(c->status_fd, report, sizeof(report));
    } while (n < 0 && errno == EINTR);
    int32_t value = report[0];
    int reported = 0;
    if (n != sizeof(report)) {
        /* The reaper died before bash reported: the namespace was killed. (A reaper that sends DONE itself
           may have sent it just before; the engine ignores a second DONE for an ended command.) */
        value = SIGKILL;
    } else {
        reported = c->reaper_reports && report[1];
    }
    close(c->status_fd);
    c->status_fd = -1;
    if (c->id == 0) {
        c->status_read = 1;
        c->pending_value = value;
        c->pending_reported = n == sizeof(report) && report[1];
        if (n != sizeof(report))
            c->pending_value = SIGKILL;
        release_if_finished(c);
        return;
    }
    if (!c->done_sent) {
        if (!reported)
            send_msg(SB_MSG_DONE, c->id, value, NULL, 0);
        c->done_sent = 1;
        g_want_spare = 1;
    }
    release_if_finished(c);
}

static void reap_children(void)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        if (pid == g_spare.reaper) {
            /* The spare died before it was needed: the next command starts the slow way, and after it
               another spare is tried. */
            clear_spare();
        }
        for (int i = 0; i < MAX_COMMANDS; ++i) {
            if (g_cmds[i].reaper == pid) {
                g_cmds[i].reaped = 1;
                release_if_finished(&g_cmds[i]);
            }
        }
    }
}

static void shutdown_all(void) __attribute__((noreturn));
static void shutdown_all(void)
{
    /* As PID 1, kill(-1) reaches every other process of the container. */
    kill(-1, SIGKILL);
    _exit(0);
}

#ifdef SB_HAVE_RELAY
/* Hands the proxy ports' listening sockets to the engine (SB_MSG_LISTENERS), whose proxy then accepts the
   container's connections itself: each byte goes client -> engine -> upstream, with no relay hop. Runs
   before READY, so before any command exists; init keeps no copy, so nothing in the container holds the
   listeners or what is accepted on them. Returns -1 when the relay has to do it instead. */
static int hand_listeners(void)
{
    int fds[2] = {sb_relay_listen_tcp(3128), sb_relay_listen_tcp(1080)};
    int rc = -1;
    if (fds[0] >= 0 && fds[1] >= 0) {
        struct sb_msg_header h = {SB_MSG_LISTENERS, 0, 0, 0};
        struct iovec iov = {&h, sizeof(h)};
        rc = send_with_fds(SB_CONTROL_FD, &iov, 1, fds, 2, MSG_NOSIGNAL) == (ssize_t)sizeof(h) ? 0 : -1;
    }
    for (int i = 0; i < 2; ++i)
        if (fds[i] >= 0)
            close(fds[i]);
    return rc;
}

static void start_relay(void)
{
    pid_t pid = fork();
    if (pid != 0)
        return;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    prctl(PR_SET_NAME, "sandbench-relay", 0, 0, 0); /* how ps and the tests tell it from PID 1 */
    close(SB_CONTROL_FD);
    set_nofile_limit();
    if (sb_drop_privileges() || sb_seccomp_apply())
        _exit(126);
    sb_relay_run("/run/sandbench/egress.sock", 3128, 1080);
    _exit(1);
}
#endif

void sb_pid1_main(const struct sb_options *opt, const struct sb_enforcement *enf)
{
    g_opt = opt;
    /* Keeps /proc/1 out of the commands' reach (they run as the same uid, without capabilities). */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigprocmask(SIG_BLOCK, &mask, NULL);
    int sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
    signal(SIGPIPE, SIG_IGN);
#ifdef SB_HAVE_RELAY
    if (opt->proxy_socket && hand_listeners() != 0)
        start_relay();
#endif

    char ready[512];
    snprintf(ready, sizeof(ready),
             "protocol=%d\nnamespaces=user,mount,pid,net,uts,ipc%s\nuid=%d\nseccomp=%s\nno_new_privs=on\n"
             "capabilities=none\ncgroup=%s\nmemory=%s\npids=%s\ncpu=%s\nfsize=rlimit\nnetwork=%s\n",
             SB_PROTOCOL_VERSION, enf->cgroupns ? ",cgroup" : "", (int)getuid(), enf->seccomp ? "on" : "off",
             enf->cgroup, enf->memory, enf->pids, enf->cpu, opt->proxy_socket ? "proxy" : "none");
    /* The first shell (sb_pid1_prepare_first_shell) goes ahead of READY: the engine sends the container's
       first command to it, once READY has come. */
    if (g_spare.reaper > 0)
        hand_spare();
    if (send_msg(SB_MSG_READY, 0, 0, ready, strlen(ready)))
        shutdown_all();
    g_want_spare = 1;

    static char buf[SB_MAX_PACKET];
    long long spare_due = -1; /* when to make the spare, microseconds on CLOCK_MONOTONIC; -1: not planned */
    for (;;) {
        /* Between commands (nothing of ours competes with a running one for the CPU), and only once the
           control socket has been quiet for SPARE_DELAY_US: right after a DONE the engine reads the result
           and answers its caller, and on a busy machine a spare made at once would take the CPU from it. An
           EXEC that comes first (the next command of a call, or the first one queued behind READY) starts the
           direct way, which costs what making the spare would. */
        int timeout = -1;
        if (g_want_spare && g_spare.reaper <= 0) {
            int running = 0;
            for (int i = 0; i < MAX_COMMANDS; ++i)
                running |= g_cmds[i].reaper > 0 && !g_cmds[i].done_sent;
            if (running) {
                spare_due = -1;
            } else {
                const long long now = monotonic_us();
                if (spare_due < 0)
                    spare_due = now + SPARE_DELAY_US;
                if (now >= spare_due) {
                    g_want_spare = 0;
                    spare_due = -1;
                    prepare_spare(enf);
                } else {
                    timeout = (int)((spare_due - now + 999) / 1000);
                }
            }
        }
        struct pollfd pfds[2 + MAX_COMMANDS];
        struct command *owners[2 + MAX_COMMANDS];
        int n = 0;
        pfds[n].fd = SB_CONTROL_FD;
        pfds[n].events = POLLIN;
        owners[n++] = NULL;
        pfds[n].fd = sfd;
        pfds[n].events = POLLIN;
        owners[n++] = NULL;
        for (int i = 0; i < MAX_COMMANDS; ++i) {
            if (g_cmds[i].reaper > 0 && g_cmds[i].status_fd >= 0) {
                pfds[n].fd = g_cmds[i].status_fd;
                pfds[n].events = POLLIN;
                owners[n++] = &g_cmds[i];
            }
        }
        if (poll(pfds, (nfds_t)n, timeout) < 0) {
            if (errno == EINTR)
                continue;
            shutdown_all();
        }
        if (pfds[1].revents) {
            struct signalfd_siginfo si;
            while (read(sfd, &si, sizeof(si)) == sizeof(si)) {
            }
            reap_children();
        }
        for (int i = 2; i < n; ++i) {
            if (pfds[i].revents)
                read_status(owners[i]);
        }
        if (pfds[0].revents & (POLLHUP | POLLERR) && !(pfds[0].revents & POLLIN))
            shutdown_all();
        if (!(pfds[0].revents & POLLIN))
            continue;

        char cbuf[CMSG_SPACE(sizeof(int) * 4)];
        struct iovec iov = {buf, sizeof(buf)};
        struct msghdr msg;
        memset(&msg, 0, sizeof(msg));
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = cbuf;
        msg.msg_controllen = sizeof(cbuf);
        ssize_t len = recvmsg(SB_CONTROL_FD, &msg, MSG_CMSG_CLOEXEC);
        if (len == 0)
            shutdown_all();
        if (len < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            shutdown_all();
        }
        int fds[4];
        int nfds = 0;
        for (struct cmsghdr *cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm)) {
            if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS) {
                int count = (int)((cm->cmsg_len - CMSG_LEN(0)) / sizeof(int));
                for (int k = 0; k < count && nfds < 4; ++k)
                    memcpy(&fds[nfds++], CMSG_DATA(cm) + k * sizeof(int), sizeof(int));
            }
        }
        struct sb_msg_header h;
        if ((size_t)len < sizeof(h) || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC))) {
            for (int k = 0; k < nfds; ++k)
                close(fds[k]);
            send_msg(SB_MSG_ERROR, 0, EINVAL, "malformed packet", 16);
            continue;
        }
        memcpy(&h, buf, sizeof(h));
        if (h.payload_len != (uint32_t)len - sizeof(h)) {
            for (int k = 0; k < nfds; ++k)
                close(fds[k]);
            send_msg(SB_MSG_ERROR, h.id, EINVAL, "payload length mismatch", 23);
            continue;
        }
        char *payload = buf + sizeof(h);
        switch (h.type) {
        case SB_MSG_EXEC:
            handle_exec(&h, buf, payload, fds, nfds, enf);
            break;
        case SB_MSG_KILL: {
            struct command *c = find_command(h.id);
            if (c && !c->reaped)
                kill(c->reaper, SIGKILL);
            break;
        }
        case SB_MSG_EXEC_SPARE:
            for (int k = 0; k < nfds; ++k)
                close(fds[k]);
            /* Its payload is the command's environment, as an EXEC's after the command. */
            if (h.payload_len == 0 || payload[h.payload_len - 1] == 0)
                remember_env(payload, h.payload_len);
            name_handed_spare(h.id, (pid_t)h.value);
            break;
        case SB_MSG_KILL_ALL:
            for (int k = 0; k < nfds; ++k)
                close(fds[k]);
            kill_all_commands();
            break;
        case SB_MSG_SHUTDOWN:
            shutdown_all();
        default:
            for (int k = 0; k < nfds; ++k)
                close(fds[k]);
            send_msg(SB_MSG_ERROR, h.id, EINVAL, "unknown message type", 20);
            break;
        }
    }
}
