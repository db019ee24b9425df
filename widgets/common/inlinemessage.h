// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

#include <functional>

class QLabel;
class QToolButton;

// A non-modal message shown inside a page (KeePassXC's MessageWidget idea): coloured from the palette,
// closable, never blocks the user.
class InlineMessage : public QFrame
{
    Q_OBJECT
public:
    enum class Type { Information, Positive, Warning, Error };
    Q_ENUM(Type)

    explicit InlineMessage(QWidget *parent = nullptr);

    void showMessage(const QString &text, Type type = Type::Error);
    // A message the window words: text() in the current language, now and after a language switch.
    void showMessage(std::function<QString()> text, Type type = Type::Error);
    QString text() const;
    Type type() const { return m_type; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyColours();

    QLabel *m_label = nullptr;
    QToolButton *m_close = nullptr;
    Type m_type = Type::Information;
};
