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
sandbench_add_fuzzer(NAME shellsplitter
    SOURCES fuzz_shellsplitter.cpp ${SANDBENCH_ROOT}/engine/base/shellsplitter.cpp
            ${SANDBENCH_ROOT}/engine/base/approvalpolicy.cpp
    MAXLEN 16384
    CORPUS corpus/shellsplitter)
# The image importer's unpacker (archive bytes -> a tree in a scratch directory); libarchive is dlopen()ed by
# its soname, as in the engine. Each input makes and removes a tree (in /dev/shm), so fewer runs than the
# pure parsers: a few seconds.
sandbench_add_fuzzer(NAME importer
    SOURCES fuzz_importer.cpp ${SANDBENCH_ROOT}/engine/sandbox/images/layerunpacker.cpp
            ${SANDBENCH_ROOT}/engine/sandbox/images/lazyarchive.cpp ${SANDBENCH_ROOT}/engine/base/printabletext.cpp
    RUNS 600
    MAXLEN 65536
    CORPUS corpus/importer)
if(TARGET fuzz_importer)
    include(${SANDBENCH_ROOT}/cmake/Soname.cmake)
    find_library(FUZZ_LIBARCHIVE_FILE NAMES archive REQUIRED)
    sandbench_soname(FUZZ_LIBARCHIVE_SONAME "${FUZZ_LIBARCHIVE_FILE}")
    target_compile_definitions(fuzz_importer PRIVATE SANDBENCH_LIBARCHIVE_SONAME="${FUZZ_LIBARCHIVE_SONAME}")
endif()
sandbench_add_fuzzer(NAME hostsfile
    SOURCES fuzz_hostsfile.cpp ${SANDBENCH_ROOT}/engine/sandbox/net/hostsfile.cpp
        ${SANDBENCH_ROOT}/engine/sandbox/net/networkpolicy.cpp
    CORPUS corpus/hostsfile)
sandbench_add_fuzzer(NAME mcp_message
    SOURCES fuzz_mcp_message.cpp ${SANDBENCH_ROOT}/engine/mcp/jsonrpc.cpp ${SANDBENCH_ROOT}/engine/mcp/mcptools.cpp
            ${SANDBENCH_ROOT}/engine/mcp/mcplinereader.cpp
    CORPUS corpus/mcp_message)
sandbench_add_fuzzer(NAME multipart
    SOURCES fuzz_multipart.cpp ${SANDBENCH_ROOT}/engine/server/multipartparser.cpp
    CORPUS corpus/multipart)
sandbench_add_fuzzer(NAME kernel_answer
    SOURCES fuzz_kernel_answer.cpp ${SANDBENCH_ROOT}/engine/tools/kernelcell.cpp
            ${SANDBENCH_ROOT}/engine/tools/kernelcell.h ${SANDBENCH_ROOT}/engine/tools/shellaction.cpp
    CORPUS corpus/kernel_answer)
sandbench_add_fuzzer(NAME response_toolcalls
    SOURCES fuzz_response_toolcalls.cpp ${SANDBENCH_ROOT}/engine/gateway/responsetoolcalls.cpp
    MAXLEN 65536
    CORPUS corpus/response_toolcalls)
# A kernel's text/html reduced to the notebook view's safe rich text (libxml2's HTML parser + our walk).
find_package(LibXml2 REQUIRED)
sandbench_add_fuzzer(NAME kernel_html
    SOURCES fuzz_kernel_html.cpp ${SANDBENCH_ROOT}/engine/tools/kernelhtml.cpp
            ${SANDBENCH_ROOT}/engine/tools/kernelhtml.h
    LIBS LibXml2::LibXml2
    CORPUS corpus/kernel_html)
