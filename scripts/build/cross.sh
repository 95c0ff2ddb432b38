#!/usr/bin/env bash
# PixelCore and PixelEffects as Embedded Swift, on other CPUs.
#
#   scripts/build/cross.sh embedded        builds both modules for every target below and prints
#                                    their code size per target (`make embedded`)
#   scripts/build/cross.sh test [TARGET…]  builds the golden-frame harness (Tests/Cross) for the
#                                    emulated targets (default: all four), runs each under
#                                    qemu and compares every digest with the hosted x86-64
#                                    harness and with the golden values (`make test-cross`)
#   scripts/build/cross.sh readme          `test` for all four, then rewrites the table in
#                                    docs/testing.md
#   scripts/build/cross.sh demo            the bare-metal demo (Firmware/) on qemu's riscv32 virt
#                                    machine, its frames decoded into PNGs and checked
#
# Builds go to .build/cross/TRIPLE/ and are redone only when a source is newer. Swift
# objects are linked with the toolchain's ld.lld (GNU ld refuses Swift's protected metadata in
# static links); Tests/Cross/Runtime/runtime.c is the C the programs need underneath.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
swiftc=${SWIFTC:-$(command -v swiftc)}
bin=$(dirname "$(readlink -f "$swiftc")")
out=$root/.build/cross

# Every target `embedded` builds, and the short name used in tables.
all_targets="aarch64-none-none-elf armv7-none-none-eabi armv6m-none-none-eabi riscv32-none-none-eabi riscv64-none-none-eabi"
# The targets `test` runs, and how.
emulated_targets="aarch64-none-none-elf armv7-none-none-eabi riscv64-none-none-eabi riscv32-none-none-eabi"

describe() {
    case $1 in
        aarch64-none-none-elf) echo "AArch64 (Raspberry Pi 3/4/5)|qemu-aarch64-static, Linux user mode" ;;
        armv7-none-none-eabi) echo "ARMv7-A, 32-bit (Pi 2)|qemu-arm-static, Linux user mode" ;;
        armv6m-none-none-eabi) echo "ARMv6-M, Thumb-1, no FPU (RP2040)|built only" ;;
        riscv32-none-none-eabi) echo "RV32 (ESP32-C6 class)|qemu-system-riscv32 -M virt, bare metal, UART" ;;
        riscv64-none-none-eabi) echo "RV64|qemu-riscv64-static, Linux user mode" ;;
    esac
}

