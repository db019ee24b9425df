// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/imageviewer.h"

#include "common/filedialog.h"
#include "common/inlineimage.h"
#include "common/inlinemessage.h"
#include "common/retranslate.h"

#include <QAction>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDir>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {
// Drawn pixels per side at most, whatever the zoom: a large image at 800% would otherwise take gigabytes.
constexpr int MaxShownSide = 16384;
constexpr double ZoomStep = 1.25;
} // namespace

ImageViewer::ImageViewer(const QImage &image, const QByteArray &bytes, const QString &name, QWidget *parent)
    : QDialog(parent)
    , m_image(image)
    , m_bytes(bytes)
    , m_name(name)
{
    setObjectName(u"ImageViewer"_s);
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    setSizeGripEnabled(true);
    retranslate(this, [this] { setWindowTitle(tr("%1 — Image").arg(m_name)); });

    auto button = [this](const char *objectName, std::function<QString()> text, std::function<QString()> tip,
                         const QKeySequence &key, std::function<void()> clicked) {
        auto *b = new QToolButton(this);
        b->setObjectName(QLatin1StringView(objectName));
        setTranslatedText(b, std::move(text));
        setTranslatedToolTip(b, std::move(tip));
        if (!key.isEmpty()) {
            auto *action = new QAction(this);
            action->setShortcut(key);
            connect(action, &QAction::triggered, this, clicked);
            addAction(action);
        }
        connect(b, &QToolButton::clicked, this, clicked);
        return b;
    };
    m_fitButton = button(
        "FitButton", [] { return tr("Fit"); }, [] { return tr("Fit the image to the window"); },
        QKeySequence(Qt::CTRL | Qt::Key_0), [this] { fitToWindow(); });
    m_fitButton->setCheckable(true);
    QToolButton *actual = button(
        "ActualSizeButton", [] { return tr("100%"); }, [] { return tr("Show the image's own pixels"); },
        QKeySequence(Qt::CTRL | Qt::Key_1), [this] { setZoom(1.0); });
    QToolButton *in = button(
        "ZoomInButton", [] { return tr("Zoom in"); }, [] { return tr("Zoom in (Ctrl++ or Ctrl+wheel)"); },
        QKeySequence::ZoomIn, [this] { zoomIn(); });
    QToolButton *out = button(
        "ZoomOutButton", [] { return tr("Zoom out"); }, [] { return tr("Zoom out (Ctrl+- or Ctrl+wheel)"); },
        QKeySequence::ZoomOut, [this] { zoomOut(); });
    QToolButton *copy = button(
        "ViewerCopyButton", [] { return tr("Copy"); }, [] { return tr("Copy the image"); },
        QKeySequence::Copy, [this] { copyImage(); });
    QToolButton *save = button(
        "ViewerSaveButton", [] { return tr("Save as…"); }, [] { return tr("Save the image to a file"); },
        QKeySequence::Save, [this] { saveAs(); });
    m_zoomLabel = new QLabel(this);
    m_zoomLabel->setObjectName(u"ZoomLabel"_s);
    m_zoomLabel->setMinimumWidth(m_zoomLabel->fontMetrics().horizontalAdvance(u"8 000 %"_s));

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_fitButton);
    bar->addWidget(actual);
    bar->addWidget(out);
    bar->addWidget(in);
    bar->addWidget(m_zoomLabel);
    bar->addStretch(1);
    bar->addWidget(copy);
    bar->addWidget(save);

    m_picture = new QLabel;
    m_picture->setObjectName(u"ViewerPicture"_s);
    m_picture->setAlignment(Qt::AlignCenter);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"ViewerScroll"_s);
    m_scroll->setAlignment(Qt::AlignCenter);
    m_scroll->setWidget(m_picture);
    m_scroll->setBackgroundRole(QPalette::Dark);
    m_scroll->viewport()->installEventFilter(this);

    m_message = new InlineMessage(this);
    m_message->setObjectName(u"ViewerMessage"_s);
    m_message->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_scroll, 1);

    // As large as the image needs, within most of the screen: the whole chart is seen at once.
    const QRect screen = (parent && parent->screen() ? parent->screen() : QGuiApplication::primaryScreen())
                             ->availableGeometry();
    const QSize room = screen.size() * 0.85;
    const QSize wanted = m_image.size() / m_image.devicePixelRatio() + QSize(40, 80);
    resize(std::clamp(wanted.width(), 360, std::max(360, room.width())),
           std::clamp(wanted.height(), 280, std::max(280, room.height())));
    fitToWindow();
}

QSize ImageViewer::shownSize() const
{
    return m_picture->pixmap().isNull() ? QSize() : m_picture->pixmap().size();
}

double ImageViewer::fitZoom() const
{
    const QSize natural = m_image.size();
    const QSize room = m_scroll->maximumViewportSize() - QSize(2, 2);
    if (natural.isEmpty() || room.isEmpty())
        return 1.0;
    return std::clamp(
        std::min(double(room.width()) / natural.width(), double(room.height()) / natural.height()), MinZoom,
        MaxZoom);
}

void ImageViewer::fitToWindow()
{
    m_fit = true;
    m_zoom = fitZoom();
    render();
}

void ImageViewer::setZoom(double zoom)
{
    m_fit = false;
    m_zoom = std::clamp(zoom, MinZoom, MaxZoom);
    render();
}

void ImageViewer::zoomIn()
{
    setZoom(m_zoom * ZoomStep);
}

void ImageViewer::zoomOut()
{
    setZoom(m_zoom / ZoomStep);
}

void ImageViewer::render()
{
    m_fitButton->setChecked(m_fit);
    QSize size = (QSizeF(m_image.size()) * m_zoom).toSize().expandedTo(QSize(1, 1));
    if (size.width() > MaxShownSide || size.height() > MaxShownSide) {
        size.scale(MaxShownSide, MaxShownSide, Qt::KeepAspectRatio);
        m_zoom = double(size.width()) / std::max(1, m_image.width());
    }
    const QImage shown = size == m_image.size()
                             ? m_image
                             : m_image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    m_picture->setPixmap(QPixmap::fromImage(shown));
    m_picture->resize(size);
    const double percent = std::round(m_zoom * 1000) / 10;
    setTranslatedText(m_zoomLabel, [percent] { return tr("%1%").arg(QLocale().toString(percent)); });
}

void ImageViewer::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    if (m_fit)
        fitToWindow();
}

bool ImageViewer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_scroll->viewport() && event->type() == QEvent::Wheel) {
        auto *wheel = static_cast<QWheelEvent *>(event);
        if (wheel->modifiers() & Qt::ControlModifier) {
            if (wheel->angleDelta().y() > 0)
                zoomIn();
            else if (wheel->angleDelta().y() < 0)
                zoomOut();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void ImageViewer::contextMenuEvent(QContextMenuEvent *event)
{
    InlineImage::makeMenu(
        this, [this] { copyImage(); }, [this] { saveAs(); }, {})
        ->popup(event->globalPos());
}

void ImageViewer::copyImage()
{
    QGuiApplication::clipboard()->setImage(m_image);
    m_message->showMessage([] { return tr("Image copied."); }, InlineMessage::Type::Positive);
}

void ImageViewer::saveAs()
{
    InlineImage::chooseAndSave(this, m_bytes, m_name, m_message);
}
