// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/syntaxhighlighter.h"

#include <QApplication>
#include <QCache>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QFuture>
#include <QFutureWatcher>
#include <QHash>
#include <QLocale>
#include <QMutex>
#include <QPalette>
#include <QPointer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtConcurrent>

#include <memory>
#include <utility>

#ifdef SANDBENCH_HAVE_KF6_SYNTAX
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>
#include <QBuffer>
#include <htmlhighlighter.h>
#endif

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype MaxHighlightBytes = 128 * 1024;
constexpr int CacheCostChars = 8 * 1024 * 1024; // total HTML characters kept
constexpr int ToolTimeoutMs = 20000;

// What a worker needs; built on the caller's thread so no widget state is read off the GUI thread.
struct Job
{
    QString text;     // the part to highlight
    QString rest;     // the part beyond the cap, shown plain
    QString fileName; // base name only: picks the syntax
    QString theme;
    QString toolPath;   // empty: no tool
    QString cappedNote; // shown when rest is not empty
    QString unavailableNote;
};

QString plainBody(const QString &text)
{
    return u"<pre>"_s + text.toHtmlEscaped() + u"</pre>"_s;
}

QString wrap(const QString &bodyStyle, const QString &note, const QString &body)
{
    QString html = u"<html><body"_s;
    if (!bodyStyle.isEmpty())
        html += u" style=\""_s + bodyStyle + u'"';
    html += u'>';
    if (!note.isEmpty())
        html += u"<p><i>"_s + note.toHtmlEscaped() + u"</i></p>"_s;
    html += body + u"</body></html>"_s;
    return html;
}

// The kate-syntax-highlighter page is "<body style=...><pre>\n...\n</pre></body>"; keeps the style and the
// <pre> element.
bool extractToolHtml(const QString &page, QString *style, QString *pre)
{
    const qsizetype bodyAt = page.indexOf(u"<body"_s);
    const qsizetype preAt = page.indexOf(u"<pre>"_s);
    const qsizetype preEnd = page.lastIndexOf(u"</pre>"_s);
    if (bodyAt < 0 || preAt < 0 || preEnd < preAt)
        return false;
    const qsizetype styleAt = page.indexOf(u"style=\""_s, bodyAt);
    if (styleAt >= 0 && styleAt < preAt) {
        const qsizetype from = styleAt + 7;
        *style = page.mid(from, page.indexOf(u'"', from) - from);
    }
    QString inner = page.mid(preAt + 5, preEnd - preAt - 5);
    if (inner.startsWith(u'\n'))
        inner.remove(0, 1);
    *pre = u"<pre>"_s + inner + u"</pre>"_s;
    return true;
}

QString safeBaseName(const QString &fileName)
{
    QString name = QFileInfo(fileName).fileName();
    name.remove(u'/');
    name.remove(QChar(0));
    if (name.isEmpty() || name == u"."_s || name == u".."_s)
        name = u"file.txt"_s;
    return name.left(200);
}

#ifndef SANDBENCH_HAVE_KF6_SYNTAX
QString highlightWithTool(const Job &job)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return {};
    // The tool picks the syntax from the file's name, as Kate does.
    const QString path = dir.filePath(job.fileName);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(job.text.toUtf8()) < 0)
        return {};
    file.close();
    QProcess process;
    process.setProgram(job.toolPath);
    process.setArguments({u"-f"_s, u"html"_s, u"-t"_s, job.theme, path});
    process.start(QIODevice::ReadOnly);
    if (!process.waitForStarted(ToolTimeoutMs))
        return {};
    if (!process.waitForFinished(ToolTimeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        return {};
    }
    // Exit code 1 with "Unknown syntax." means no definition fits this file name.
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}
#endif

#ifdef SANDBENCH_HAVE_KF6_SYNTAX
QString highlightInProcess(const Job &job)
{
    // A Repository is not thread-safe; each worker thread keeps its own.
    thread_local KSyntaxHighlighting::Repository repository;
    const KSyntaxHighlighting::Definition definition = repository.definitionForFileName(job.fileName);
    if (!definition.isValid())
        return {};
    QString page;
    {
        KSyntaxHighlighting::HtmlHighlighter highlighter;
        highlighter.setDefinition(definition);
        highlighter.setTheme(repository.theme(job.theme));
        QByteArray input = job.text.toUtf8();
        QBuffer in(&input);
        in.open(QIODevice::ReadOnly);
        QByteArray output;
        QBuffer out(&output);
        out.open(QIODevice::WriteOnly);
        highlighter.setOutputFile(&out);
        highlighter.highlightData(&in);
        page = QString::fromUtf8(output);
    }
    return page;
}
#endif

