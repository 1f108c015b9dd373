// SPDX-License-Identifier: MIT
// SettingsBinding: contract keys to typed getters and setters; values checked against the contract.
#include "labs/guided/settings_binding.hpp"

#include <algorithm>
#include <cassert>

namespace accelscope::labs::guided {
namespace {

using K = SettingKind;

bool allWholeNumbers(const std::vector<std::string>& choices)
{
    return !choices.empty() && std::ranges::all_of(choices, [](const std::string& c) { return settingInt(c).has_value(); });
}

} // namespace

bool SettingsBinding::fits(const SettingSpec& spec, Type type)
{
    switch (type) {
    case Type::Int: return spec.kind == K::Integer || (spec.kind == K::OneOf && allWholeNumbers(spec.choices));
    case Type::Number: return spec.kind == K::Number;
    case Type::Bool: return spec.kind == K::Bool;
    case Type::Text:
        return spec.kind != K::Integer && spec.kind != K::Number && spec.kind != K::Bool && spec.kind != K::Device &&
               spec.kind != K::DeviceList;
    case Type::Device: return spec.kind == K::Device;
    case Type::Devices: return spec.kind == K::DeviceList;
    case Type::Extra: return false;
    }
    return false;
}

std::string settingText(const SettingValue& value)
{
    struct Text {
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(int n) const { return std::to_string(n); }
        std::string operator()(double d) const { return numberSetting(d); }
        std::string operator()(const std::string& s) const { return s; }
        std::string operator()(const std::vector<std::string>& items) const
        {
            std::string out;
            for (const auto& item : items) out += (out.empty() ? "" : ",") + item;
            return out;
        }
    };
    return std::visit(Text{}, value);
}

PageState stateText(const TypedState& state)
{
    PageState out;
    for (const auto& [key, value] : state) out.emplace(key, settingText(value));
    return out;
}

SettingsBinding::SettingsBinding(PageContract contract) : m_contract(std::move(contract)) {}

void SettingsBinding::add(std::string_view key, Type type, Getter get, Setter set)
{
    assert(find(key) == nullptr && "a key is bound once");
    if (type != Type::Extra) {
        [[maybe_unused]] const SettingSpec* spec = m_contract.find(key);
        assert(spec != nullptr && "the page's contract has no such key");
        assert(spec != nullptr && fits(*spec, type) && "the binder does not fit the key's kind");
    } else {
        assert(m_contract.find(key) == nullptr && "a contract key is bound by its kind's binder");
    }
    m_bindings.push_back({std::string(key), type, std::move(get), std::move(set)});
}

const SettingsBinding::Binding* SettingsBinding::find(std::string_view key) const
{
    const auto it = std::ranges::find(m_bindings, key, &Binding::key);
    return it == m_bindings.end() ? nullptr : &*it;
}

std::optional<SettingValue> SettingsBinding::parse(const Binding& binding, const std::string& value) const
{
    if (binding.type == Type::Extra) return SettingValue(value);
    const SettingSpec& spec = m_contract.setting(binding.key);
    switch (binding.type) {
    case Type::Int: {
        if (spec.kind == K::OneOf && std::ranges::find(spec.choices, value) == spec.choices.end()) return std::nullopt;
        const auto n = spec.kind == K::OneOf ? settingInt(value) : spec.integerIn(value);
        return n ? std::optional<SettingValue>(*n) : std::nullopt;
    }
    case Type::Number: {
        const auto v = spec.numberIn(value);
        return v ? std::optional<SettingValue>(*v) : std::nullopt;
    }
    case Type::Bool:
        if (value != "true" && value != "false") return std::nullopt;
        return SettingValue(value == "true");
    case Type::Text:
        // Names are checked against the models; a lab id is the page's to check (it knows the registry).
        if (spec.kind != K::Lab && !checkSetting(spec, value, {})) return std::nullopt;
        return SettingValue(value);
    case Type::Device: return SettingValue(value);
    case Type::Devices: {
        auto ids = settingList(value);
        const auto count = static_cast<double>(ids.size());
        if (count < spec.min || count > spec.max) return std::nullopt;
        return SettingValue(std::move(ids));
    }
    case Type::Extra: break;
    }
    return std::nullopt;
}

bool SettingsBinding::showsValue(const Binding& binding, const SettingValue& value)
{
    if (binding.type != Type::Device && binding.type != Type::Devices) return true;
    const auto shown = binding.get ? binding.get() : std::nullopt;
    return shown && *shown == value;
}

bool SettingsBinding::apply(const std::string& key, const std::string& value)
{
    const Binding* binding = find(key);
    if (binding == nullptr || !binding->set) return false;
    const auto typed = parse(*binding, value);
    const bool applied = typed && binding->set(*typed) && showsValue(*binding, *typed);
    if (m_applied) m_applied();
    return applied;
}

std::vector<std::string> SettingsBinding::apply(const std::map<std::string, std::string>& settings)
{
    std::vector<std::string> order;
    for (const auto& spec : m_contract.settings) order.push_back(spec.key);
    for (const auto& [key, value] : settings) {
        if (std::ranges::find(order, key) == order.end()) order.push_back(key);
    }
    std::vector<std::string> notApplied;
    for (const auto& key : order) {
        const auto it = settings.find(key);
        if (it != settings.end() && !apply(key, it->second)) notApplied.push_back(key);
    }
    return notApplied;
}

TypedState SettingsBinding::values() const
{
    TypedState out;
    for (const auto& binding : m_bindings) {
        if (!binding.get) continue;
        if (auto value = binding.get()) out.emplace(binding.key, std::move(*value));
    }
    return out;
}

std::vector<std::string> SettingsBinding::unboundKeys() const
{
    std::vector<std::string> out;
    for (const auto& spec : m_contract.settings) {
        if (find(spec.key) == nullptr) out.push_back(spec.key);
    }
    return out;
}

} // namespace accelscope::labs::guided
