// SPDX-License-Identifier: MIT
// A QR code (libqrencode) as an image, for the join address on the projector.
#pragma once

#include <QImage>
#include <QString>

#include <expected>

namespace accelscope::gui {

/// `text` as a QR code (error correction M, 8-bit mode) of `modulePixels` per module with the
/// 4-module quiet zone the standard asks for, black on white. Error: text too long for a QR code.
std::expected<QImage, QString> qrCodeImage(const QString& text, int modulePixels);

} // namespace accelscope::gui
