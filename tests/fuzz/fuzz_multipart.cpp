// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the streaming multipart/form-data parser on a client's arbitrary bytes. The first byte
// picks chunk sizes; what the parser reports (parts, their data, the outcome) must not depend on how the
// network split the body (nor on bytes held back being taken and given back, as UploadReceiver does when it
// appends a file's data itself), and a part's data is never more than the body.
#include "server/multipartparser.h"

#include <cstdint>
#include <cstdlib>

namespace {

QByteArray run(const QByteArray &body, unsigned seed, bool whole)
{
    MultipartParser parser("XyZ-b0undary");
    QByteArray log;
    qsizetype dataBytes = 0;
    parser.onPartBegin = [&](const MultipartPart &p) {
        log += "B[" + p.name + "|" + (p.hasFilename ? "f:" + p.filename : QByteArray("-")) + "|" +
               p.contentType + "]";
        return true;
    };
    parser.onPartData = [&](QByteArrayView d) {
        if (d.isEmpty())
            abort(); // never called with nothing
        dataBytes += d.size();
        log += d.toByteArray();
        return true;
    };
    parser.onPartEnd = [&] {
        log += "E";
        return true;
    };
    if (whole) {
        parser.feed(body);
    } else {
        qsizetype pos = 0;
        unsigned step = seed;
        while (pos < body.size()) {
            step = step * 1103515245u + 12345u;
            const qsizetype n = qMin<qsizetype>(body.size() - pos, 1 + (step >> 16) % 97);
            parser.feed(QByteArrayView(body).sliced(pos, n));
            pos += n;
            // A caller that writes a part's data itself takes what the parser held back and gives back what
            // it did not find to be data (here: all of it): nothing may be lost or doubled.
            if ((step & 0x300) == 0x300 && parser.inPartData())
                parser.feed(parser.takeHeldBack());
        }
    }
    const MultipartParser::Status status = parser.finish();
    if (dataBytes > body.size())
        abort();
    if (status == MultipartParser::Status::Error)
        return "ERROR"; // where it stopped may differ (a callback already saw the data before the error)
    return log + "|" + QByteArray::number(int(status));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray body(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    QString error;
    MultipartParser::boundaryOf(body.left(200), &error);
    if (run(body, data[0], true) != run(body, data[0], false))
        abort();
    return 0;
}
