/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * oldkernelinit: runs sandbench-init (SANDBENCH_INIT) as on a kernel before Linux 5.12, where open_tree,
 * move_mount, mount_setattr and openat2 do not exist: a seccomp filter makes them fail with ENOSYS, for this
 * process and everything it starts. test_imageescape uses it as the engine's init to check that the root is
 * never assembled the unsafe way there.
 */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    (void)argc;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx || seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(open_tree), 0) ||
        seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(move_mount), 0) ||
        seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(mount_setattr), 0) ||
        seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0) ||
        prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || seccomp_load(ctx)) {
        fputs("oldkernelinit: cannot install the seccomp filter\n", stderr);
        return 125;
    }
    seccomp_release(ctx);
    execv(SANDBENCH_INIT, argv);
    perror("oldkernelinit: exec " SANDBENCH_INIT);
    return 127;
}
