/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The container's root: a tmpfs holding read-only binds of the system directories, a generated /etc
 * (its own passwd, group, hosts; nothing secret from the host), the writable workspace, a private /tmp,
 * a minimal /dev and a fresh /proc. Runs inside the new user and mount namespaces, before pivot_root.
 *
 * Two steps, so that a standby launcher can do the first before it knows its container: sb_root_prepare
 * builds everything that is the same in every container, sb_root_finish adds the container's own parts
 * (hostname files, workspace, proxy socket) and pivots. The tmpfs is built where it hides no possible
 * workspace (see sb_root_staging), so host paths given later still resolve. Paths below are relative to
 * the staging directory, which is the working directory throughout.
 */
#define _GNU_SOURCE
#include "launcher.h"
#include "protocol.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Host /etc entries the container sees, read-only. Nothing with secrets (shadow, ssh keys, sudoers). */
static const char *const etc_dirs[] = {
    "alternatives", "ssl",          "ca-certificates", "fonts", "python3", "python3.11",
    "profile.d",    "ld.so.conf.d", "terminfo",        "perl",  NULL};
static const char *const etc_files[] = {
    "ld.so.cache",  "ld.so.conf", "os-release",  "debian_version", "localtime",
    "timezone",     "mime.types", "bash.bashrc", "profile",        "inputrc",
    "matplotlibrc", "protocols",  "services",    "gai.conf",       "ca-certificates.conf",
    "magic",        "magic.mime", "shells",      "pip.conf",       NULL};

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    int saved = errno;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < errlen)
        snprintf(err + n, errlen - (size_t)n, ": %s", strerror(saved));
    errno = saved;
    return -1;
}

static unsigned long locked_flags(const char *path)
{
    struct statvfs sv;
    if (statvfs(path, &sv))
        return 0;
    unsigned long flags = 0;
    if (sv.f_flag & ST_NOSUID)
        flags |= MS_NOSUID;
    if (sv.f_flag & ST_NODEV)
        flags |= MS_NODEV;
    if (sv.f_flag & ST_NOEXEC)
        flags |= MS_NOEXEC;
    if (sv.f_flag & ST_NOATIME)
        flags |= MS_NOATIME;
    if (sv.f_flag & ST_NODIRATIME)
        flags |= MS_NODIRATIME;
    if (sv.f_flag & ST_RELATIME)
        flags |= MS_RELATIME;
    return flags;
}

/* Remounts a bind mount with extra flags, keeping the flags the kernel locked on it (userns rule). */
static int remount_bind(const char *target, unsigned long extra)
{
    unsigned long flags = locked_flags(target) | extra | MS_NOSUID;
    return mount(NULL, target, NULL, MS_BIND | MS_REMOUNT | flags, NULL);
}

static int bind_ro(const char *source, const char *target, int recursive)
{
    if (mount(source, target, NULL, MS_BIND | (recursive ? MS_REC : 0), NULL))
        return -1;
    return remount_bind(target, MS_RDONLY | MS_NODEV);
}

/* Binds the tree at (fd, path) onto target read-only, nosuid and nodev down to its last submount: a copy made
   detached (open_tree), flagged all through (mount_setattr with AT_RECURSIVE), then attached. A remount
   would flag the top mount alone and leave the host's mounts below it writable. path "" binds what fd is (an
   O_PATH descriptor). Fails with ENOSYS where the kernel lacks these calls (before Linux 5.12). */
static int bind_tree_ro(int fd, const char *path, const char *target)
{
    int tree =
        (int)syscall(SYS_open_tree, fd, path,
                     OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE | (path[0] ? 0 : AT_EMPTY_PATH));
    if (tree < 0)
        return -1;
    struct mount_attr attr;
    memset(&attr, 0, sizeof(attr));
    attr.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
    int rc = (int)syscall(SYS_mount_setattr, tree, "", AT_EMPTY_PATH | AT_RECURSIVE, &attr, sizeof(attr));
    if (rc == 0)
        rc = (int)syscall(SYS_move_mount, tree, "", AT_FDCWD, target, MOVE_MOUNT_F_EMPTY_PATH);
    int saved = errno;
    close(tree);
    errno = saved;
    return rc;
}

