// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the local API's request-head parser on arbitrary bytes, as a hostile client sends them.
#include "server/httphead.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // The server's own limit, and a small one so that the "too large" path is reached too.
    for (const qsizetype limit : {qsizetype(64 * 1024), qsizetype(256)}) {
        HttpRequest request;
        const HttpHeadResult r = parseHttpRequestHead(bytes, limit, &request);
        switch (r.status) {
        case HttpHeadResult::Status::Complete:
            // The head lies inside what was given and inside the limit, and ends with its blank line.
            if (r.headBytes < 4 || r.headBytes > bytes.size() || r.headBytes > limit + 4 ||
                bytes.sliced(r.headBytes - 4, 4) != "\r\n\r\n")
                abort();
            if (request.method.isEmpty() || request.declaredLength < 0)
                abort();
            break;
        case HttpHeadResult::Status::Invalid:
            if (r.httpStatus < 400 || r.httpStatus > 499 || r.message.isEmpty())
                abort();
            break;
        case HttpHeadResult::Status::Incomplete:
            // More bytes are waited for only while the head can still fit.
            if (bytes.size() > limit + 4)
                abort();
            break;
        }
    }
    return 0;
}
