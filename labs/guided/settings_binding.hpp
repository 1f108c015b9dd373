// SPDX-License-Identifier: MIT
// A page's settings bound once to its contract: each contract key to a typed getter and setter.
// The binding checks a value's kind and range against the contract, applies it, and reports the
// page's state, so a page writes no parsing of its own (as models::memory::llmSettingsFromKeys maps
// the LLM calculator's keys to its typed settings).
#pragma once

#include "labs/guided/lesson_engine.hpp"
#include "labs/guided/page_contracts.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace accelscope::labs::guided {

/// A typed value of a page's setting or state key.
using SettingValue = std::variant<bool, int, double, std::string, std::vector<std::string>>;
/// A page's state as typed values: compared without text; turned into text only when a check reads it.
using TypedState = std::map<std::string, SettingValue>;

/// A value as the state's text: "true", "64", "0.1" (numberSetting), a list joined with ','.
std::string settingText(const SettingValue& value);
/// Every value of a typed state as text (the PageState that predicates read).
PageState stateText(const TypedState& state);

class SettingsBinding {
public:
    explicit SettingsBinding(PageContract contract);
    SettingsBinding(const SettingsBinding&) = delete; // the setters capture their page
    SettingsBinding& operator=(const SettingsBinding&) = delete;

    const PageContract& contract() const { return m_contract; }

    // Each contract key is bound once, to a getter (returning the value or std::optional of it:
    // nothing leaves the key out of the state) and a setter (void, or bool: false when the page
    // could not apply it). The key's kind must fit the binder (asserted).

    /// Integer keys, and OneOf keys whose choices are whole numbers ("32", "64").
    template <class Get, class Set>
    void bindInt(std::string_view key, Get get, Set set)
    {
        add(key, Type::Int, typedGetter<int>(std::move(get)), typedSetter<int>(std::move(set)));
    }
    /// Number keys.
    template <class Get, class Set>
    void bindNumber(std::string_view key, Get get, Set set)
    {
        add(key, Type::Number, typedGetter<double>(std::move(get)), typedSetter<double>(std::move(set)));
    }
    /// Bool keys.
    template <class Get, class Set>
    void bindBool(std::string_view key, Get get, Set set)
    {
        add(key, Type::Bool, typedGetter<bool>(std::move(get)), typedSetter<bool>(std::move(set)));
    }
    /// OneOf keys and names the models know (precision, kernel spec, model preset, data type, format,
    /// distribution, warp preset, schedule, lab, text): the setter gets a value the contract accepts.
    template <class Get, class Set>
    void bindText(std::string_view key, Get get, Set set)
    {
        add(key, Type::Text, typedGetter<std::string>(std::move(get)), typedSetter<std::string>(std::move(set)));
    }
    /// Device keys: applied when the page then shows that device (an id the catalog lacks is not).
    template <class Get, class Set>
    void bindDevice(std::string_view key, Get get, Set set)
    {
        add(key, Type::Device, typedGetter<std::string>(std::move(get)), typedSetter<std::string>(std::move(set)));
    }
    /// DeviceList keys: the count within the contract's range; applied when the page then shows exactly them.
    template <class Get, class Set>
    void bindDevices(std::string_view key, Get get, Set set)
    {
        using List = std::vector<std::string>;
        add(key, Type::Devices, typedGetter<List>(std::move(get)), typedSetter<List>(std::move(set)));
    }
    /// A key the contract lacks that another page sends (Labs → Roofline `measured`): text, the page checks it.
    template <class Set>
    void acceptKey(std::string_view key, Set set)
    {
        add(key, Type::Extra, {}, typedSetter<std::string>(std::move(set)));
    }
    /// A key of the state only (read by predicates, never set): `kernel_intensity`, `top_device`.
    template <class T, class Get>
    void report(std::string_view key, Get get)
    {
        add(key, Type::Extra, typedGetter<T>(std::move(get)), {});
    }
    /// Called after each applied setting (the page redraws or replans).
    void onApplied(std::function<void()> applied) { m_applied = std::move(applied); }

    /// Applies one setting; false when the key is not bound, the value is not what the contract
    /// allows, or the page could not apply it (then the page is unchanged).
    bool apply(const std::string& key, const std::string& value);
    /// Applies settings in the contract's order (a Warp preset resets the keys after it), then the
    /// other keys; returns the keys that were not applied.
    std::vector<std::string> apply(const std::map<std::string, std::string>& settings);

    /// The page's state, typed.
    TypedState values() const;
    /// The page's state as text.
    PageState state() const { return stateText(values()); }

    /// The contract's keys with no binding (a test requires none).
    std::vector<std::string> unboundKeys() const;

private:
    enum class Type { Int, Number, Bool, Text, Device, Devices, Extra };
    using Getter = std::function<std::optional<SettingValue>()>;
    using Setter = std::function<bool(const SettingValue&)>;
    struct Binding {
        std::string key;
        Type type = Type::Text;
        Getter get;
        Setter set;
    };

    template <class T, class Get>
    static Getter typedGetter(Get get)
    {
        return [get = std::move(get)]() -> std::optional<SettingValue> {
            std::optional<T> value = get();
            if (!value) return std::nullopt;
            return SettingValue(std::move(*value));
        };
    }
    template <class T, class Set>
    static Setter typedSetter(Set set)
    {
        return [set = std::move(set)](const SettingValue& value) -> bool {
            if constexpr (std::is_void_v<std::invoke_result_t<Set&, const T&>>) {
                set(std::get<T>(value));
                return true;
            } else {
                return static_cast<bool>(set(std::get<T>(value)));
            }
        };
    }

    void add(std::string_view key, Type type, Getter get, Setter set);
    /// The value as the binding's type when the contract allows it.
    std::optional<SettingValue> parse(const Binding& binding, const std::string& value) const;
    /// Whether a binder of `type` takes keys of `spec`'s kind.
    static bool fits(const SettingSpec& spec, Type type);
    /// Whether the page shows `value` after it was set (device keys).
    static bool showsValue(const Binding& binding, const SettingValue& value);
    const Binding* find(std::string_view key) const;

    PageContract m_contract;
    std::vector<Binding> m_bindings;
    std::function<void()> m_applied;
};

} // namespace accelscope::labs::guided
