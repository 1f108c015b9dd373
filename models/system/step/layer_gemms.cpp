// SPDX-License-Identifier: MIT
#include "models/system/step/layer_gemms.hpp"


#include <algorithm>
#include <cmath>

namespace accelscope::models::system {

LayerGeometry layerGeometry(const roofline::TransformerConfig& model, double tp)
{
    LayerGeometry g;
    g.dv = model.usesMla() ? model.mla.vHeadDim : model.headDim;
    g.dqk = model.usesMla() ? model.mla.qkNopeHeadDim + model.mla.qkRopeHeadDim : model.headDim;
    const double oWeights = double(model.heads) * g.dv * model.hidden;
    const double attentionPerLayer = roofline::countParameters(model).attention / model.layers;
    g.qkvN = std::max(1.0, (attentionPerLayer - oWeights) / model.hidden) / tp; // MLA: every projection before attention
    g.heads = double(model.heads) / tp;
    g.gateUp = model.gatedFfn ? 2.0 : 1.0;
    return g;
}

std::vector<LayerGemm> layerGemms(const roofline::TransformerConfig& model, const LayerGemmSpec& s)
{
    const LayerGeometry g = layerGeometry(model, s.tp);
    const double h = model.hidden;
    const double b = s.inputBytes;
    std::vector<LayerGemm> out;
    auto add = [&](std::string name, bool bf16, GemmShape shape, double calls) {
        if (calls > 0) out.push_back({std::move(name), bf16, shape, calls});
    };
    add("QKV projection", false, {s.tokens, g.qkvN, h, b, 2}, s.attentionLayers);
    add("attention output projection", false, {s.tokens, h, g.heads * g.dv, b, 2}, s.attentionLayers);
    add("MLP gate and up projections", false, {s.tokens, g.gateUp * model.ffn / s.tp, h, b, 2}, s.denseLayers);
    add("MLP down projection", false, {s.tokens, h, double(model.ffn) / s.tp, b, 2}, s.denseLayers);
    if (s.moeLayers > 0 && s.localExperts > 0) {
        const double perExpert = std::max(1.0, s.tokensPerExpert);
        const double padded = std::ceil(perExpert / s.tileM) * s.tileM * s.localExperts;
        const double ffn = model.moe.expertFfn / s.expertTp;
        add("router", true, {s.tokens, double(model.moe.experts), h, 2, 4}, s.moeLayers);
        add("experts gate and up (grouped)", false, {padded, g.gateUp * ffn, h, b, 2, s.localExperts}, s.moeLayers);
        add("experts down (grouped)", false, {padded, h, ffn, b, 2, s.localExperts}, s.moeLayers);
        if (model.moe.sharedExperts > 0) {
            const double sharedFfn = double(model.moe.sharedExperts) * model.moe.expertFfn / s.tp;
            add("shared experts gate and up", false, {s.tokens, g.gateUp * sharedFfn, h, b, 2}, s.moeLayers);
            add("shared experts down", false, {s.tokens, h, sharedFfn, b, 2}, s.moeLayers);
        }
    }
    return out;
}

} // namespace accelscope::models::system