core_sources=(Sources/PixelCore/*.swift Sources/PixelCore/Fonts/*.swift)
effects_sources=(Sources/PixelEffects/*.swift Sources/PixelEffects/*/*.swift)
games_sources=(Sources/PixelGames/*.swift)
golden_sources=(Tests/Golden/*.swift)
harness_sources=(Tests/Cross/Harness/*.swift)

# stale OUTPUT INPUT…: true when OUTPUT is missing or older than an input.
stale() {
    local output=$1; shift
    [ -e "$output" ] || return 0
    for input in "$@"; do [ "$input" -nt "$output" ] && return 0; done
    return 1
}

# module TRIPLE NAME "IMPORTS" SOURCES…: one module, whole-module, Embedded, optimised for size.
module() {
    local triple=$1 name=$2 uses=$3; shift 3
    local dir=$out/$triple
    mkdir -p "$dir"
    local kind=(-parse-as-library -emit-module -emit-module-path "$dir/$name.swiftmodule")
    case $name in main | firmware) kind=() ;; esac  # programs: top-level code, no module
    local command=("$swiftc" -enable-experimental-feature Embedded -wmo -swift-version 6 \
        -Osize -target "$triple" -package-name PixelWheel -module-name "$name" -I "$dir" \
        -Xfrontend -function-sections ${kind[@]+"${kind[@]}"} -c "$@" -o "$dir/$name.o")
    # Rebuilt when the command changed or a source or another module is newer than the last
    # build (a rebuilt PixelCore rebuilds PixelEffects); the command file is written last.
    local stamp=$dir/$name.command imports=()
    for m in $uses; do imports+=("$dir/$m.swiftmodule"); done
    if ! stale "$stamp" "$@" ${imports[@]+"${imports[@]}"} && [ "$(cat "$stamp")" = "${command[*]}" ]; then
        return 0
    fi
    rm -f "$stamp"
    nice -n 10 "${command[@]}"
    echo "${command[*]}" > "$stamp"
}

build_core() {
    module "$1" PixelCore "" "${core_sources[@]}"
    module "$1" PixelEffects "PixelCore" "${effects_sources[@]}"
    module "$1" PixelGames "PixelCore" "${games_sources[@]}"
}

# size OBJECT…: code bytes (.text) and constant bytes (.rodata, .data) in the objects.
sizes() {
    local text=0 data=0 index name size rest
    while read -r index name size rest; do
        case $name in
            .text*) text=$((text + 16#$size)) ;;
            .rodata* | .data* | .srodata* | .sdata*) data=$((data + 16#$size)) ;;
        esac
    done < <("$bin/llvm-objdump" -h "$@" | grep -E '^ *[0-9]+ ')
    echo "$text $data"
}

kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

embedded() {
    printf '%-24s %12s %12s\n' target code constants
    for triple in $all_targets; do
        build_core "$triple"
        read -r text data < <(sizes "$out/$triple/PixelCore.o" "$out/$triple/PixelEffects.o")
        printf '%-24s %12s %12s\n' "$triple" "$(kib "$text")" "$(kib "$data")"
        echo "$text $data" > "$out/$triple/size"
    done
    echo "(PixelCore + PixelEffects objects, Embedded Swift, -Osize, before linking)"
    effect_sizes aarch64-none-none-elf riscv32-none-none-eabi
}

# effect_sizes TRIPLE…: each effect's own code in PixelEffects.o, by target: the sizes of the
# functions whose names carry the effect's type (`12PixelEffects6PlasmaV…`: its methods,
# closures and specialisations), so what an effect adds to firmware can be read off; code the
# effects share (the catalog, the canvas, palettes) is PixelCore's or the catalog's, not theirs.
effect_sizes() {
    local types=() type triple
    while read -r type; do types+=("$type"); done < <(sed -n 's/^public struct \([A-Za-z]*\): Scene.*/\1/p' \
        Sources/PixelEffects/*.swift Sources/PixelEffects/*/*.swift | sort)
    printf '\n%-20s' effect
    for triple in "$@"; do printf ' %22s' "$triple"; done
    printf '\n'
    for type in "${types[@]}"; do
        printf '%-20s' "$type"
        for triple in "$@"; do
            "$bin/llvm-nm" --print-size "$out/$triple/PixelEffects.o" | awk -v key="12PixelEffects${#type}${type}V" '
                function hex(h,   n, i) { n = 0; for (i = 1; i <= length(h); i++) n = n * 16 + index("0123456789abcdef", tolower(substr(h, i, 1))) - 1; return n }
                $3 ~ /^[tTwW]$/ && index($4, key) { total += hex($2) } END { printf " %18.1f KiB", total / 1024 }'
        done
        printf '\n'
    done
    echo "(each effect's functions in PixelEffects.o, Embedded Swift, -Osize)"
}

# link TRIPLE PROGRAM OBJECT: PROGRAM, linked from its main OBJECT, the modules, the C runtime
# and the helper libraries.
link() {
    local triple=$1 program=$2 object=$3 dir=$out/$1
    local cflags=(-target "$triple" -Os -ffreestanding -fno-builtin -ffunction-sections -c)
    local ldflags=(-static --gc-sections -e _start) libs=()
    case $triple in
        riscv32-*) cflags+=(-DPW_RISCV_VIRT -mcmodel=medany); ldflags+=(-T Tests/Cross/Runtime/riscv-virt.ld) ;;
        *) cflags+=(-DPW_LINUX_USER) ;;
    esac
    # What compiler-rt or libgcc would give: 64-bit division on 32-bit CPUs, soft-float double
    # (the standard library's hash tables size themselves in Double).
    case $triple in
        armv7-*)
            "$bin/clang" "${cflags[@]}" -O2 Tests/Cross/Runtime/arm-eabi.c -o "$dir/arm-eabi.o"
            libs+=("$dir/arm-eabi.o") ;;
        riscv32-*) libs+=("$(riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -print-libgcc-file-name)") ;;
        riscv64-*) libs+=("$(riscv64-unknown-elf-gcc -march=rv64imac -mabi=lp64 -print-libgcc-file-name)") ;;
    esac
    "$bin/clang" "${cflags[@]}" Tests/Cross/Runtime/runtime.c -o "$dir/runtime.o"
    "$bin/clang" "${cflags[@]}" Tests/Cross/Runtime/libm.c -o "$dir/libm.o"
    # -O2: at -Os clang would turn the helpers' own 128-bit shifts back into calls to themselves.
    "$bin/clang" "${cflags[@]}" -O2 Tests/Cross/Runtime/int128.c -o "$dir/int128.o"
    "$bin/ld.lld" "${ldflags[@]}" -o "$dir/$program" "$dir/$object" "$dir/PixelGolden.o" \
        "$dir/PixelEffects.o" "$dir/PixelGames.o" "$dir/PixelCore.o" "$dir/runtime.o" "$dir/libm.o" "$dir/int128.o" \
        "$(dirname "$bin")/lib/swift/embedded/$triple/libswiftUnicodeDataTables.a" ${libs[@]+"${libs[@]}"}
}

