// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDialog>
#include <QImage>

class InlineMessage;
class QLabel;
class QScrollArea;
class QToolButton;

// An image at full size in a window of its own (non-modal): fitted to the window at first, zoomed with the
// buttons, Ctrl+wheel or Ctrl +/-, 100% for its real pixels; Copy and Save as… as on the inline image.
class ImageViewer : public QDialog
{
    Q_OBJECT
public:
    static constexpr double MinZoom = 0.05;
    static constexpr double MaxZoom = 8.0;

    ImageViewer(const QImage &image, const QByteArray &bytes, const QString &name, QWidget *parent = nullptr);

    // The scale shown (1.0: the image's own pixels).
    double zoom() const { return m_zoom; }
    bool fitsWindow() const { return m_fit; }
    void setZoom(double zoom);
    void zoomIn();
    void zoomOut();
    void fitToWindow();
    // The size the image is drawn at.
    QSize shownSize() const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    void render();
    double fitZoom() const;
    void copyImage();
    void saveAs();

    QImage m_image;
    QByteArray m_bytes;
    QString m_name;
    double m_zoom = 1.0;
    bool m_fit = true;
    QScrollArea *m_scroll = nullptr;
    QLabel *m_picture = nullptr;
    QLabel *m_zoomLabel = nullptr;
    QToolButton *m_fitButton = nullptr;
    InlineMessage *m_message = nullptr;
};
