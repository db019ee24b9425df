/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs the in-container relay on the host so tests and benchmarks can drive it: relayhelper SOCKET HTTP SOCKS
 */
#include "sandbox/init/relay.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s UNIX_SOCKET HTTP_PORT SOCKS_PORT\n", argv[0]);
        return 2;
    }
    sb_relay_run(argv[1], atoi(argv[2]), atoi(argv[3]));
    perror("sb_relay_run");
    return 1;
}