# harness TRIPLE: the linked golden-frame program for TRIPLE.
harness() {
    local triple=$1 dir=$out/$1
    build_core "$triple"
    module "$triple" PixelGolden "PixelCore PixelEffects PixelGames" "${golden_sources[@]}"
    module "$triple" main "PixelCore PixelEffects PixelGames PixelGolden" "${harness_sources[@]}"
    read -r text data < <(sizes "$dir/PixelCore.o" "$dir/PixelEffects.o")
    echo "$text $data" > "$dir/size"
    link "$triple" golden-frames main.o
    sizes "$dir/golden-frames" > "$dir/linked-size"
}

# run TRIPLE: the harness's output on TRIPLE, under qemu.
run() {
    local program=$out/$1/golden-frames
    case $1 in
        aarch64-*) timeout 600 qemu-aarch64-static "$program" ;;
        armv7-*) timeout 600 qemu-arm-static "$program" ;;
        riscv64-*) timeout 600 qemu-riscv64-static "$program" ;;
        riscv32-*) timeout 600 qemu-system-riscv32 -M virt -m 128M -bios none -nographic -monitor none \
                       -serial stdio -kernel "$program" | tr -d '\r' ;;
    esac
}

# The runtime's arithmetic helpers, built for this machine under other names and compared with
# its own compiler runtime and C library.
check_helpers() {
    local dir=$out/host renames=()
    mkdir -p "$dir"
    for f in divti3 modti3 udivti3 umodti3 ashlti3 lshrti3 ashrti3; do renames+=("-D__$f=pw_check_$f"); done
    for f in uidiv uidivmod idiv idivmod llsl llsr lasr; do renames+=("-D__aeabi_$f=pw_check_$f"); done
    renames+=(-Dtrunc=pw_check_trunc -Dceil=pw_check_ceil)
    for f in int128 arm-eabi libm; do
        "$bin/clang" -O2 -fno-builtin "${renames[@]}" -c "Tests/Cross/Runtime/$f.c" -o "$dir/$f.o"
    done
    "$bin/clang" -O2 Tests/Cross/Runtime/check-helpers.c "$dir/int128.o" "$dir/arm-eabi.o" "$dir/libm.o" \
        -lm -o "$dir/check-helpers"
    "$dir/check-helpers"
}

# packages TRIPLE: the Debian packages running TRIPLE's harness needs (qemu; libgcc for RISC-V).
packages() {
    case $1 in
        riscv32-*) echo qemu-system-misc gcc-riscv64-unknown-elf ;;
        riscv64-*) echo qemu-user-static gcc-riscv64-unknown-elf ;;
        *) echo qemu-user-static ;;
    esac
}

