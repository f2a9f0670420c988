#!/usr/bin/env bash
# Builds the SAT Visualizer page into target/web/: index.html, the .wasm and
# its JS glue, in release mode (the wasm-release profile: small rather than
# fastest). Installs what is missing: the wasm32 target, and wasm-bindgen-cli
# at exactly the wasm-bindgen version in Cargo.lock, under target/web-tools.
# No wasm-opt: Debian's (binaryen 108) takes a minute to save 5% (nothing
# gzipped), and breaks wasm-bindgen's table of JS references.
# Serve it with:  python3 -m http.server --bind 127.0.0.1 -d target/web 8000
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${CARGO_TARGET_DIR:-target}
out="$target_dir/web"
tools="$target_dir/web-tools"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen's CLI must be the very version the crate links.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "web/build.sh: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
bindgen="$tools/bin/wasm-bindgen"
if ! { [ -x "$bindgen" ] && "$bindgen" --version | grep -qx "wasm-bindgen $version"; }; then
  # --locked where crates.io has every crate of the CLI's own lock file, as
  # published; otherwise the newest that fit. A debug build of the one tool
  # needed: it builds in about 2 minutes on 2 cores instead of 12, and still
  # writes the page's glue in seconds (the same bytes as a release build's).
  install=(cargo install --debug --root "$tools" wasm-bindgen-cli --version "=$version" --bin wasm-bindgen)
  "${install[@]}" --locked || "${install[@]}"
fi

# Its own target folder, so that it can run while another cargo holds
# target/'s lock (the page's test runs it from inside `cargo test`).
build="$target_dir/web-build"
cargo build --target-dir "$build" --target wasm32-unknown-unknown --profile wasm-release \
  --no-default-features --features app --bin sat-visualizer

wasm="$build/wasm32-unknown-unknown/wasm-release/sat-visualizer.wasm"
page="$out/sat-visualizer_bg.wasm"
mkdir -p "$out"
# The glue, only when cargo made a new .wasm.
if [ ! -f "$page" ] || [ "$wasm" -nt "$page" ]; then
  "$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" "$wasm"
fi
cp web/index.html "$out/index.html"
echo "built $out: $(wc -c < "$page") bytes of .wasm ($(gzip -9 -c "$page" | wc -c) gzipped)"
