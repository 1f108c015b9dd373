// SPDX-License-Identifier: MIT
// uiFontFile: a fontconfig match for Qt's UI font family, restricted to files ImGui's FreeType loader reads.
#include "app/gui/canvas/ui_font_file.hpp"

#include <QHash>

#include <fontconfig/fontconfig.h>

#include <memory>

namespace accelscope::gui {
namespace {

QString matchFile(const QString& family, int weight, bool italic)
{
    if (FcInit() == FcFalse) return {};
    const std::unique_ptr<FcPattern, decltype(&FcPatternDestroy)> pattern(FcPatternCreate(), &FcPatternDestroy);
    const QByteArray name = family.toUtf8();
    FcPatternAddString(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>(name.constData()));
    // Qt's weights (100..900, Normal = 400) and fontconfig's differ; FcWeightFromOpenType converts.
    FcPatternAddInteger(pattern.get(), FC_WEIGHT, FcWeightFromOpenType(weight));
    FcPatternAddInteger(pattern.get(), FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    FcPatternAddBool(pattern.get(), FC_SCALABLE, FcTrue);
    FcConfigSubstitute(nullptr, pattern.get(), FcMatchPattern);
    FcDefaultSubstitute(pattern.get());
    FcResult result = FcResultNoMatch;
    const std::unique_ptr<FcPattern, decltype(&FcPatternDestroy)> match(FcFontMatch(nullptr, pattern.get(), &result),
                                                                        &FcPatternDestroy);
    if (!match || result != FcResultMatch) return {};
    FcChar8* file = nullptr;
    FcChar8* format = nullptr;
    FcBool scalable = FcFalse;
    if (FcPatternGetString(match.get(), FC_FILE, 0, &file) != FcResultMatch) return {};
    FcPatternGetBool(match.get(), FC_SCALABLE, 0, &scalable);
    FcPatternGetString(match.get(), FC_FONTFORMAT, 0, &format);
    const QString formatName = format != nullptr ? QString::fromUtf8(reinterpret_cast<const char*>(format)) : QString();
    // Bitmap faces (PCF) cannot be drawn at every scale: better ImGui's own font than a blurry one.
    if (scalable == FcFalse || (formatName != QLatin1String("TrueType") && formatName != QLatin1String("CFF"))) return {};
    return QString::fromUtf8(reinterpret_cast<const char*>(file));
}

} // namespace

QString uiFontFile(const QFont& font)
{
    static QHash<QString, QString> cache;
    const QString key = font.family() + QLatin1Char('/') + QString::number(font.weight()) + (font.italic() ? "i" : "");
    if (const auto it = cache.constFind(key); it != cache.constEnd()) return *it;
    const QString file = matchFile(font.family(), font.weight(), font.italic());
    cache.insert(key, file);
    return file;
}

float uiFontPixelSize(double basePointSize, double textScale, double logicalDpi)
{
    return static_cast<float>(basePointSize * textScale * logicalDpi / 72.0);
}

} // namespace accelscope::gui