/* A host directory (the host's own /usr, /etc/ssl...; the host's links are the host's) bound read-only all
   through. Without mount_setattr only the directory's own mount can be bound, which the kernel refuses when
   there are mounts below it (in a user namespace they are locked to it): the container then does not start,
   rather than show a writable mount. */
static int bind_host_ro(const char *host, const char *target, char *err, size_t errlen)
{
    if (bind_tree_ro(AT_FDCWD, host, target) == 0)
        return 0;
    if (errno != ENOSYS)
        return fail(err, errlen, "bind %s read-only", host);
    if (mount(host, target, NULL, MS_BIND, NULL) == 0 && remount_bind(target, MS_RDONLY | MS_NODEV) == 0)
        return 0;
    if (errno == EINVAL)
        return fail(
            err, errlen,
            "bind %s read-only: it has mounts below it, which only Linux 5.12 or later (mount_setattr) "
            "can make read-only",
            host);
    return fail(err, errlen, "bind %s read-only", host);
}

static int touch(const char *path, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

static int write_new(const char *path, const char *text, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
    if (fd < 0)
        return -1;
    size_t len = strlen(text);
    ssize_t n = write(fd, text, len);
    close(fd);
    return n == (ssize_t)len ? 0 : -1;
}

static int copy_file(const char *src, const char *dst)
{
    int in = open(src, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return -1;
    int out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (out < 0) {
        close(in);
        return -1;
    }
    char buf[65536];
    ssize_t n;
    int rc = 0;
    while ((n = read(in, buf, sizeof(buf))) > 0) {
        if (write(out, buf, (size_t)n) != n) {
            rc = -1;
            break;
        }
    }
    if (n < 0)
        rc = -1;
    close(in);
    close(out);
    return rc;
}

/* Replicates a host path into the new root: a symlink stays a symlink (merged /usr), a directory is bound
 * read-only. */
static int mirror_top(const char *name, char *err, size_t errlen)
{
    char host[64], target[256];
    const char *inside = name;
    snprintf(host, sizeof(host), "/%s", name);
    struct stat st;
    if (lstat(host, &st))
        return 0;
    if (S_ISLNK(st.st_mode)) {
        ssize_t n = readlink(host, target, sizeof(target) - 1);
        if (n < 0)
            return fail(err, errlen, "readlink %s", host);
        target[n] = 0;
        if (symlink(target, inside))
            return fail(err, errlen, "symlink %s", inside);
        return 0;
    }
    if (!S_ISDIR(st.st_mode))
        return 0;
    if (mkdir(inside, 0755))
        return fail(err, errlen, "mkdir /%s", inside);
    return bind_host_ro(host, inside, err, errlen);
}

/* The container's own /etc entries: its name. */
static int write_identity(const struct sb_options *opt, char *err, size_t errlen)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n", opt->id);
    if (write_new("etc/hosts", text, 0644))
        return fail(err, errlen, "write /etc/hosts");
    snprintf(text, sizeof(text), "%s\n", opt->id);
    if (write_new("etc/hostname", text, 0644))
        return fail(err, errlen, "write /etc/hostname");
    return 0;
}

/* passwd, group, resolv.conf and nsswitch.conf: the engine's own, with or without an image. */
static int write_generated_etc(char *err, size_t errlen)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "root:x:0:0:root:/root:/usr/sbin/nologin\n"
             "%s:x:%d:%d:Sandbench sandbox:" SB_WORKDIR ":/bin/bash\n"
             "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n",
             SB_SANDBOX_USER, SB_SANDBOX_UID, SB_SANDBOX_GID);
    if (write_new("etc/passwd", text, 0644))
        return fail(err, errlen, "write /etc/passwd");
    snprintf(text, sizeof(text), "root:x:0:\n%s:x:%d:\nnogroup:x:65534:\n", SB_SANDBOX_USER, SB_SANDBOX_GID);
    if (write_new("etc/group", text, 0644))
        return fail(err, errlen, "write /etc/group");
    if (write_new("etc/resolv.conf", "", 0644) ||
        write_new("etc/nsswitch.conf",
                  "passwd: files\ngroup: files\nshadow: files\nhosts: files\nnetworks: files\n"
                  "protocols: files\nservices: files\n",
                  0644))
        return fail(err, errlen, "write /etc");
    return 0;
}

