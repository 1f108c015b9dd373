// SPDX-License-Identifier: MIT
// The GEMMs of a transformer's layer stack on one device: one list that the training and the serving step
// both time (projections, dense MLP, router, grouped experts, shared experts).
#pragma once

#include "models/roofline/transformer_config.hpp"
#include "models/system/chip/gemm.hpp"

#include <string>
#include <vector>

namespace accelscope::models::system {

/// One layer's dimensions on one device under tensor parallelism `tp`.
struct LayerGeometry {
    double dv = 0;      ///< value head dimension (MLA: v_head_dim)
    double dqk = 0;     ///< query/key head dimension (MLA: nope + rope)
    double heads = 0;   ///< query heads on this device
    double qkvN = 0;    ///< output width of every projection before attention, on this device
    double gateUp = 1;  ///< 2 for a gated FFN (gate and up in one GEMM), else 1
};

LayerGeometry layerGeometry(const roofline::TransformerConfig& model, double tp);

/// One GEMM of the stack: `bf16` ones run on the BF16 peak (router), the others at the linear layers' precision.
struct LayerGemm {
    std::string name;
    bool bf16 = false;
    GemmShape shape;
    double calls = 0;
};

/// What the list needs of the step.
struct LayerGemmSpec {
    double tokens = 1;          ///< rows of the dense GEMMs on this device per call
    double tp = 1;              ///< tensor parallelism of attention and dense MLP
    double expertTp = 1;        ///< tensor parallelism inside one expert
    double localExperts = 0;    ///< routed experts held on this device
    double tokensPerExpert = 1; ///< rows each local expert receives before padding to whole tiles
    double tileM = 128;         ///< the grouped GEMM pads each expert's rows to this
    double inputBytes = 2;      ///< per element of A and B at the linear layers' precision
    double denseLayers = 0;     ///< calls of the dense-MLP layers
    double moeLayers = 0;       ///< calls of the expert layers
    double attentionLayers = 0; ///< calls of the attention projections
};

/// The stack's GEMMs in execution order; entries with no calls are left out.
std::vector<LayerGemm> layerGemms(const roofline::TransformerConfig& model, const LayerGemmSpec& spec);

} // namespace accelscope::models::system
