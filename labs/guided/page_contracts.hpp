// SPDX-License-Identifier: MIT
// The settings contract of each page a lesson may open: keys, kinds, ranges and choices, declared
// once per page in labs/guided/pages/<id>.cpp (the build collects them). `lesson check` validates
// lesson files against it, the GUI pages take their controls' ranges from it and bind their
// settings to it (settings_binding.hpp), so a lesson can only ask for what the controls reach.
#pragma once

#include "labs/guided/lesson_context.hpp"
#include "models/common/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::labs::guided {

/// What a setting's value must be.
enum class SettingKind {
    Device,       ///< a catalog device id
    DeviceList,   ///< comma-separated catalog device ids, `min`–`max` of them
    Precision,    ///< a roofline precision (models::roofline::knownPrecisions)
    Kernel,       ///< a kernel spec the Roofline page's kernel controls can express ("gemm:M=…,N=…,K=…")
    Model,        ///< an LLM model preset id
    DataType,     ///< a data type of the LLM models (bf16, fp8, nvfp4, …)
    Format,       ///< a number format of the Precision page (element or block format)
    Distribution, ///< a quantization-lab distribution
    WarpPreset,   ///< a warp-divergence preset program
    Schedule,     ///< a pipeline schedule
    Integer,      ///< a whole number from `min` to `max`
    Number,       ///< a number from `min` to `max`
    Bool,         ///< true or false
    OneOf,        ///< one of `choices`
    Lab,          ///< a lab id of the lab registry
    LabParameters, ///< the selected lab's parameters as NAME=NUMBER pairs ("model_mib=32"); empty sets none
    Text,         ///< any text
};

/// One key a lesson may set on a page. For Integer and Number, `min`–`max` is the range of the
/// page's control (inclusive); for DeviceList it is how many devices the page shows.
struct SettingSpec {
    std::string key;
    SettingKind kind = SettingKind::Text;
    double min = 0.0;
    double max = 0.0;
    std::vector<std::string> choices; ///< OneOf
    std::string meaning;              ///< for authors (FORMAT.md) and tooltips
    /// `min` and `max` as ints (Integer kinds; asserts the range is integral).
    int minInt() const;
    int maxInt() const;
    /// The value as a whole number within `min`–`max`; nothing when it is not one (Integer kinds).
    std::optional<int> integerIn(const std::string& value) const;
    /// The value as a finite number within `min`–`max`; nothing when it is not one (Number kinds).
    std::optional<double> numberIn(const std::string& value) const;
};

/// A page's contract. `id` is the page's stable id, its folder under app/gui ("llm-calculator");
/// `title` is its English title ("LLM calculator"), for messages, and accepted in place of the id
/// where a lesson file is parsed (resolvePageId); after that, pages are named by id only.
struct PageContract {
    std::string id;
    std::string title;
    std::vector<SettingSpec> settings;
    /// The setting with this key; a key the contract lacks is a programmer error (asserted).
    const SettingSpec& setting(std::string_view key) const&;
    /// The setting with this key, or nullptr.
    const SettingSpec* find(std::string_view key) const&;
    // Not on a temporary contract (contractOf(…).setting(…) would dangle): keep the contract.
    const SettingSpec& setting(std::string_view key) const&& = delete;
    const SettingSpec* find(std::string_view key) const&& = delete;
};

/// Settings for the contract files (labs/guided/pages/<id>.cpp).
SettingSpec integerSetting(std::string key, int min, int max, std::string meaning);
SettingSpec choiceSetting(std::string key, std::vector<std::string> choices, std::string meaning);
SettingSpec kindSetting(std::string key, SettingKind kind, std::string meaning, double min = 0, double max = 0);

/// The contract of every page a lesson may open (every file of labs/guided/pages), by id.
std::vector<PageContract> pageContracts();
/// The contract of the page with this id; Error (NotFound, listing the pages) when none.
models::Result<PageContract> pageContract(std::string_view id);
/// The id of the page a lesson file names by its id or its English title ("Roofline" → "roofline");
/// Error (NotFound, listing the pages) when no contract declares it. Lesson files are resolved
/// once, when parsed; nothing looks a page up by title after that.
models::Result<std::string> resolvePageId(std::string_view idOrTitle);
/// The contract of a page by id; an unknown id is a programmer error (asserted). For the GUI pages.
PageContract contractOf(std::string_view id);

/// Checks a value against its setting: device ids in the catalog, names known to the models,
/// numbers whole and in range. Error (InvalidArgument) "key: what is wrong, allowed …".
models::Result<void> checkSetting(const SettingSpec& spec, const std::string& value, const LessonContext& context);

/// The range of a setting for messages: "1 to 64", "one of a, b", "2 to 6 device ids".
std::string allowedText(const SettingSpec& spec);

std::string_view settingKindName(SettingKind kind);

/// The items of a list value ("a, b,c" → a, b, c), trimmed, empty ones dropped.
std::vector<std::string> settingList(const std::string& value);
/// A whole-number value; nothing when it is not one or does not fit an int.
std::optional<int> settingInt(const std::string& value);
/// A finite number value; nothing when it is not one.
std::optional<double> settingNumber(const std::string& value);
/// A number as a value that reads back exactly (shortest round-trip text: "0.1", "4096").
std::string numberSetting(double value);

} // namespace accelscope::labs::guided