static int build_etc(char *err, size_t errlen)
{
    char path[256];
    if (mkdir("etc", 0755))
        return fail(err, errlen, "mkdir /etc");
    if (write_generated_etc(err, errlen))
        return -1;
    for (int i = 0; etc_files[i]; ++i) {
        char host[128];
        snprintf(host, sizeof(host), "/etc/%s", etc_files[i]);
        snprintf(path, sizeof(path), "etc/%s", etc_files[i]);
        struct stat st;
        if (lstat(host, &st))
            continue;
        if (S_ISLNK(st.st_mode)) {
            char target[512];
            ssize_t n = readlink(host, target, sizeof(target) - 1);
            if (n < 0)
                continue;
            target[n] = 0;
            if (symlink(target, path))
                return fail(err, errlen, "symlink %s", path);
        } else if (S_ISREG(st.st_mode) && copy_file(host, path)) {
            return fail(err, errlen, "copy %s", host);
        }
    }
    for (int i = 0; etc_dirs[i]; ++i) {
        char host[128];
        snprintf(host, sizeof(host), "/etc/%s", etc_dirs[i]);
        snprintf(path, sizeof(path), "etc/%s", etc_dirs[i]);
        struct stat st;
        if (lstat(host, &st) || !S_ISDIR(st.st_mode))
            continue;
        if (mkdir(path, 0755))
            return fail(err, errlen, "mkdir /%s", path);
        if (bind_host_ro(host, path, err, errlen))
            return -1;
    }
    return 0;
}

/* An image's root (opt->rootfs_fd, opened before the credentials changed): its top-level directories are
 * bound read-only, its top-level symlinks (merged /usr) copied; the parts the engine makes itself are not
 * taken from it. Every path in it is resolved inside it (image_open), never from the host's root: a link in
 * an image means what it would mean in the container, and the copied links resolve there after the pivot. */
static const char *const image_skip[] = {"etc", "dev", "proc", "sys",  "tmp",   "workspace",  "home", "root",
                                         "run", "var", "mnt",  "boot", "media", "lost+found", NULL};
/* Never taken from an image's /etc: what the engine writes itself, and secrets. */
static const char *const image_etc_skip[] = {"passwd",        "group",  "hosts",   "hostname",  "resolv.conf",
                                             "nsswitch.conf", "shadow", "gshadow", "shadow-",   "gshadow-",
                                             "passwd-",       "group-", "sudoers", "sudoers.d", "ssh",
                                             "mtab",          "fstab",  NULL};

static int listed(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; ++i) {
        if (!strcmp(list[i], name))
            return 1;
    }
    return 0;
}

/* Opens path of the image as if the image's root were "/": its links, absolute or climbing, stay in it
   (RESOLVE_IN_ROOT), and /proc's magic links are refused. */
static int image_open(int root, const char *path, int flags)
{
    struct open_how how;
    memset(&how, 0, sizeof(how));
    how.flags = (unsigned long long)(flags | O_CLOEXEC);
    how.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS;
    return (int)syscall(SYS_openat2, root, path[0] ? path : ".", &how, sizeof(how));
}

static int image_fail(char *err, size_t errlen, const char *what, const char *dir, const char *name)
{
    if (errno == ENOSYS)
        return fail(err, errlen,
                    "%s the image's /%s%s%s: an image's root needs Linux 5.12 or later (openat2, "
                    "open_tree, mount_setattr)",
                    what, dir, dir[0] && name[0] ? "/" : "", name);
    return fail(err, errlen, "%s the image's /%s%s%s", what, dir, dir[0] && name[0] ? "/" : "", name);
}

/* Mirrors the entries of the image directory `dir` (resolved inside the image) into `into`, skipping the
 * names in skip: directories (and with files, regular files) bound read-only all through, symlinks copied.
 * Each entry is opened through the directory's descriptor without following it, and bound from that
 * descriptor, so nothing is looked up again by name. */
