// SPDX-License-Identifier: MIT
// Model configuration JSON parser with file:line errors; presets compiled in at build time.
#include "models/roofline/model_presets.hpp"

#include "models/catalog/located_json.hpp"
#include "models/common/bounded_file.hpp"
#include "models/common/utf8_text.hpp"
#include "models/roofline/model_presets_data.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <set>
#include <sstream>

namespace accelscope::models::roofline {
namespace {

using nlohmann::json;

class ModelParser {
public:
    ModelParser(const catalog::LocatedJson& doc, std::string file) : m_doc(doc), m_file(std::move(file)) {}

    Result<TransformerConfig> parse(const json& model, const std::string& pointer)
    {
        if (!model.is_object()) return error(pointer, "(model)", "a model must be a JSON object");
        static constexpr std::array known{"id", "name", "source", "layers", "hidden", "heads", "kv_heads", "head_dim",
                                          "ffn", "gated_ffn", "vocab", "norm", "tied_embeddings", "qkv_bias",
                                          "linear_bias", "position_embeddings", "sliding_window", "moe", "mla"};
        if (auto r = onlyKeys(model, pointer, known); !r) return std::unexpected(r.error());
        TransformerConfig c;
        auto ok = text(model, pointer, "id", c.id, true) && text(model, pointer, "name", c.name, false);
        ok = ok && integer(model, pointer, "layers", c.layers, true) && integer(model, pointer, "hidden", c.hidden, true) &&
             integer(model, pointer, "heads", c.heads, true) && integer(model, pointer, "kv_heads", c.kvHeads, false) &&
             integer(model, pointer, "head_dim", c.headDim, false) && integer(model, pointer, "ffn", c.ffn, true) &&
             integer(model, pointer, "vocab", c.vocab, true) &&
             boolean(model, pointer, "gated_ffn", c.gatedFfn) && boolean(model, pointer, "tied_embeddings", c.tiedEmbeddings) &&
             boolean(model, pointer, "qkv_bias", c.qkvBias) && boolean(model, pointer, "linear_bias", c.linearBias) &&
             integer(model, pointer, "position_embeddings", c.positionEmbeddings, false) &&
             integer(model, pointer, "sliding_window", c.slidingWindow, false);
        if (!ok) return std::unexpected(*m_error);
        if (c.name.empty()) c.name = c.id;
        if (c.kvHeads == 0) c.kvHeads = c.heads;
        if (c.headDim == 0 && c.heads > 0) c.headDim = c.hidden / c.heads;
        if (auto r = parseNorm(model, pointer, c); !r) return std::unexpected(r.error());
        if (auto r = parseSource(model, pointer, c); !r) return std::unexpected(r.error());
        if (auto r = parseMoe(model, pointer, c); !r) return std::unexpected(r.error());
        if (auto r = parseMla(model, pointer, c); !r) return std::unexpected(r.error());
        if (auto v = validateConfig(c); !v) {
            // The message starts with the field ("heads 6 not divisible …", "moe.top_k …"): point at it.
            const std::string field = v.error().message.substr(0, v.error().message.find(' '));
            std::string fieldPointer = field;
            std::ranges::replace(fieldPointer, '.', '/');
            return error(pointer + "/" + fieldPointer, field, v.error().message);
        }
        return c;
    }

    std::unexpected<Error> error(const std::string& pointer, const std::string& field, const std::string& message)
    {
        // Keys and ids come from the file: escaped, so that one with a line break keeps the message on its line.
        return fail(ErrorCode::InvalidData, m_file + ":" + std::to_string(m_doc.lineOf(pointer)) + ": " + quotedExcerpt(field) +
                                                ": " + quotedExcerpt(message, 300));
    }

private:
    template <std::size_t N>
    Result<void> onlyKeys(const json& object, const std::string& pointer, const std::array<const char*, N>& known)
    {
        for (const auto& [key, value] : object.items()) {
            if (std::ranges::find_if(known, [&](const char* k) { return key == k; }) == known.end()) {
                return error(pointer + "/" + catalog::escapePointerToken(key), key, "unknown key");
            }
        }
        return {};
    }

    bool text(const json& o, const std::string& p, const char* key, std::string& out, bool required)
    {
        if (!o.contains(key)) {
            if (required) m_error = error(p, key, "missing").error();
            return !required;
        }
        if (!o[key].is_string() || o[key].get<std::string>().empty()) {
            m_error = error(p + "/" + key, key, "must be a non-empty string").error();
            return false;
        }
        out = o[key].get<std::string>();
        return true;
    }

    bool integer(const json& o, const std::string& p, const char* key, int& out, bool required)
    {
        if (!o.contains(key)) {
            if (required) m_error = error(p, key, "missing").error();
            return !required;
        }
        const json& v = o[key];
        const auto n = catalog::wholeNumberIn(v, 0, 100'000'000);
        if (!n) {
            m_error = error(p + "/" + key, key, "must be a whole number between 0 and 1e8, got " + v.dump()).error();
            return false;
        }
        out = static_cast<int>(*n);
        return true;
    }

    bool boolean(const json& o, const std::string& p, const char* key, bool& out)
    {
        if (!o.contains(key)) return true;
        if (!o[key].is_boolean()) {
            m_error = error(p + "/" + key, key, "must be true or false").error();
            return false;
        }
        out = o[key].get<bool>();
        return true;
    }

