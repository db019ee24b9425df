/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The seccomp filter every command runs under, compiled once with libseccomp and installed per command. */
#define _GNU_SOURCE
#include "launcher.h"

#include <errno.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static struct sock_fprog g_prog;

/* Denied with EPERM: calls that reach the kernel's attack surface or other processes, none of which a shell
 * job needs. */
static const char *const denied[] = {"mount",
                                     "umount",
                                     "umount2",
                                     "pivot_root",
                                     "chroot",
                                     "ptrace",
                                     "process_vm_readv",
                                     "process_vm_writev",
                                     "bpf",
                                     "keyctl",
                                     "add_key",
                                     "request_key",
                                     "kexec_load",
                                     "kexec_file_load",
                                     "init_module",
                                     "finit_module",
                                     "delete_module",
                                     "reboot",
                                     "swapon",
                                     "swapoff",
                                     "io_uring_setup",
                                     "io_uring_enter",
                                     "io_uring_register",
                                     "perf_event_open",
                                     "userfaultfd",
                                     "open_by_handle_at",
                                     "name_to_handle_at",
                                     "setns",
                                     "fsopen",
                                     "fsconfig",
                                     "fsmount",
                                     "fspick",
                                     "move_mount",
                                     "open_tree",
                                     "mount_setattr",
                                     "quotactl",
                                     "acct",
                                     "lookup_dcookie",
                                     "syslog",
                                     "nfsservctl",
                                     "vm86",
                                     "vm86old",
                                     "uselib",
                                     "iopl",
                                     "ioperm",
                                     "settimeofday",
                                     "clock_settime",
                                     "clock_adjtime",
                                     "adjtimex",
                                     "kcmp",
                                     "pidfd_getfd",
                                     NULL};

int sb_seccomp_prepare(char *err, size_t errlen)
{
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) {
        snprintf(err, errlen, "seccomp_init failed");
        return -1;
    }
    int rc = 0;
    for (int i = 0; denied[i] && rc == 0; ++i) {
        int nr = seccomp_syscall_resolve_name(denied[i]);
        if (nr == __NR_SCMP_ERROR)
            continue; /* not a syscall on this architecture */
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
    }
    /* New user namespaces: clone/unshare with CLONE_NEWUSER. clone3 hides its flags in memory, so it reports
       ENOSYS and libc falls back to clone, which the rule below can inspect. */
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(unshare), 1,
                              SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER));
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                              SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER));
    if (rc == 0 && seccomp_syscall_resolve_name("clone3") != __NR_SCMP_ERROR)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), seccomp_syscall_resolve_name("clone3"), 0);
    if (rc) {
        snprintf(err, errlen, "seccomp rule: %s", strerror(-rc));
        seccomp_release(ctx);
        return -1;
    }

    int fd = memfd_create("sandbench-seccomp", MFD_CLOEXEC);
    if (fd < 0 || seccomp_export_bpf(ctx, fd)) {
        snprintf(err, errlen, "cannot export the seccomp filter");
        seccomp_release(ctx);
        return -1;
    }
    seccomp_release(ctx);
    off_t size = lseek(fd, 0, SEEK_END);
    if (size <= 0 || size % (off_t)sizeof(struct sock_filter)) {
        snprintf(err, errlen, "seccomp filter has a bad size");
        close(fd);
        return -1;
    }
    struct sock_filter *filter = malloc((size_t)size);
    if (!filter || pread(fd, filter, (size_t)size, 0) != size) {
        snprintf(err, errlen, "cannot read the seccomp filter");
        close(fd);
        free(filter);
        return -1;
    }
    close(fd);
    g_prog.len = (unsigned short)(size / (off_t)sizeof(struct sock_filter));
    g_prog.filter = filter;
    return 0;
}

int sb_seccomp_apply(void)
{
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &g_prog, 0, 0);
}

int sb_drop_privileges(void)
{
    for (int cap = 0; cap <= 63; ++cap) {
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) && errno == EINVAL)
            break;
    }
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof(data));
    if (syscall(SYS_capset, &hdr, data))
        return -1;
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}
