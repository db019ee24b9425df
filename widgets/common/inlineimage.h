// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/imageviewer.h"

#include <QByteArray>
#include <QImage>
#include <QPointer>
#include <QWidget>

#include <functional>

class InlineMessage;
class QMenu;

// An image shown inline (a chart in the chat, a notebook cell's image/png output): scaled down with its
// column, never cropped. A click opens it in an ImageViewer; its context menu copies it, saves it (the
// original bytes, so the file is exactly what the code made) or opens it at full size.
class InlineImage : public QWidget
{
    Q_OBJECT
public:
    // Largest image decoded, in pixels (a PNG of a few bytes can claim a huge canvas).
    static constexpr qint64 MaxPixels = 40'000'000;

    // bytes: the file as it was read (saved as is); name: what Save suggests and the tooltip shows.
    InlineImage(const QImage &image, const QByteArray &bytes, const QString &name, QWidget *parent = nullptr);

    // Decodes bytes as an image within MaxPixels; a null image when they are not one (or too large).
    static QImage decode(const QByteArray &bytes);

    QImage image() const { return m_image; }
    QByteArray bytes() const { return m_bytes; }
    QString name() const { return m_name; }
    // What Save as… and Copy said last (tests).
    InlineMessage *message() const { return m_message; }

    void copyImage();
    // Asks where (FileDialog), then writes the bytes whole or not at all.
    void saveAs();
    // Opens (or raises) the viewer at full size, fitted to its window.
    ImageViewer *openViewer();
    ImageViewer *viewer() const { return m_viewer; }

    // Writes bytes to path atomically; false and error when it could not.
    static bool saveBytes(const QByteArray &bytes, const QString &path, QString *error);
    // Asks where to save bytes (suggesting name) and says in message what became of it.
    static void chooseAndSave(QWidget *parent, const QByteArray &bytes, const QString &name,
                              InlineMessage *message);
    // The menu of an image: Copy image, Save image as…, Open at full size.
    static QMenu *makeMenu(QWidget *parent, std::function<void()> copy, std::function<void()> save,
                           std::function<void()> open);

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    QImage m_image;
    QByteArray m_bytes;
    QString m_name;
    QWidget *m_picture = nullptr;
    InlineMessage *m_message = nullptr;
    QPointer<ImageViewer> m_viewer;
};
