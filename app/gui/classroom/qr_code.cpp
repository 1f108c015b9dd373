// SPDX-License-Identifier: MIT
// A QR code as an image.
#include "app/gui/classroom/qr_code.hpp"

#include <qrencode.h>

#include <QCoreApplication>
#include <QPainter>

#include <memory>

namespace accelscope::gui {

std::expected<QImage, QString> qrCodeImage(const QString& text, int modulePixels)
{
    const QByteArray utf8 = text.toUtf8();
    const std::unique_ptr<QRcode, decltype(&QRcode_free)> code(QRcode_encodeString8bit(utf8.constData(), 0, QR_ECLEVEL_M), &QRcode_free);
    if (!code) return std::unexpected(QCoreApplication::translate("QrCode", "The address is too long for a QR code."));
    constexpr int quiet = 4; // ISO/IEC 18004: a quiet zone of 4 modules on every side
    const int side = (code->width + 2 * quiet) * modulePixels;
    QImage image(side, side, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    for (int y = 0; y < code->width; ++y) {
        for (int x = 0; x < code->width; ++x) {
            // Bit 0 of each byte is the module's colour (1: dark), libqrencode's qrencode.h.
            if ((code->data[y * code->width + x] & 1U) != 0) {
                painter.fillRect((x + quiet) * modulePixels, (y + quiet) * modulePixels, modulePixels, modulePixels, Qt::black);
            }
        }
    }
    return image;
}

} // namespace accelscope::gui
