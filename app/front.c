// SPDX-License-Identifier: GPL-3.0-or-later
// bin/sandbench: a front of plain C (libc only) in front of the Qt CLI, bin/sandbench-cli beside it.
//
// Loading the CLI's 45 shared libraries takes ~15 ms before main() runs. For `exec` this front first starts
// the container's launcher (`sandbench-init --standby`, exactly as InitSpawner::spawnStandby would), so its
// cgroup, namespaces and the shared part of the root are made while the CLI loads; then it execve()s the CLI
// in this same process (pid, argv, environment, signals and exit code are the CLI's own) and names the
// launcher in SANDBENCH_FRONT_LAUNCHER=PID:FD:LOG. The CLI checks it (its child, a SEQPACKET socket, the
// command line its own settings give, the log in the workspace's containers directory) and adopts it, or
// releases it and starts its own (app/frontlauncher.cpp). Every other command: just execve().
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/sandboxdefaults.h"

extern char **environ;

#define FRONT_ENV "SANDBENCH_FRONT_LAUNCHER"
#define CONTROL_FD 3 // SB_CONTROL_FD in engine/sandbox/init/protocol.h

static int is_opt(const char *arg, const char *name, const char **value, char **argv, int *i)
{
    const size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (arg[n] == '\0') {
        *value = argv[*i + 1] ? argv[*i + 1] : "";
        if (argv[*i + 1])
            ++*i;
        return 1;
    }
    return 0;
}

// A workspace name the front dares to make directories for; anything else is left to the CLI to judge.
static int plain_name(const char *s)
{
    const size_t n = strlen(s);
    if (n == 0 || n > 64 || s[0] == '.' || s[0] == '-')
        return 0;
    for (size_t i = 0; i < n; ++i) {
        const char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-' || c == '.'))
            return 0;
    }
    return 1;
}

