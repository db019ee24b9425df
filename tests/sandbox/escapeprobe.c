/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * escapeprobe: a static program the image-escape test puts into its hostile images, where no shell tool can
 * open a Unix socket. `escapeprobe connect PATH...` tries each path as a stream socket and prints
 * "connected PATH" for each one it reached; it always exits 0 (the test judges what it printed and what the
 * host's listener received).
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "connect")) {
        fputs("usage: escapeprobe connect PATH...\n", stderr);
        return 2;
    }
    for (int i = 2; i < argc; ++i) {
        struct sockaddr_un addr;
        memset(&addr, 0, sizeof(addr));
        addr.sun_family = AF_UNIX;
        if (strlen(argv[i]) >= sizeof(addr.sun_path))
            continue;
        strcpy(addr.sun_path, argv[i]);
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            continue;
        if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0)
            printf("connected %s\n", argv[i]);
        close(fd);
    }
    return 0;
}
