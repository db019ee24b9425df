// SPDX-License-Identifier: GPL-3.0-or-later
#include "shellcalls/cellrecord.h"

#include "gateway/codeimages.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSaveFile>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QString kindName(KernelOutput::Kind kind)
{
    switch (kind) {
    case KernelOutput::Kind::Stream:
        return u"stream"_s;
    case KernelOutput::Kind::Result:
        return u"result"_s;
    case KernelOutput::Kind::Display:
        return u"display"_s;
    case KernelOutput::Kind::Error:
        return u"error"_s;
    case KernelOutput::Kind::Note:
        return u"note"_s;
    case KernelOutput::Kind::Exit:
        return u"exit"_s;
    }
    return {};
}

std::optional<KernelOutput::Kind> kindFromName(const QString &name)
{
    for (const KernelOutput::Kind kind :
         {KernelOutput::Kind::Stream, KernelOutput::Kind::Result, KernelOutput::Kind::Display,
          KernelOutput::Kind::Error, KernelOutput::Kind::Note, KernelOutput::Kind::Exit})
        if (kindName(kind) == name)
            return kind;
    return std::nullopt;
}

// Writes bytes as storeDir/<name> unless a file of that name is there (names are content hashes).
bool keep(const QString &storeDir, const QString &name, const QByteArray &bytes)
{
    const QString path = storeDir + u'/' + name;
    struct stat st;
    if (::lstat(QFile::encodeName(path).constData(), &st) == 0)
        return S_ISREG(st.st_mode);
    if (!QDir().mkpath(storeDir))
        return false;
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

// A regular file named name directly in storeDir (never a link), at most maxBytes; empty otherwise.
QByteArray readKept(const QString &storeDir, const QString &name, qint64 maxBytes)
{
    const int dir = ::open(QFile::encodeName(storeDir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return {};
    const int fd =
        ::openat(dir, QFile::encodeName(name).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    ::close(dir);
    if (fd < 0)
        return {};
    QByteArray data;
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= maxBytes) {
        QFile file;
        // Read at most maxBytes + 1 whatever the size said: a file that grew since is refused.
        if (file.open(fd, QIODevice::ReadOnly))
            data = file.read(maxBytes + 1);
        if (data.size() > maxBytes)
            data.clear();
    }
    ::close(fd);
    return data;
}

} // namespace

bool CellRecord::isImageName(const QString &name)
{
    if (name.size() != 36 || !name.endsWith(u".png"_s))
        return false;
    for (int i = 0; i < 32; ++i) {
        const QChar c = name.at(i);
        if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')))
            return false;
    }
    return true;
}

QJsonObject CellRecord::save(const KernelCellResult &cell, const QHash<QString, QByteArray> &images,
                             const QString &commandStderr, const QString &storeDir)
{
    QHash<QString, QString> kept; // container path -> stored name
    QJsonArray outputs;
    for (const KernelOutput &o : cell.outputs) {
        QJsonObject out{{u"kind"_s, kindName(o.kind)}};
        if ((o.kind == KernelOutput::Kind::Stream || o.kind == KernelOutput::Kind::Exit) && o.stderrStream)
            out.insert(u"stderr"_s, true);
        if (!o.text.isEmpty())
            out.insert(u"text"_s, o.text);
        if (!o.html.isEmpty())
            out.insert(u"html"_s, o.html.left(KernelCellResult::MaxHtmlChars));
        if (!o.imagePath.isEmpty() && images.contains(o.imagePath) && !storeDir.isEmpty()) {
            QString name = kept.value(o.imagePath);
            if (name.isEmpty()) {
                const QByteArray bytes = images.value(o.imagePath);
                name = QString::fromLatin1(
                           QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().left(32)) +
                       u".png"_s;
                if (!keep(storeDir, name, bytes))
                    name.clear();
                kept.insert(o.imagePath, name);
            }
            if (!name.isEmpty())
                out.insert(u"image"_s, name);
        }
        outputs.append(out);
    }
    QJsonObject json{{u"outputs"_s, outputs}};
    if (cell.droppedChars > 0)
        json.insert(u"dropped_chars"_s, cell.droppedChars);
    if (!commandStderr.isEmpty())
        json.insert(u"command_stderr"_s, commandStderr.left(MaxTextChars));
    return json;
}

std::optional<CellRecord> CellRecord::load(const QJsonObject &json, const QString &storeDir)
{
    const QJsonValue outputs = json.value(u"outputs"_s);
    if (!outputs.isArray())
        return std::nullopt;
    CellRecord record;
    record.cell.mode = KernelCellResult::Mode::Kernel;
    record.cell.status = u"ok"_s;
    qsizetype textLeft = MaxTextChars;
    const auto bounded = [&textLeft](const QString &text) {
        const QString kept = text.left(std::max<qsizetype>(0, textLeft));
        textLeft -= kept.size();
        return kept;
    };
    const QJsonArray items = outputs.toArray();
    for (qsizetype i = 0; i < items.size() && i < KernelCellResult::MaxItems; ++i) {
        const QJsonObject out = items.at(i).toObject();
        const std::optional<KernelOutput::Kind> kind = kindFromName(out.value(u"kind"_s).toString());
        if (!kind)
            continue;
        KernelOutput o;
        o.kind = *kind;
        o.stderrStream = (*kind == KernelOutput::Kind::Stream || *kind == KernelOutput::Kind::Exit) &&
                         out.value(u"stderr"_s).toBool();
        o.text = bounded(out.value(u"text"_s).toString());
        if (*kind == KernelOutput::Kind::Result || *kind == KernelOutput::Kind::Display) {
            const QString html = out.value(u"html"_s).toString();
            if (html.size() <= KernelCellResult::MaxHtmlChars)
                o.html = html;
            const QString image = out.value(u"image"_s).toString();
            if (isImageName(image) && !storeDir.isEmpty()) {
                if (!record.images.contains(image) && record.images.size() < MaxImages) {
                    const QByteArray bytes = readKept(storeDir, image, CodeImages::MaxImageBytes);
                    if (bytes.startsWith("\x89PNG\r\n\x1a\n"))
                        record.images.insert(image, bytes);
                }
                if (record.images.contains(image))
                    o.imagePath = image;
            }
        }
        record.cell.outputs.append(o);
    }
    record.cell.droppedChars = std::max<qint64>(0, json.value(u"dropped_chars"_s).toInteger());
    record.commandStderr = bounded(json.value(u"command_stderr"_s).toString());
    return record;
}