test_cross() {
    local targets=${*:-$emulated_targets} needed=()
    for triple in $targets; do needed+=($(packages "$triple")); done
    scripts/build/install-system-packages.sh "${needed[@]}"
    # The reference: the same harness, hosted, on this machine.
    nice -n 10 swift build --product golden-frames >&2
    mkdir -p "$out"
    "$(swift build --show-bin-path)/golden-frames" > "$out/hosted.txt" || true
    local failed=0 hosted_result
    check_helpers || failed=1
    hosted_result=$(tail -n 1 "$out/hosted.txt")
    echo "x86-64 hosted: $hosted_result"
    [ "$hosted_result" = PASS ] || failed=1
    for triple in $targets; do
        local start=$SECONDS
        harness "$triple"
        local built=$SECONDS
        run "$triple" > "$out/$triple/output.txt" || true
        local verdict
        if ! diff -q "$out/hosted.txt" "$out/$triple/output.txt" > /dev/null; then
            verdict="DIFFERS from hosted"; failed=1
            diff "$out/hosted.txt" "$out/$triple/output.txt" | head -n 20 >&2 || true
        elif [ "$(tail -n 1 "$out/$triple/output.txt")" != PASS ]; then
            verdict="FAIL"; failed=1
        else
            verdict="PASS"
        fi
        echo "$verdict" > "$out/$triple/verdict"
        printf '%-24s %-22s (build %ds, run %ds)\n' "$triple" "$verdict" $((built - start)) $((SECONDS - built))
    done
    return $failed
}

# The table in docs/testing.md: one row per target, from the last `embedded`/`test` results.
table() {
    local frames runs banded
    frames=$(grep -c '^frame ' "$out/hosted.txt")
    runs=$(grep -c '^run ' "$out/hosted.txt")
    banded=$(grep -c '^banded' "$out/hosted.txt" || true)
    echo "| CPU | target | how it runs | golden frames | core code | core constants | harness program |"
    echo "|---|---|---|---|---:|---:|---:|"
    for triple in $all_targets; do
        local cpu how verdict text data
        IFS='|' read -r cpu how < <(describe "$triple")
        verdict="not run"
        if [ -e "$out/$triple/verdict" ]; then
            if [ "$(cat "$out/$triple/verdict")" = PASS ]; then
                verdict="$frames frames + $runs runs: identical to x86-64"
                [ "$banded" -eq 0 ] || verdict="$frames frames + $runs runs, full and banded canvas: identical to x86-64"
            else
                verdict=$(cat "$out/$triple/verdict")
            fi
        fi
        read -r text data < "$out/$triple/size"
        local program="–"
        if [ -e "$out/$triple/linked-size" ]; then
            read -r ptext pdata < "$out/$triple/linked-size"
            program=$(kib $((ptext + pdata)))
        fi
        echo "| $cpu | \`$triple\` | $how | $verdict | $(kib "$text") | $(kib "$data") | $program |"
    done
}

# The bare-metal demo (Firmware/): built for RV32, run on qemu's virt machine; its frames are
# decoded into PNGs under .build/cross/demo and each effect's run of frames must have the
# digest the hosted harness computes.
demo() {
    local triple=riscv32-none-none-eabi
    scripts/build/install-system-packages.sh $(packages "$triple") python3
    nice -n 10 swift build --product golden-frames >&2
    mkdir -p "$out/demo"
    "$(swift build --show-bin-path)/golden-frames" > "$out/hosted.txt" || true
    harness "$triple"
    module "$triple" firmware "PixelCore PixelEffects PixelGames PixelGolden" Firmware/*.swift
    link "$triple" firmware firmware.o
    timeout 600 qemu-system-riscv32 -M virt -m 128M -bios none -nographic -monitor none -serial stdio \
        -kernel "$out/$triple/firmware" | tr -d '\r' > "$out/demo/output.txt" || true
    grep -v '^frame ' "$out/demo/output.txt"
    python3 Firmware/decode-frames.py "$out/demo/output.txt" "$out/hosted.txt" "$out/demo"
}

case ${1:-} in
    embedded) embedded ;;
    demo) demo ;;
    test) shift; test_cross "$@" ;;
    readme)
        embedded > /dev/null
        test_cross
        table > "$out/table.md"
        awk -v table="$out/table.md" '
            /<!-- cross-table:end -->/ { while ((getline line < table) > 0) print line; skip = 0 }
            !skip { print }
            /<!-- cross-table:begin -->/ { skip = 1 }' docs/testing.md > "$out/testing.md"
        cp "$out/testing.md" docs/testing.md
        cat "$out/table.md" ;;
    *) echo "usage: scripts/build/cross.sh embedded | test [TRIPLE…] | readme | demo" >&2; exit 2 ;;
esac
