// SPDX-License-Identifier: MIT
// Message boxes whose text is plain.
#include "app/gui/plain_message_box.hpp"

namespace accelscope::gui {

std::unique_ptr<QMessageBox> plainMessageBox(QMessageBox::Icon icon, const QString& title, const QString& text,
                                             QWidget* parent)
{
    auto box = std::make_unique<QMessageBox>(icon, title, QString(), QMessageBox::Ok, parent);
    // Set before the text, so the label never holds the text as rich text.
    box->setTextFormat(Qt::PlainText);
    box->setText(text);
    return box;
}

std::unique_ptr<QMessageBox> plainWarningBox(const QString& title, const QString& text, QWidget* parent)
{
    return plainMessageBox(QMessageBox::Warning, title, text, parent);
}

} // namespace accelscope::gui