QString highlightJob(const Job &job)
{
    const QString note = job.rest.isEmpty() ? QString() : job.cappedNote;
#ifdef SANDBENCH_HAVE_KF6_SYNTAX
    const QString page = highlightInProcess(job);
#else
    if (job.toolPath.isEmpty())
        return wrap({}, job.unavailableNote, plainBody(job.text + job.rest));
    const QString page = highlightWithTool(job);
#endif
    QString style;
    QString pre;
    if (page.isEmpty() || !extractToolHtml(page, &style, &pre))
        return wrap({}, {}, plainBody(job.text + job.rest)); // no definition fits: plain text
    // The highlighted part and the plain rest meet at a line boundary; no gap between the two blocks.
    if (!job.rest.isEmpty()) {
        pre.chop(6); // "</pre>"
        pre += job.rest.toHtmlEscaped() + u"</pre>"_s;
    }
    return wrap(style, note, pre);
}
} // namespace

struct SyntaxHighlighter::Private
{
    // A request waiting for its receiver's running job to finish.
    struct Queued
    {
        Job job;
        QByteArray key;
        std::function<void(const QString &html)> done;
    };
    // Per receiver: whether a job runs, and the newest request behind it (an older one is replaced).
    struct Slot
    {
        bool running = false;
        std::shared_ptr<Queued> queued;
    };

    QString toolPath;
    QThreadPool pool;
    mutable QMutex mutex;
    QCache<QByteArray, QString> cache{CacheCostChars};
    QHash<QObject *, Slot> slots; // GUI thread only

    void start(SyntaxHighlighter *owner, QObject *receiver, Queued request);
};

void SyntaxHighlighter::Private::start(SyntaxHighlighter *owner, QObject *receiver, Queued request)
{
    slots[receiver].running = true;
    // A watcher owned by the receiver delivers the result on its thread and dies with it, so nothing is
    // called for a receiver that is gone (QFuture::then(receiver, ...) in Qt 6.4 checks the receiver off that
    // thread).
    auto *watcher = new QFutureWatcher<QString>(receiver);
    QPointer<SyntaxHighlighter> self(owner);
    QObject::connect(watcher, &QFutureWatcher<QString>::finished, receiver,
                     [self, watcher, receiver, key = request.key, done = std::move(request.done)] {
                         watcher->deleteLater();
                         if (!self || watcher->isCanceled())
                             return;
                         Private *d = self->d.get();
                         const QString html = watcher->result();
                         {
                             QMutexLocker lock(&d->mutex);
                             d->cache.insert(key, new QString(html), int(qMax<qsizetype>(1, html.size())));
                         }
                         std::shared_ptr<Queued> next;
                         auto slot = d->slots.find(receiver);
                         if (slot != d->slots.end()) {
                             slot->running = false;
                             next = std::exchange(slot->queued, nullptr);
                         }
                         done(html);
                         if (next && self)
                             self->d->start(self, receiver, std::move(*next));
                     });
    watcher->setFuture(
        QtConcurrent::run(&pool, [job = std::move(request.job)] { return highlightJob(job); }));
}

SyntaxHighlighter *SyntaxHighlighter::instance()
{
    // Parented to the application so it goes away with it, after every widget that used it.
    static QPointer<SyntaxHighlighter> s_instance;
    if (!s_instance)
        s_instance = new SyntaxHighlighter(QCoreApplication::instance());
    return s_instance;
}

SyntaxHighlighter::SyntaxHighlighter(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->toolPath = QStandardPaths::findExecutable(u"kate-syntax-highlighter"_s);
    // Two workers at most: highlighting competes with the rest of the program for the CPU.
    d->pool.setMaxThreadCount(2);
}

SyntaxHighlighter::~SyntaxHighlighter()
{
    // Jobs not started yet are dropped; running ones are waited for.
    d->pool.clear();
    d->pool.waitForDone();
}