static int mirror_image_dir(const struct sb_options *opt, const char *dir, const char *into,
                            const char *const *skip, int files, char *err, size_t errlen)
{
    int dfd = image_open(opt->rootfs_fd, dir, O_RDONLY | O_DIRECTORY);
    if (dfd < 0) {
        if (errno == ENOENT)
            return 0;
        if (errno == ENOSYS)
            return image_fail(err, errlen, "open", dir, "");
        return fail(err, errlen, "open the image's /%s, resolved inside the image (its links never lead out)",
                    dir);
    }
    DIR *d = fdopendir(dfd);
    if (!d) {
        close(dfd);
        return image_fail(err, errlen, "read", dir, "");
    }
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || listed(skip, e->d_name))
            continue;
        char to[600];
        snprintf(to, sizeof(to), "%s%s%s", into, into[0] ? "/" : "", e->d_name);
        int fd = openat(dfd, e->d_name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        struct stat st;
        if (fd < 0 || fstat(fd, &st)) {
            rc = image_fail(err, errlen, "open", dir, e->d_name);
        } else if (S_ISLNK(st.st_mode)) {
            char target[4096];
            ssize_t n = readlinkat(fd, "", target, sizeof(target));
            if (n < 0 || n == (ssize_t)sizeof(target)) {
                if (n >= 0)
                    errno = ENAMETOOLONG;
                rc = image_fail(err, errlen, "read the link", dir, e->d_name);
            } else {
                target[n] = 0;
                if (symlink(target, to))
                    rc = fail(err, errlen, "symlink /%s", to);
            }
        } else if (S_ISDIR(st.st_mode)) {
            if (mkdir(to, 0755))
                rc = fail(err, errlen, "mkdir /%s", to);
            else if (bind_tree_ro(fd, "", to))
                rc = image_fail(err, errlen, "bind", dir, e->d_name);
        } else if (files && S_ISREG(st.st_mode)) {
            if (touch(to, 0644))
                rc = fail(err, errlen, "create /%s", to);
            else if (bind_tree_ro(fd, "", to))
                rc = image_fail(err, errlen, "bind", dir, e->d_name);
        }
        if (fd >= 0)
            close(fd);
    }
    closedir(d);
    return rc;
}

static int build_image_etc(const struct sb_options *opt, char *err, size_t errlen)
{
    if (mkdir("etc", 0755))
        return fail(err, errlen, "mkdir /etc");
    if (write_generated_etc(err, errlen))
        return -1;
    return mirror_image_dir(opt, "etc", "etc", image_etc_skip, 1, err, errlen);
}

static int build_dev(char *err, size_t errlen)
{
    static const char *const nodes[] = {"null", "zero", "full", "random", "urandom", "tty", NULL};
    if (mkdir("dev", 0755) || mount("tmpfs", "dev", "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755,size=64k"))
        return fail(err, errlen, "mount /dev");
    char inside[64], host[64];
    for (int i = 0; nodes[i]; ++i) {
        snprintf(host, sizeof(host), "/dev/%s", nodes[i]);
        snprintf(inside, sizeof(inside), "dev/%s", nodes[i]);
        if (touch(inside, 0666) || mount(host, inside, NULL, MS_BIND, NULL))
            return fail(err, errlen, "bind %s", host);
    }
    if (mkdir("dev/pts", 0755) ||
        mount("devpts", "dev/pts", "devpts", MS_NOSUID | MS_NOEXEC, "newinstance,ptmxmode=0666,mode=620"))
        return fail(err, errlen, "mount /dev/pts");
    if (symlink("pts/ptmx", "dev/ptmx"))
        return fail(err, errlen, "symlink /dev/ptmx");
    if (mkdir("dev/shm", 01777) ||
        mount("tmpfs", "dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777,size=64m"))
        return fail(err, errlen, "mount /dev/shm");
    if (symlink("/proc/self/fd", "dev/fd") || symlink("/proc/self/fd/0", "dev/stdin") ||
        symlink("/proc/self/fd/1", "dev/stdout") || symlink("/proc/self/fd/2", "dev/stderr"))
        return fail(err, errlen, "symlink /dev/fd");
    if (mount(NULL, "dev", NULL, MS_REMOUNT | MS_NOSUID | MS_NOEXEC | MS_RDONLY, "mode=0755,size=64k"))
        return fail(err, errlen, "remount /dev read-only");
    return 0;
}

