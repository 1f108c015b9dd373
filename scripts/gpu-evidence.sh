#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Evidence from a real GPU for the CUDA labs, in one short run.
#
#   scripts/gpu-evidence.sh stage        here (Debian 12, no GPU needed): builds the CLI, the lab tests
#                                        and the CUDA module, and copies them with the shared libraries a
#                                        bare GPU machine lacks into .gpu-carry/ (ignored by git)
#   [GPU_EVIDENCE_ONLY="steps"] scripts/gpu-evidence.sh run OUTDIR   on the GPU machine, from the repository root: builds the CUDA
#                                        module natively for the GPU found (nvcc there), runs every CUDA
#                                        lab with --json, the [cuda] lab tests, a SASS check of the timed
#                                        kernels and a PyTorch reference measured in the same run, and
#                                        writes everything under OUTDIR/<gpu>/ plus one tarball
#
# The results are then copied into labs/cuda/results/<gpu>/ and compared in labs/cuda/README.md.
# Every step has its own time limit, so one hung lab cannot spend the whole loan.
set -uo pipefail
cd "$(dirname "$0")/.."

stage() {
    set -e
    local build=build/gpu
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DACCELSCOPE_WITH_GUI=OFF -DACCELSCOPE_BUILD_TESTS=ON \
        -DACCELSCOPE_WITH_CUDA=ON >/dev/null
    cmake --build "$build" -j"$(nproc)" --target accelscope_cuda accelscope-cli catalog_db labs_tests occupancy_device_check
    rm -rf .gpu-carry
    mkdir -p .gpu-carry/bin .gpu-carry/lib
    cp "$build"/bin/accelscope-cli "$build"/tests/labs_tests "$build"/bin/accelscope.db "$build"/bin/libaccelscope_cuda.so "$build"/bin/occupancy_device_check .gpu-carry/bin/
    strip .gpu-carry/bin/accelscope-cli .gpu-carry/bin/labs_tests .gpu-carry/bin/occupancy_device_check
    # Shared libraries outside glibc: the GPU machine's image is another distribution.
    ldd "$build"/bin/accelscope-cli "$build"/tests/labs_tests | awk '/=> \//{print $3}' | sort -u |
        grep -Ev '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*|libgcc_s)\.so' |
        while read -r lib; do cp -L "$lib" .gpu-carry/lib/; done
    # Packed: OpenBLAS alone is 35 MB, and the tree that travels may hold 64 MiB.
    tar -C .gpu-carry -cJf .gpu-carry/lib.tar.xz lib && rm -rf .gpu-carry/lib
    grep -qx '/.gpu-carry/' .git/info/exclude 2>/dev/null || echo '/.gpu-carry/' >>.git/info/exclude
    du -sh .gpu-carry
}

# The tarball is rewritten after every step (written aside, then renamed), so a run stopped at its
# limit still returns what it measured.
pack() {
    tar -C "$(dirname "$dest")" --exclude=xdg --exclude=native -czf "$dest.tar.gz.part" "$(basename "$dest")" &&
        mv "$dest.tar.gz.part" "$(dirname "$dest")/gpu-evidence.tar.gz"
}

# step NAME SECONDS COMMAND...: runs with a limit, logs the exit status and the time taken. With
# GPU_EVIDENCE_ONLY="name name ..." only those steps run (a second GPU for the kernel sweep, say).
step() {
    local name=$1 limit=$2
    shift 2
    if [[ -n ${GPU_EVIDENCE_ONLY:-} && " $GPU_EVIDENCE_ONLY " != *" $name "* ]]; then
        echo "== step $name: skipped (GPU_EVIDENCE_ONLY)" >>"$dest/steps.log"
        return 0
    fi
    local start=$SECONDS
    timeout --kill-after=5 "$limit" "$@"
    local rc=$?
    echo "== step $name: exit $rc in $((SECONDS - start)) s" | tee -a "$dest/steps.log" >&2
    pack
    return $rc
}

