// SPDX-License-Identifier: GPL-3.0-or-later
#include "uploadpump.h"

#include "uploadreceiver.h"

#include <QScopeGuard>

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

constexpr qint64 PipeBytes = 1024 * 1024; // one splice step (the pipe's size, when the kernel allows it)
constexpr qint64 BlockBytes = 256 * 1024; // one read of what is parsed
// The socket wakes the pump once this much of the body is queued (SO_RCVLOWAT), not on every segment: a
// client on loopback (curl writes 64 KiB at a time) then wakes it a few times per MiB instead of for each
// write. On a 2-core VM each of those wake-ups cost curl more than the write itself when the pump ran on the
// other core (curl's CPU for 1 GiB: ~1.0-1.3 s against ~0.6 s with this; bench/server/bench_upload.cpp).
constexpr int LowWaterBytes = 512 * 1024;
// A wait for the low-water mark is at most this long: a client slower than that per LowWaterBytes (or a
// kernel that will not queue that much: its receive window grows with what was read, which is why the mark
// is only set once LowWaterAfter bytes were) still makes progress, and then the pump wakes for any byte.
constexpr int LowWaterWaitMs = 100;
constexpr qint64 LowWaterAfter = 4 * 1024 * 1024;

} // namespace

UploadPump::Result UploadPump::run(DirectBody body, UploadReceiver &receiver, bool splice)
{
    Result r;
    // The low-water mark is the socket's, shared with the connection's own descriptor: it is back to 1 byte
    // before the socket goes back to the connection (which must see a keep-alive request of any size).
    int lowWater = 1;
    const auto setLowWater = [&body, &lowWater](int bytes) {
        if (body.fd < 0 || bytes == lowWater)
            return;
        if (::setsockopt(body.fd, SOL_SOCKET, SO_RCVLOWAT, &bytes, sizeof bytes) == 0)
            lowWater = bytes;
    };
    const auto closeSocket = qScopeGuard([&body, &setLowWater] {
        setLowWater(1);
        if (body.fd >= 0)
            ::close(body.fd);
    });
    const auto failed = [&r](Outcome outcome) {
        r.outcome = outcome;
        return r;
    };
    if (!body.buffered.isEmpty() && !receiver.feed(body.buffered))
        return failed(Outcome::Failed);
    body.buffered = QByteArray();

    int pipeFds[2] = {-1, -1};
    bool canSplice = splice && body.left > 0 && ::pipe2(pipeFds, O_CLOEXEC) == 0;
    const auto closePipe = qScopeGuard([&pipeFds] {
        for (const int fd : pipeFds) {
            if (fd >= 0)
                ::close(fd);
        }
    });
    qint64 pipeBytes = 64 * 1024;
    if (canSplice) {
        const int size = ::fcntl(pipeFds[1], F_SETPIPE_SZ, int(PipeBytes));
        if (size > 0)
            pipeBytes = size;
    }
    QByteArray block;

    bool useLowWater = body.left > LowWaterBytes;
    qint64 left = body.left;

    // Until the socket has bytes: Complete when it has, else why not. With a low-water mark (more than a mark
    // of the body to come), until that many are queued or LowWaterWaitMs passed; a wait that ends with bytes
    // queued but fewer than the mark drops the mark for the rest of the body (the client or the kernel will
    // not queue that much at once), and only a wait with nothing queued counts towards the idle timeout.
    const auto waitReadable = [&]() -> Outcome {
        int waitedMs = 0;
        for (;;) {
            if (body.cancel && body.cancel->isCancelled())
                return Outcome::Cancelled;
            setLowWater(useLowWater && r.fromFd >= LowWaterAfter ? int(qMin<qint64>(left, LowWaterBytes))
                                                                 : 1);
            int timeoutMs = body.idleTimeoutMs > 0 ? body.idleTimeoutMs - waitedMs : -1;
            if (lowWater > 1)
                timeoutMs = timeoutMs < 0 ? LowWaterWaitMs : qMin(timeoutMs, LowWaterWaitMs);
            struct pollfd fds[2] = {{body.fd, POLLIN, 0}, {body.cancel ? body.cancel->fd() : -1, POLLIN, 0}};
            const int n = ::poll(fds, 2, timeoutMs);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                return Outcome::ClientGone;
            if (n == 0 && lowWater > 1) {
                int queued = 0;
                if (::ioctl(body.fd, FIONREAD, &queued) == 0 && queued > 0) {
                    useLowWater = false;
                    return Outcome::Complete;
                }
                waitedMs += timeoutMs;
                if (body.idleTimeoutMs <= 0 || waitedMs < body.idleTimeoutMs)
                    continue;
            }
            if (n == 0)
                return Outcome::TimedOut;
            if (fds[1].revents != 0)
                return Outcome::Cancelled;
            return Outcome::Complete; // readable, or hung up: the read says which
        }
    };

    while (left > 0) {
        if (body.cancel && body.cancel->isCancelled())
            return failed(Outcome::Cancelled);
        if (canSplice && receiver.startAppending()) {
            const ssize_t n = ::splice(body.fd, nullptr, pipeFds[1], nullptr, size_t(qMin(left, pipeBytes)),
                                       SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && errno == EAGAIN) {
                if (const Outcome w = waitReadable(); w != Outcome::Complete)
                    return failed(w);
                continue;
            }
            if (n < 0 && (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP)) {
                canSplice = false; // nothing was moved: the block reads below take over
                continue;
            }
            if (n <= 0)
                return failed(Outcome::ClientGone);
            r.fromFd += n;
            left -= n;
            for (qint64 moved = 0; moved < n;) {
                ssize_t m = -1;
                if (canSplice)
                    m = ::splice(pipeFds[0], nullptr, receiver.spoolFd(), nullptr, size_t(n - moved),
                                 SPLICE_F_MOVE);
                if (m < 0 && errno == EINTR)
                    continue;
                if (m < 0 && (!canSplice || errno == EINVAL || errno == EOPNOTSUPP)) {
                    // The spool's file system takes no splice: what is in the pipe is read out and written.
                    canSplice = false;
                    if (block.isEmpty())
                        block.resize(BlockBytes);
                    m = ::read(pipeFds[0], block.data(), size_t(qMin<qint64>(n - moved, block.size())));
                    for (ssize_t w = 0; m > 0 && w < m;) {
                        const ssize_t k = ::write(receiver.spoolFd(), block.constData() + w, size_t(m - w));
                        if (k < 0 && errno == EINTR)
                            continue;
                        if (k <= 0) {
                            m = k < 0 ? -1 : 0;
                            break;
                        }
                        w += k;
                    }
                }
                if (m <= 0) {
                    receiver.failWrite(m < 0 ? errno : EIO);
                    return failed(Outcome::Failed);
                }
                moved += m;
            }
            if (!receiver.appended(n))
                return failed(Outcome::Failed);
            continue;
        }
        if (block.isEmpty())
            block.resize(BlockBytes);
        const ssize_t n = ::recv(body.fd, block.data(), size_t(qMin<qint64>(left, block.size())), 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (const Outcome w = waitReadable(); w != Outcome::Complete)
                return failed(w);
            continue;
        }
        if (n <= 0)
            return failed(Outcome::ClientGone);
        r.fromFd += n;
        left -= n;
        if (!receiver.feed(QByteArrayView(block.constData(), n)))
            return failed(Outcome::Failed);
    }
    if (!receiver.finish())
        return failed(Outcome::Failed);
    r.outcome = Outcome::Complete;
    return r;
}
