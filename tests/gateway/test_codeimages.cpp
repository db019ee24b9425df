// SPDX-License-Identifier: GPL-3.0-or-later
// CodeImages (gateway/codeimages.h): which images of a container's home a Python call made, read on the host
// within its limits and never through a symlink the container planted.
#include "gateway/codeimages.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {
const QByteArray kPng("\x89PNG\r\n\x1a\n-png-body", 17);

bool put(const QString &path, const QByteArray &data)
{
    QDir().mkpath(path.section(u'/', 0, -2));
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}
} // namespace

class TestCodeImages final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void newAndChangedImages()
    {
        QTemporaryDir home;
        const QString h = home.path();
        QVERIFY(put(h + u"/old.png"_s, kPng));
        QVERIFY(put(h + u"/same.png"_s, kPng));
        const QHash<QString, qint64> before = CodeImages::listing(h);
        QCOMPARE(before.size(), 2);
        QTest::qWait(20); // a later modification time than the listing's
        QVERIFY(put(h + u"/old.png"_s, kPng + "changed"));
        QVERIFY(put(h + u"/plots/new.PNG"_s, kPng + "new"));
        QVERIFY(put(h + u"/photo.jpg"_s, QByteArray("\xff\xd8\xff\xe0jpeg", 8)));
        QVERIFY(put(h + u"/notes.txt"_s, kPng));              // not an image name
        QVERIFY(put(h + u"/fake.png"_s, "not really a png")); // not an image inside
        QVERIFY(put(h + u"/a/b/deep.png"_s, kPng));           // deeper than a direct subfolder
        QVERIFY(put(h + u"/.sandbench/figures/figure-10.png"_s, kPng + "10"));
        QVERIFY(put(h + u"/.sandbench/figures/figure-2.png"_s, kPng + "2"));
        const QList<CodeImage> images = CodeImages::changedSince(before, h);
        QStringList paths;
        for (const CodeImage &i : images)
            paths.append(i.path);
        QCOMPARE(paths, QStringList({u"/workspace/home/old.png"_s, u"/workspace/home/photo.jpg"_s,
                                     u"/workspace/home/plots/new.PNG"_s,
                                     u"/workspace/home/.sandbench/figures/figure-2.png"_s,
                                     u"/workspace/home/.sandbench/figures/figure-10.png"_s}));
        QCOMPARE(images.at(0).mimeType, u"image/png"_s);
        QCOMPARE(images.at(0).data, kPng + "changed");
        QCOMPARE(images.at(1).mimeType, u"image/jpeg"_s);
        QCOMPARE(images.at(0).dataUrl(),
                 u"data:image/png;base64,"_s + QString::fromLatin1(QByteArray(kPng + "changed").toBase64()));
    }

    void limits()
    {
        QTemporaryDir home;
        const QString h = home.path();
        const QHash<QString, qint64> before = CodeImages::listing(h);
        QVERIFY(put(h + u"/big.png"_s, kPng + QByteArray(CodeImages::MaxImageBytes, 'x'))); // too large
        for (int i = 0; i < CodeImages::MaxImages + 3; ++i)
            QVERIFY(put(h + u"/img-%1.png"_s.arg(i, 2, 10, QChar(u'0')), kPng + QByteArray::number(i)));
        const QList<CodeImage> images = CodeImages::changedSince(before, h);
        QCOMPARE(images.size(), CodeImages::MaxImages);
        for (const CodeImage &i : images)
            QVERIFY(!i.path.endsWith(u"big.png"_s));
        QCOMPARE(images.first().path, u"/workspace/home/img-00.png"_s);
    }

    void identicalBytesShownOnce()
    {
        // A chart saved to a file and the same figure captured by the runner: one image, the first by path.
        QTemporaryDir home;
        const QString h = home.path();
        const QHash<QString, qint64> before = CodeImages::listing(h);
        QVERIFY(put(h + u"/chart.png"_s, kPng + "chart"));
        QVERIFY(put(h + u"/.sandbench/figures/figure-1.png"_s, kPng + "chart"));
        QVERIFY(put(h + u"/other.png"_s, kPng + "other"));
        const QList<CodeImage> images = CodeImages::changedSince(before, h);
        QCOMPARE(images.size(), 2);
        QCOMPARE(images.at(0).path, u"/workspace/home/chart.png"_s);
        QCOMPARE(images.at(1).path, u"/workspace/home/other.png"_s);
    }

    void symlinksAreNeverFollowed()
    {
        QTemporaryDir home, outside;
        const QString h = home.path();
        QVERIFY(put(outside.path() + u"/secret.png"_s, kPng));
        QVERIFY(put(outside.path() + u"/figures/figure-1.png"_s, kPng));
        const QHash<QString, qint64> before = CodeImages::listing(h);
        QVERIFY(QFile::link(outside.path() + u"/secret.png"_s, h + u"/link.png"_s));
        QVERIFY(QFile::link(outside.path(), h + u"/dir"_s));
        QVERIFY(QFile::link(outside.path(), h + u"/.sandbench"_s)); // .sandbench/figures leads outside
        QVERIFY(CodeImages::changedSince(before, h).isEmpty());
        QVERIFY(CodeImages::listing(h).isEmpty());
        QVERIFY(CodeImages::listing(QString()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCodeImages)
#include "test_codeimages.moc"