run() {
    local out=${1:?run needs an output folder}
    local carry=$PWD/.gpu-carry
    [[ -x $carry/bin/accelscope-cli ]] || { echo "gpu-evidence: $carry is missing; run 'stage' here first" >&2; exit 2; }
    [[ -d $carry/lib ]] || tar -C "$carry" -xJf "$carry/lib.tar.xz"
    local gpu
    gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')
    dest=$out/${gpu:-unknown-gpu}
    mkdir -p "$dest"
    echo "gpu-evidence: $gpu -> $dest" >&2
    export XDG_DATA_HOME=$dest/xdg # the CLI's user database, kept apart from anything there
    # cuBLAS for the GEMM lab's last rung: the toolkit's or the Python wheel's.
    local cublas
    cublas=$(ls -d /usr/local/cuda/lib64/libcublas.so.1[23]* /usr/local/cuda/targets/*/lib/libcublas.so.1[23]* \
        /opt/*/.venv/lib/python3*/site-packages/nvidia/cu1[23]/lib/libcublas.so.1[23]* \
        /usr/local/lib/python3*/dist-packages/nvidia/cu1[23]/lib/libcublas.so.1[23]* \
        /opt/*/.venv/lib/python3*/site-packages/nvidia/cublas/lib/libcublas.so.1[23]* 2>/dev/null | head -1)
    # Our binaries alone see the carried libraries (an older libstdc++ there would break PyTorch).
    local libs=$carry/lib${cublas:+:$(dirname "$cublas")}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    echo "cublas: ${cublas:-none found}" >"$dest/environment.txt"
    {
        nvidia-smi
        nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.max.sm,clocks.max.mem,power.limit,pcie.link.gen.max,pcie.link.width.max --format=csv
        nvcc --version
        uname -a
        nproc
    } >>"$dest/environment.txt" 2>&1

    # 1. The module built natively for this GPU; the carried sm_80/sm_90 build is the fallback. The
    # occupancy_*.cu files are programs of their own, not parts of the module.
    local cc
    cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '. ')
    mkdir -p "$dest/native"
    if [[ -n $cc ]] && step build-module 150 bash -c "ls labs/cuda/*.cu | grep -v occupancy_ | xargs -P 16 -I{} sh -c 'nvcc -O3 -std=c++17 -lineinfo \
            -gencode arch=compute_$cc,code=sm_$cc -Xcompiler -fPIC,-fvisibility=hidden -I. -c {} -o $dest/native/\$(basename {} .cu).o' && \
            nvcc -shared -cudart static -gencode arch=compute_$cc,code=sm_$cc $dest/native/*.o -ldl -o $dest/native/libaccelscope_cuda.so" \
            >"$dest/build-module.log" 2>&1 && [[ -f $dest/native/libaccelscope_cuda.so ]]; then
        cp "$carry/bin/libaccelscope_cuda.so" "$carry/bin/libaccelscope_cuda.carried.so"
        cp "$dest/native/libaccelscope_cuda.so" "$carry/bin/libaccelscope_cuda.so"
        echo "module: built here for sm_$cc" >>"$dest/environment.txt"
    else
        echo "module: native build failed (see build-module.log); using the carried sm_80/sm_90 build" >>"$dest/environment.txt"
    fi
    rm -f "$dest"/native/*.o

    # 2. The SASS of the timed kernels (vector loads in the stream kernel, the load used by the chase).
    cuobjdump -sass "$carry/bin/libaccelscope_cuda.so" >"$dest/module.sass" 2>&1 || true
    {
        echo "128-bit global loads/stores per kernel (LDG.E.128 / STG.E.128):"
        awk '/Function :/{f=$3} /LDG.E.128|STG.E.128/{n[f]++} END{for (k in n) print n[k], k}' "$dest/module.sass" | sort -k2
        echo "loads in the pointer-chase kernels:"
        awk '/Function :/{f=$3} f ~ /chase/ && /LDG/{print f": "$0}' "$dest/module.sass" | head -20
    } >"$dest/sass-check.txt"

    # 3. Every CUDA lab at its defaults, as a user would run it.
    local cli="env LD_LIBRARY_PATH=$libs $carry/bin/accelscope-cli"
    $cli lab list --json >"$dest/lab-list.json" 2>&1
    for lab in cuda-device-query cuda-bandwidth cuda-h2d cuda-latency cuda-divergence cuda-coalescing cuda-bank-conflicts cuda-gemm cuda-roofline; do
        local limit=60
        [[ $lab == cuda-gemm ]] && limit=150
        step "$lab" $limit $cli --json lab run "$lab" --out "$dest/$lab.json" >"$dest/$lab.stdout" 2>"$dest/$lab.stderr"
        [[ -s $dest/$lab.stdout ]] || rm -f "$dest/$lab.stdout"
    done
    # The tensor-core rungs at the size PyTorch's reference also runs (below).
    step cuda-gemm-8192 120 $cli --json lab run cuda-gemm --param size=8192 --param fp32=0 --out "$dest/cuda-gemm-8192.json" \
        >/dev/null 2>"$dest/cuda-gemm-8192.stderr"
    # The L1-bypassing chase: the L1 plateau should vanish.
    step cuda-latency-cg 90 $cli --json lab run cuda-latency --param bypass_l1=1 --out "$dest/cuda-latency-bypass-l1.json" \
        >/dev/null 2>"$dest/cuda-latency-bypass-l1.stderr"

    # 4. The lab tests that only run with a GPU. They load the module and the catalog from the build
    # folder compiled into them (this machine's /work/main/build/gpu/bin): point that path at the carry.
    local built=/work/main/build/gpu/bin
    if [[ ! -e $built ]]; then mkdir -p "$(dirname "$built")" && ln -s "$carry/bin" "$built"; fi
    step labs-tests 120 env LD_LIBRARY_PATH="$libs" "$carry/bin/labs_tests" "[cuda]" --reporter console >"$dest/labs-tests-cuda.txt" 2>&1

    # 5. The occupancy model against this GPU's attributes and the runtime's occupancy for real kernels.
    step occupancy-device 60 env LD_LIBRARY_PATH="$libs" "$carry/bin/occupancy_device_check" >"$dest/occupancy-device.json" 2>&1

    # 6. Kernel microbenchmarks for the step model: GEMM by shape (BF16, FP8), attention, copy.
    step kernel-sweep 170 python3 scripts/gpu_kernel_sweep.py 140 >"$dest/kernel-sweep.json" 2>"$dest/kernel-sweep.stderr"

    # 7. A reference measured in the same run: PyTorch's copy, matrix products and host copies.
    step torch-reference 90 python3 scripts/gpu_reference.py >"$dest/torch-reference.json" 2>"$dest/torch-reference.stderr"

    nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv >>"$dest/environment.txt" 2>&1
    pack
    ls -la "$dest" >&2
}

case ${1:-} in
stage) stage ;;
run) shift; run "$@" ;;
*) echo "usage: $0 stage | run OUTDIR" >&2; exit 2 ;;
esac
