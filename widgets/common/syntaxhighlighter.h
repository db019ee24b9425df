// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

// Turns source text into highlighted HTML with KSyntaxHighlighting's own definitions and themes, off the GUI
// thread: in process with KF6SyntaxHighlighting when the build has it, otherwise through the KF5 command-line
// highlighter (kate-syntax-highlighter) run with QProcess. The theme follows the application palette's
// lightness; results are cached (bounded LRU keyed by content hash, syntax and theme); only the first
// maxHighlightBytes() of a text are highlighted and the HTML says so. Without a backend the text comes back
// as escaped plain text with a note.
class SyntaxHighlighter : public QObject
{
    Q_OBJECT
public:
    static SyntaxHighlighter *instance();
    ~SyntaxHighlighter() override;

    bool isAvailable() const;
    // "KF6SyntaxHighlighting", "kate-syntax-highlighter" or "none".
    QString backendName() const;

    // Highlights text as the syntax that fits fileName (e.g. "request.json"), off the GUI thread; calls
    // done(html) on receiver's thread; done is dropped if receiver is destroyed first. Call from the GUI
    // thread. Each receiver has at most one job running and one waiting: a newer request replaces the
    // waiting one, whose done is never called.
    void highlight(const QString &text, const QString &fileName, QObject *receiver,
                   std::function<void(const QString &html)> done);

    // The theme highlight() uses now ("Breeze Light" / "Breeze Dark"), chosen from the palette.
    QString themeName() const;
    // Text beyond this many bytes (UTF-8) is shown plain after the highlighted part.
    static qsizetype maxHighlightBytes();
    int cacheSize() const;
    // Tests: use another program path (an empty or missing one means "no backend").
    void setToolPath(const QString &path);

private:
    explicit SyntaxHighlighter(QObject *parent = nullptr);

    struct Private;
    std::unique_ptr<Private> d;
};