// mkdir -p with private modes (what DataDir::open and QDir::mkpath under its umask 077 make).
static int make_path(char *path)
{
    for (char *p = path + 1; *p; ++p) {
        if (*p != '/')
            continue;
        *p = '\0';
        const int rc = mkdir(path, 0700);
        *p = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

static int move_high(int fd)
{
    const int high = fcntl(fd, F_DUPFD, 10); // not close-on-exec: the CLI inherits it
    close(fd);
    return high;
}

// Starts the standby launcher for `exec`; on any doubt starts nothing (the CLI then starts its own).
static void start_launcher(int argc, char **argv, const char *dir)
{
    const char *data_dir = NULL;
    const char *workspace = NULL;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        const char *v = NULL;
        if (strcmp(a, "--") == 0)
            break;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "-?") == 0 ||
            strcmp(a, "--help-all") == 0 || strcmp(a, "--version") == 0 || strcmp(a, "-v") == 0 ||
            strcmp(a, "--image") == 0 || strncmp(a, "--image=", 8) == 0)
            return; // nothing to run, or a container that starts its own launcher
        if (is_opt(a, "--data-dir", &v, argv, &i))
            data_dir = v; // the last one counts, as in QCommandLineParser
        else if (is_opt(a, "--workspace", &v, argv, &i))
            workspace = v;
    }
    char base[PATH_MAX];
    const char *env = getenv("SANDBENCH_DATA_DIR");
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (data_dir && *data_dir)
        n = snprintf(base, sizeof base, "%s", data_dir);
    else if (env && *env)
        n = snprintf(base, sizeof base, "%s", env);
    else if (xdg && xdg[0] == '/')
        n = snprintf(base, sizeof base, "%s/sandbench", xdg);
    else if (home && home[0] == '/')
        n = snprintf(base, sizeof base, "%s/.local/share/sandbench", home);
    else
        return;
    if (n <= 0 || n >= (int)sizeof base)
        return;
    if (workspace && *workspace && !plain_name(workspace))
        return;
    char containers[PATH_MAX];
    n = snprintf(containers, sizeof containers, "%s/workspaces/%s/containers", base,
                 workspace && *workspace ? workspace : "default");
    if (n <= 0 || n >= (int)sizeof containers || make_path(containers) != 0)
        return;
    char log[PATH_MAX];
    n = snprintf(log, sizeof log, "%s/.standby-%d-0.log", containers, (int)getpid());
    if (n <= 0 || n >= (int)sizeof log)
        return;
    char init[PATH_MAX];
    n = snprintf(init, sizeof init, "%s/sandbench-init", dir);
    if (n <= 0 || n >= (int)sizeof init || access(init, X_OK) != 0)
        return;

    int log_fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);
    if (log_fd < 0)
        return;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
        close(log_fd);
        unlink(log);
        return;
    }
    const int high_log = fcntl(log_fd, F_DUPFD_CLOEXEC, 10);
    close(log_fd);
    const int ours = move_high(sv[0]);
    const int theirs = fcntl(sv[1], F_DUPFD_CLOEXEC, 10);
    close(sv[1]);
    if (high_log < 0 || ours < 0 || theirs < 0) {
        if (high_log >= 0)
            close(high_log);
        if (ours >= 0)
            close(ours);
        if (theirs >= 0)
            close(theirs);
        unlink(log);
        return;
    }

    // The defaults as InitSpawner::commonArguments prints them. A workspace or user that changed a limit
    // gets a different command line from the CLI, which then releases this launcher and starts its own:
    // slower, never wrong (test_front checks both).
    char host_id[16], memory[24], pids[16], cpus[32], fsize[24], tmp_size[24], nofile[16];
    snprintf(host_id, sizeof host_id, "%d", SB_ROOT_SANDBOX_HOST_ID);
    snprintf(memory, sizeof memory, "%lld", (long long)SB_DEFAULT_MEMORY_BYTES);
    snprintf(pids, sizeof pids, "%d", SB_DEFAULT_MAX_PROCESSES);
    snprintf(cpus, sizeof cpus, "%.6g", (double)SB_DEFAULT_CPUS); // QByteArray::number(cpus, 'g', 6)
    snprintf(fsize, sizeof fsize, "%lld", (long long)SB_DEFAULT_STORAGE_BYTES);
    snprintf(tmp_size, sizeof tmp_size, "%lld", (long long)SB_DEFAULT_TMP_BYTES);
    snprintf(nofile, sizeof nofile, "%d", SB_DEFAULT_MAX_OPEN_FILES);
    char *args[32];
    int k = 0;
    args[k++] = init;
    args[k++] = (char *)"--standby";
    if (geteuid() == 0) { // SandboxSettings::sandboxHostUid/Gid
        args[k++] = (char *)"--host-uid";
        args[k++] = host_id;
        args[k++] = (char *)"--host-gid";
        args[k++] = host_id;
    }
    const char *limits[] = {
        "--memory", memory,       "--pids", pids,       "--cpus", cpus,       "--fsize",
        fsize,      "--tmp-size", tmp_size, "--nofile", nofile,   "--cgroup", SB_DEFAULT_CGROUP_MODE};
    for (size_t j = 0; j < sizeof limits / sizeof *limits; ++j)
        args[k++] = (char *)limits[j];
    args[k] = NULL;

    // As InitSpawner::spawn: stdin /dev/null, stdout and stderr the log, the control socket as fd 3,
    // nothing else; no blocked and no ignored signals.
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, high_log, 1);
    posix_spawn_file_actions_adddup2(&actions, high_log, 2);
    posix_spawn_file_actions_adddup2(&actions, theirs, CONTROL_FD);
    posix_spawn_file_actions_addclosefrom_np(&actions, CONTROL_FD + 1);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, init, &actions, &attr, args, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    close(theirs);
    close(high_log);
    if (rc != 0) {
        close(ours);
        unlink(log);
        return;
    }
    char value[PATH_MAX + 64];
    n = snprintf(value, sizeof value, "%d:%d:%s", (int)pid, ours, log);
    if (n > 0 && n < (int)sizeof value)
        setenv(FRONT_ENV, value, 1);
    // Else the CLI starts its own; this one sees EOF when we exit and tears itself down.
}

// The index of the first word that is not an option (firstWord in app/cliutil.cpp), or -1.
static int first_word(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0)
            return -1;
        if (strcmp(a, "--data-dir") == 0 || strcmp(a, "--workspace") == 0) {
            ++i;
            continue;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0)
            return i;
    }
    return -1;
}

int main(int argc, char **argv)
{
    char self[PATH_MAX];
    const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 16);
    if (len <= 0) {
        fprintf(stderr, "sandbench: cannot find its own executable: %s\n", strerror(errno));
        return 1;
    }
    self[len] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return 1;
    *slash = '\0';
    char cli[PATH_MAX];
    if (snprintf(cli, sizeof cli, "%s/sandbench-cli", self) >= (int)sizeof cli)
        return 1;

    unsetenv(FRONT_ENV); // only ever names a launcher this process started
    const int at = first_word(argc, argv);
    if (at > 0 && strcmp(argv[at], "exec") == 0)
        start_launcher(argc, argv, self);
    execve(cli, argv, environ);
    fprintf(stderr, "sandbench: cannot run %s: %s\n", cli, strerror(errno));
    return 1;
}
