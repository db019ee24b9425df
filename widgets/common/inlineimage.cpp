// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/inlineimage.h"

#include "common/filedialog.h"
#include "common/imageviewer.h"
#include "common/inlinemessage.h"
#include "common/plaintooltip.h"
#include "common/retranslate.h"

#include <QBuffer>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDir>
#include <QGuiApplication>
#include <QImageReader>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QSaveFile>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
// The picture itself: as large as the image at most, scaled down with the column, never cropped; a click
// asks for the viewer.
class Picture final : public QWidget
{
public:
    Picture(const QImage &image, std::function<void()> clicked, QWidget *parent)
        : QWidget(parent)
        , m_image(image)
        , m_clicked(std::move(clicked))
    {
        QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        setSizePolicy(policy);
        setCursor(Qt::PointingHandCursor);
    }
    QSize sizeHint() const override { return m_image.size() / m_image.devicePixelRatio(); }
    QSize minimumSizeHint() const override { return {64, heightForWidth(64)}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override
    {
        const QSize natural = sizeHint();
        const int w = std::min(width, natural.width());
        return natural.width() > 0 ? w * natural.height() / natural.width() : 0;
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        const QSize natural = sizeHint();
        const int w = std::min(width(), natural.width());
        QPainter painter(this);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        painter.drawImage(QRect(0, 0, w, heightForWidth(w)), m_image);
    }
    void mouseReleaseEvent(QMouseEvent *event) override
    {
        if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint()))
            m_clicked();
    }

private:
    QImage m_image;
    std::function<void()> m_clicked;
};
} // namespace

InlineImage::InlineImage(const QImage &image, const QByteArray &bytes, const QString &name, QWidget *parent)
    : QWidget(parent)
    , m_image(image)
    , m_bytes(bytes)
    , m_name(name)
{
    setObjectName(u"InlineImage"_s);
    m_picture = new Picture(
        image, [this] { openViewer(); }, this);
    m_picture->setObjectName(u"InlineImagePicture"_s);
    setTranslatedToolTip(m_picture, [this] {
        return plainToolTip(tr("%1 — click to enlarge, right-click to copy or save").arg(m_name));
    });
    m_message = new InlineMessage(this);
    m_message->setObjectName(u"InlineImageMessage"_s);
    m_message->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_picture);
    layout->addWidget(m_message);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

QImage InlineImage::decode(const QByteArray &bytes)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setAutoTransform(true);
    const QSize size = reader.size();
    if (!size.isValid() || qint64(size.width()) * size.height() > MaxPixels)
        return {};
    return reader.read();
}

QMenu *InlineImage::makeMenu(QWidget *parent, std::function<void()> copy, std::function<void()> save,
                             std::function<void()> open)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(u"ImageMenu"_s);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction *a = menu->addAction(tr("Copy image"), parent, std::move(copy));
    a->setObjectName(u"CopyImageAction"_s);
    a = menu->addAction(tr("Save image as…"), parent, std::move(save));
    a->setObjectName(u"SaveImageAction"_s);
    if (open) {
        a = menu->addAction(tr("Open at full size"), parent, std::move(open));
        a->setObjectName(u"OpenImageAction"_s);
    }
    return menu;
}

void InlineImage::contextMenuEvent(QContextMenuEvent *event)
{
    // popup(), not exec(): no nested event loop while the menu shows.
    makeMenu(
        this, [this] { copyImage(); }, [this] { saveAs(); }, [this] { openViewer(); })
        ->popup(event->globalPos());
}

void InlineImage::copyImage()
{
    QGuiApplication::clipboard()->setImage(m_image);
    m_message->showMessage([] { return tr("Image copied."); }, InlineMessage::Type::Positive);
}

bool InlineImage::saveBytes(const QByteArray &bytes, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

void InlineImage::saveAs()
{
    chooseAndSave(this, m_bytes, m_name, m_message);
}

void InlineImage::chooseAndSave(QWidget *parent, const QByteArray &bytes, const QString &name,
                                InlineMessage *message)
{
    FileDialog::Options options;
    options.objectName = u"SaveImageDialog"_s;
    options.caption = tr("Save image as");
    options.suggestedPath = QDir::home().filePath(name);
    options.nameFilters = {tr("PNG images (*.png)"), tr("All files (*)")};
    options.defaultSuffix = u"png"_s;
    FileDialog::chooseFileToSave(parent, options, message, [message, bytes](const QString &path) {
        QString error;
        if (saveBytes(bytes, path, &error))
            message->showMessage([path] { return tr("Saved to %1.").arg(QDir::toNativeSeparators(path)); },
                                 InlineMessage::Type::Positive);
        else
            message->showMessage(
                [path, error] {
                    return tr("Could not save the image to %1: %2. Choose a folder you can write to.")
                        .arg(QDir::toNativeSeparators(path), error);
                },
                InlineMessage::Type::Error);
    });
}

ImageViewer *InlineImage::openViewer()
{
    if (!m_viewer) {
        m_viewer = new ImageViewer(m_image, m_bytes, m_name, window());
        m_viewer->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_viewer->show();
    m_viewer->raise();
    m_viewer->activateWindow();
    return m_viewer;
}
