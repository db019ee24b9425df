# SPDX-License-Identifier: GPL-3.0-or-later
# Every fuzz target: the harness, the parser sources it needs (paths from the repository's root) and its
# seed corpus. Read by both halves of CMakeLists.txt.
sandbench_add_fuzzer(NAME csv
    SOURCES fuzz_csv.cpp ${SANDBENCH_ROOT}/engine/data/csvindex.cpp ${SANDBENCH_ROOT}/engine/data/csvindex.h
    LIBS Qt6::Concurrent
    RUNS 2000
    MAXLEN 131072
    CORPUS corpus/csv)
sandbench_add_fuzzer(NAME http_request
    SOURCES fuzz_http_request.cpp ${SANDBENCH_ROOT}/engine/server/httphead.cpp
    CORPUS corpus/http_request)
sandbench_add_fuzzer(NAME sse
    SOURCES fuzz_sse.cpp ${SANDBENCH_ROOT}/engine/models/sseparser.cpp
    CORPUS corpus/sse)
set(proxy_parser_sources ${SANDBENCH_ROOT}/engine/sandbox/net/proxyparsers.cpp
    ${SANDBENCH_ROOT}/engine/sandbox/net/networkpolicy.cpp ${SANDBENCH_ROOT}/engine/sandbox/net/addressrules.cpp)
sandbench_add_fuzzer(NAME proxy_http
    SOURCES fuzz_proxy_http.cpp ${proxy_parser_sources}
    CORPUS corpus/proxy_http)
sandbench_add_fuzzer(NAME socks5
    SOURCES fuzz_socks5.cpp ${proxy_parser_sources}
    CORPUS corpus/socks5)
sandbench_add_fuzzer(NAME clienthello
    SOURCES fuzz_clienthello.cpp ${proxy_parser_sources}
    CORPUS corpus/clienthello)
sandbench_add_fuzzer(NAME http_response
    SOURCES fuzz_http_response.cpp ${SANDBENCH_ROOT}/engine/models/plainhttpparser.cpp
    CORPUS corpus/http_response)
sandbench_add_fuzzer(NAME kernel_answer
    SOURCES fuzz_kernel_answer.cpp ${SANDBENCH_ROOT}/engine/tools/kernelcell.cpp
            ${SANDBENCH_ROOT}/engine/tools/kernelcell.h
    CORPUS corpus/kernel_answer)