static int build_proc(char *err, size_t errlen)
{
    if (mkdir("proc", 0555) || mount("proc", "proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL))
        return fail(err, errlen, "mount /proc");
    /* Kernel tunables stay read-only even where file modes would allow a write. */
    static const char *const ro[] = {"sys", "sysrq-trigger", "irq", "bus", NULL};
    char path[64];
    for (int i = 0; ro[i]; ++i) {
        snprintf(path, sizeof(path), "proc/%s", ro[i]);
        if (access(path, F_OK))
            continue;
        if (bind_ro(path, path, 1))
            return fail(err, errlen, "read-only /proc/%s", ro[i]);
    }
    return 0;
}

const char *sb_root_staging(void)
{
    /* Under /sys no workspace or socket can live (sysfs takes no user files), so a tmpfs there hides none
       of the host paths a container may be given. Only the new mount namespace sees it. */
    struct stat st;
    if (stat("/sys", &st) == 0 && S_ISDIR(st.st_mode))
        return "/sys";
    return NULL;
}

int sb_root_prepare(const struct sb_options *opt, const char *staging, char *err, size_t errlen)
{
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
        return fail(err, errlen, "make mounts private");
    if (mount("tmpfs", staging, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=8m"))
        return fail(err, errlen, "mount the root tmpfs");
    if (chdir(staging))
        return fail(err, errlen, "chdir new root");

    if (opt->rootfs) {
        /* An image: its /usr, /bin, /lib, /opt... instead of the host's, and its /etc under the engine's own
           passwd, group and hosts. */
        if (mirror_image_dir(opt, "", "", image_skip, 0, err, errlen) || build_image_etc(opt, err, errlen))
            return -1;
        /* An image without /usr gets an empty one; an image's usr link stays as it is (mkdir follows none).
         */
        if (mkdir("usr", 0755) && errno != EEXIST)
            return fail(err, errlen, "mkdir /usr");
    } else {
        static const char *const top[] = {"bin", "sbin", "lib", "lib32", "lib64", "libx32", NULL};
        if (mkdir("usr", 0755))
            return fail(err, errlen, "mkdir /usr");
        if (bind_host_ro("/usr", "usr", err, errlen))
            return -1;
        for (int i = 0; top[i]; ++i) {
            if (mirror_top(top[i], err, errlen))
                return -1;
        }
        if (build_etc(err, errlen))
            return -1;
    }
    /* workspace/home is a mount of its own, shared: the workspace bound there (sb_root_finish) shows also in
       a command namespace copied before it came (a standby's first shell, see pid1.c). Every container has
       it, so all look the same. */
    if (mkdir("workspace", 0755) || mkdir("workspace/home", 0755))
        return fail(err, errlen, "mkdir " SB_WORKDIR);
    if (mount("workspace/home", "workspace/home", NULL, MS_BIND, NULL) ||
        mount(NULL, "workspace/home", NULL, MS_SHARED, NULL))
        return fail(err, errlen, "share " SB_WORKDIR);
    char tmpopts[64];
    snprintf(tmpopts, sizeof(tmpopts), "mode=1777,size=%lld", opt->tmp_bytes);
    if (mkdir("tmp", 01777) || mount("tmpfs", "tmp", "tmpfs", MS_NOSUID | MS_NODEV, tmpopts))
        return fail(err, errlen, "mount /tmp");
    if (opt->rootfs)
        close(opt->rootfs_fd);
    if (mkdir("root", 0700) || mkdir("home", 0755) || mkdir("run", 0755) || mkdir("var", 0755) ||
        symlink("/tmp", "var/tmp") || mkdir("mnt", 0755))
        return fail(err, errlen, "mkdir skeleton");
    /* OpenAI's code tools keep files at /mnt/data: the same directory as the workspace, two paths. */
    if (symlink(SB_WORKDIR, "mnt/data"))
        return fail(err, errlen, "link /mnt/data");
    if (build_dev(err, errlen) || build_proc(err, errlen))
        return -1;
    return 0;
}

int sb_root_can_bind_with_flags(void)
{
    /* mount_setattr (Linux 5.12), where it exists, refuses these arguments with another error than ENOSYS. */
    return syscall(SYS_mount_setattr, -1, "", 0, NULL, 0) != 0 && errno != ENOSYS;
}

/* The workspace at workspace/home, nosuid and nodev. Built detached (open_tree) and flagged before it is
   attached, so that where workspace/home is shared (sb_root_prepare) the copies the kernel attaches in
   the other namespaces carry the same flags: a remount would change this namespace's mount alone. Returns 1
   when the flags could only be set the old way, on this namespace's mount alone. */
static int bind_workspace(int ws, char *err, size_t errlen)
{
    int tree = (int)syscall(SYS_open_tree, ws, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH);
    if (tree >= 0) {
        struct mount_attr attr;
        memset(&attr, 0, sizeof(attr));
        attr.attr_set = MOUNT_ATTR_NODEV | MOUNT_ATTR_NOSUID;
        int rc = (int)syscall(SYS_mount_setattr, tree, "", AT_EMPTY_PATH, &attr, sizeof(attr));
        if (rc == 0)
            rc = (int)syscall(SYS_move_mount, tree, "", AT_FDCWD, "workspace/home", MOVE_MOUNT_F_EMPTY_PATH);
        int saved = errno;
        close(tree);
        errno = saved;
        if (rc == 0)
            return 0;
        if (errno != ENOSYS)
            return fail(err, errlen, "bind the workspace");
    } else if (errno != ENOSYS) {
        return fail(err, errlen, "bind the workspace");
    }
    char src[64];
    snprintf(src, sizeof(src), "/proc/self/fd/%d", ws);
    if (mount(src, "workspace/home", NULL, MS_BIND, NULL) || remount_bind("workspace/home", MS_NODEV))
        return fail(err, errlen, "bind the workspace");
    return 1;
}

/* pivot_root(".", ".") stacks the old root on top of the new one (the working directory); detaching it
   leaves only the new root, which then becomes read-only. */
static int pivot_here(char *err, size_t errlen)
{
    if (syscall(SYS_pivot_root, ".", "."))
        return fail(err, errlen, "pivot_root");
    if (umount2(".", MNT_DETACH))
        return fail(err, errlen, "detach the host root");
    if (chdir("/"))
        return fail(err, errlen, "chdir /");
    if (mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL))
        return fail(err, errlen, "remount / read-only");
    return 0;
}

int sb_root_enter(const char *staging, char *err, size_t errlen)
{
    if (chdir(staging))
        return fail(err, errlen, "chdir new root");
    return pivot_here(err, errlen);
}

int sb_root_finish(const struct sb_options *opt, const char *staging, int *home_flags_local, char *err,
                   size_t errlen)
{
    /* Host-side paths were opened before the credentials changed; binding them needs no host lookup. */
    int ws = opt->workspace_fd;
    int proxy = opt->proxy_fd;
    if (chdir(staging))
        return fail(err, errlen, "chdir new root");
    if (write_identity(opt, err, errlen))
        return -1;

    const int bound = bind_workspace(ws, err, errlen);
    if (bound < 0)
        return -1;
    if (home_flags_local)
        *home_flags_local = bound;
    close(ws);

    if (proxy >= 0) {
        if (mkdir("run/sandbench", 0755) || touch("run/sandbench/egress.sock", 0644))
            return fail(err, errlen, "prepare /run/sandbench");
        char src[64];
        snprintf(src, sizeof(src), "/proc/self/fd/%d", proxy);
        if (mount(src, "run/sandbench/egress.sock", NULL, MS_BIND, NULL))
            return fail(err, errlen, "bind the egress socket");
        close(proxy);
    }

    if (pivot_here(err, errlen))
        return -1;
    if (chdir(SB_WORKDIR))
        return fail(err, errlen, "chdir " SB_WORKDIR);
    return 0;
}
