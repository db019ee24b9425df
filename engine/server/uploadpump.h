// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "httpconnection.h"

class UploadReceiver;

// Reads one upload body straight from its socket into an UploadReceiver, on a worker thread
// (HttpConnection::readBodyDirect): the file's bytes go socket -> pipe -> spool with splice(), inside the
// kernel and without a copy through user space; what is not the file's (a form's part heads and small
// fields) is read in blocks and parsed. A form's file is searched for the closing delimiter after it was
// written (UploadReceiver::appended). Waits for the socket with poll(), at most the idle timeout at a time,
// and stops at once when the connection is cancelled. Never reads past the body's length.
class UploadPump
{
public:
    enum class Outcome {
        Complete,   // the whole body was taken and the receiver finished it
        Failed,     // the receiver refused it (its status() and message() say why)
        ClientGone, // the peer closed or reset the connection before the body's end
        TimedOut,   // nothing arrived for the idle timeout
        Cancelled,  // the connection was aborted or went away
    };
    struct Result
    {
        Outcome outcome = Outcome::Failed;
        qint64 fromFd = 0; // bytes read from the descriptor
    };

    // Splice may be turned off (tests run the block-read path alone).
    static Result run(DirectBody body, UploadReceiver &receiver, bool splice = true);
};