bool SyntaxHighlighter::isAvailable() const
{
#ifdef SANDBENCH_HAVE_KF6_SYNTAX
    return true;
#else
    QMutexLocker lock(&d->mutex);
    return !d->toolPath.isEmpty();
#endif
}

QString SyntaxHighlighter::backendName() const
{
#ifdef SANDBENCH_HAVE_KF6_SYNTAX
    return u"KF6SyntaxHighlighting"_s;
#else
    return isAvailable() ? u"kate-syntax-highlighter"_s : u"none"_s;
#endif
}

QString SyntaxHighlighter::themeName() const
{
    // Follows the palette the text is shown on, like KSyntaxHighlighting's codeeditor example.
    const QColor base = QApplication::palette().color(QPalette::Base);
    return base.lightness() < 128 ? u"Breeze Dark"_s : u"Breeze Light"_s;
}

qsizetype SyntaxHighlighter::maxHighlightBytes()
{
    return MaxHighlightBytes;
}

int SyntaxHighlighter::cacheSize() const
{
    QMutexLocker lock(&d->mutex);
    return int(d->cache.count());
}

void SyntaxHighlighter::setToolPath(const QString &path)
{
    QMutexLocker lock(&d->mutex);
    d->toolPath = path.isEmpty() ? QString() : QStandardPaths::findExecutable(path);
    if (d->toolPath.isEmpty() && QFileInfo(path).isExecutable())
        d->toolPath = path;
    d->cache.clear();
}

void SyntaxHighlighter::highlight(const QString &text, const QString &fileName, QObject *receiver,
                                  std::function<void(const QString &html)> done)
{
    if (!receiver || !done)
        return;
    Job job;
    job.fileName = safeBaseName(fileName);
    job.theme = themeName();
    {
        QMutexLocker lock(&d->mutex);
        job.toolPath = d->toolPath;
    }
    // Cap by UTF-8 bytes, cut at the last line break before the cap so no token is split.
    const QByteArray utf8 = text.toUtf8();
    if (utf8.size() > MaxHighlightBytes) {
        qsizetype cut = utf8.lastIndexOf('\n', MaxHighlightBytes - 1);
        if (cut <= 0)
            cut = MaxHighlightBytes;
        else
            cut += 1;
        // Do not split a multi-byte character.
        while (cut > 0 && (uchar(utf8.at(cut)) & 0xC0) == 0x80)
            --cut;
        job.text = QString::fromUtf8(utf8.left(cut));
        job.rest = QString::fromUtf8(utf8.mid(cut));
        job.cappedNote = tr("Only the first %1 are highlighted; the rest is shown as plain text.")
                             .arg(QLocale().formattedDataSize(MaxHighlightBytes));
    } else {
        job.text = text;
    }
    job.unavailableNote = tr("Syntax highlighting is not available: the program kate-syntax-highlighter "
                             "(Debian package libkf5syntaxhighlighting-tools) was not found. Shown as "
                             "plain text.");

    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(utf8);
    const QByteArray key = hash.result() + '\0' + job.fileName.toUtf8() + '\0' + job.theme.toUtf8() + '\0' +
                           job.toolPath.toUtf8();
    {
        QMutexLocker lock(&d->mutex);
        if (const QString *hit = d->cache.object(key)) {
            // A request still waiting for this receiver is older than this one: drop it.
            if (auto waiting = d->slots.find(receiver); waiting != d->slots.end())
                waiting->queued.reset();
            // Still asynchronous, so callers see one behaviour.
            QMetaObject::invokeMethod(
                receiver, [done, html = *hit] { done(html); }, Qt::QueuedConnection);
            return;
        }
    }
    if (!d->slots.contains(receiver))
        connect(receiver, &QObject::destroyed, this, [this, receiver] { d->slots.remove(receiver); });
    Private::Slot &slot = d->slots[receiver];
    Private::Queued request{job, key, std::move(done)};
    if (slot.running) {
        // At most one waiting request per receiver: a newer one makes the older pointless.
        slot.queued = std::make_shared<Private::Queued>(std::move(request));
        return;
    }
    d->start(this, receiver, std::move(request));
}