    Result<void> parseNorm(const json& o, const std::string& p, TransformerConfig& c)
    {
        if (!o.contains("norm")) return {};
        const json& v = o["norm"];
        if (v == "rms") c.norm = NormKind::Rms;
        else if (v == "layer") c.norm = NormKind::Layer;
        else return error(p + "/norm", "norm", "must be \"rms\" or \"layer\", got " + v.dump());
        return {};
    }

    Result<void> parseSource(const json& o, const std::string& p, TransformerConfig& c)
    {
        if (!o.contains("source")) return {};
        const json& s = o["source"];
        const std::string sp = p + "/source";
        if (!s.is_object()) return error(sp, "source", "must be an object {url, where}");
        if (auto r = onlyKeys(s, sp, std::array{"url", "where"}); !r) return r;
        if (!text(s, sp, "url", c.sourceUrl, true) || !text(s, sp, "where", c.sourceWhere, false)) {
            return std::unexpected(*m_error);
        }
        if (!c.sourceUrl.starts_with("https://")) return error(sp + "/url", "source.url", "must start with https://");
        return {};
    }

    Result<void> parseMoe(const json& o, const std::string& p, TransformerConfig& c)
    {
        if (!o.contains("moe")) return {};
        const json& m = o["moe"];
        const std::string mp = p + "/moe";
        if (!m.is_object()) return error(mp, "moe", "must be an object");
        if (auto r = onlyKeys(m, mp, std::array{"experts", "top_k", "shared_experts", "expert_ffn", "dense_layers"}); !r) return r;
        const bool ok = integer(m, mp, "experts", c.moe.experts, true) && integer(m, mp, "top_k", c.moe.topK, true) &&
                        integer(m, mp, "shared_experts", c.moe.sharedExperts, false) &&
                        integer(m, mp, "expert_ffn", c.moe.expertFfn, false) &&
                        integer(m, mp, "dense_layers", c.moe.denseLayers, false);
        if (!ok) return std::unexpected(*m_error);
        if (c.moe.expertFfn == 0) c.moe.expertFfn = c.ffn;
        return {};
    }

    Result<void> parseMla(const json& o, const std::string& p, TransformerConfig& c)
    {
        if (!o.contains("mla")) return {};
        const json& m = o["mla"];
        const std::string mp = p + "/mla";
        if (!m.is_object()) return error(mp, "mla", "must be an object");
        if (auto r = onlyKeys(m, mp, std::array{"q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim"}); !r) return r;
        const bool ok = integer(m, mp, "q_lora_rank", c.mla.qLoraRank, false) &&
                        integer(m, mp, "kv_lora_rank", c.mla.kvLoraRank, true) &&
                        integer(m, mp, "qk_nope_head_dim", c.mla.qkNopeHeadDim, true) &&
                        integer(m, mp, "qk_rope_head_dim", c.mla.qkRopeHeadDim, true) &&
                        integer(m, mp, "v_head_dim", c.mla.vHeadDim, true);
        if (!ok) return std::unexpected(*m_error);
        return {};
    }

    const catalog::LocatedJson& m_doc;
    std::string m_file;
    std::optional<Error> m_error;
};

} // namespace

Result<std::vector<TransformerConfig>> parseModelConfigs(std::string_view text, const std::string& fileName)
{
    auto doc = catalog::parseLocatedJson(text);
    if (!doc) {
        return fail(ErrorCode::InvalidData, fileName + ":" + std::to_string(doc.error().line) + ": (syntax): " + doc.error().what);
    }
    ModelParser parser(*doc, fileName);
    std::vector<TransformerConfig> out;
    const json& root = doc->root;
    if (root.is_object() && root.contains("models")) {
        if (!root["models"].is_array() || root.size() != 1) {
            return parser.error("/models", "models", "must be the only key, holding an array of models");
        }
        std::set<std::string> ids;
        for (std::size_t i = 0; i < root["models"].size(); ++i) {
            const std::string pointer = "/models/" + std::to_string(i);
            auto c = parser.parse(root["models"][i], pointer);
            if (!c) return std::unexpected(c.error());
            if (!ids.insert(c->id).second) return parser.error(pointer + "/id", "id", "duplicate id '" + c->id + "'");
            out.push_back(std::move(*c));
        }
        return out;
    }
    auto c = parser.parse(root, "");
    if (!c) return std::unexpected(c.error());
    out.push_back(std::move(*c));
    return out;
}

Result<TransformerConfig> loadModelConfigFile(const std::filesystem::path& file)
{
    auto text = readFileWithLimit(file, inputLimits::modelConfigBytes);
    if (!text) return std::unexpected(text.error());
    auto models = parseModelConfigs(*text, file.filename().string());
    if (!models) return std::unexpected(models.error());
    if (models->size() != 1) {
        return fail(ErrorCode::InvalidData, file.filename().string() + ": holds " + std::to_string(models->size()) +
                                                " models; a model file holds one");
    }
    return models->front();
}

Result<std::vector<TransformerConfig>> modelPresets()
{
    return parseModelConfigs(bundledModelPresetsJson(), "presets.json");
}

Result<TransformerConfig> findModelPreset(std::string_view id)
{
    auto presets = modelPresets();
    if (!presets) return std::unexpected(presets.error());
    for (auto& c : *presets) {
        if (c.id == id) return std::move(c);
    }
    return fail(ErrorCode::NotFound, "unknown model '" + std::string(id) + "' (presets: " + modelPresetIds() + ")");
}

std::string modelPresetIds()
{
    std::string out;
    const auto presets = modelPresets();
    if (!presets) return presets.error().message;
    for (const auto& c : *presets) out += (out.empty() ? "" : ", ") + c.id;
    return out;
}

} // namespace accelscope::models::roofline
