#!/usr/bin/env bash
# Sets up everything Attention Lab needs, then builds it: Debian packages where
# missing, npm packages, the native core, the WASM module and the site.
# Used by `npm start`, `npm test`, `npm run lti` and `npm run fuzz` (clang-14 and its sanitizer runtimes); safe to run again (it only does what is missing).
# `--for test` also installs the site generators the embed recipes are tested with; `npm start` never needs them.
set -euo pipefail
cd "$(dirname "$0")/.."

# Where system files are looked for; tests point it at an empty folder to see the "cannot install" path.
sysroot="${ATTENTION_LAB_SYSROOT:-}"

# Debian packages the project needs, each with a file that proves it is there.
declare -A wanted=(
  [emscripten]=/usr/bin/em++
  [binaryen]=/usr/bin/wasm-opt
  [libeigen3-dev]=/usr/include/eigen3/Eigen/Core
  [doctest-dev]=/usr/include/doctest/doctest.h
  [chromium]=/usr/bin/chromium
  [cmake]=/usr/bin/cmake
  [g++]=/usr/bin/g++
  [clang-format]=/usr/bin/clang-format
  [clang-14]=/usr/bin/clang++-14
  [libclang-rt-14-dev]=/usr/lib/llvm-14/lib/clang/14.0.6/include/fuzzer/FuzzedDataProvider.h
  [libxml2-utils]=/usr/bin/xmllint
)
# Tests only: the site generators tests/e2e/embed-recipes.test.mjs builds the README's embed recipes with, and
# LibreOffice Calc, which opens the results CSV as a spreadsheet would (tests/js/results-csv.test.mjs), and the CJK
# fonts the Chinese lesson's screenshots are drawn with (the page itself uses the reader's system fonts).
declare -A wanted_for_test=(
  [fonts-noto-cjk]=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
  [hugo]=/usr/bin/hugo
  [jekyll]=/usr/bin/jekyll
  [mkdocs]=/usr/bin/mkdocs
  [python3-sphinx]=/usr/bin/sphinx-build
  [jupyter-nbconvert]=/usr/bin/jupyter-nbconvert
  [python3-ipykernel]=/usr/share/jupyter/kernels/python3/kernel.json
  [libreoffice-calc-nogui]=/usr/lib/libreoffice/program/libsclo.so
  [llvm-14]=/usr/bin/llvm-cov-14
)
# The LTI tool server and its tests: PostgreSQL (the tool starts a cluster of its own; Debian's is left alone).
declare -A wanted_for_server=(
  [postgresql]=/usr/lib/postgresql/15/bin/postgres
)
purpose=start
args=("$@")
for i in "${!args[@]}"; do
  [ "${args[$i]}" = --for ] && purpose="${args[$((i + 1))]:-start}"
done

missing=()
for pkg in "${!wanted[@]}"; do
  [ -e "$sysroot${wanted[$pkg]}" ] || missing+=("$pkg")
done
if [ "$purpose" = test ] || [ "$purpose" = lti ]; then
  for pkg in "${!wanted_for_server[@]}"; do
    [ -e "$sysroot${wanted_for_server[$pkg]}" ] || missing+=("$pkg")
  done
fi
# Installed without Recommends: hugo's and jupyter's would add Go and pandoc (about 600 MB) that no test uses.
missing_for_test=()
if [ "$purpose" = test ]; then
  for pkg in "${!wanted_for_test[@]}"; do
    [ -e "$sysroot${wanted_for_test[$pkg]}" ] || missing_for_test+=("$pkg")
  done
fi

if [ $((${#missing[@]} + ${#missing_for_test[@]})) -gt 0 ]; then
  IFS=$'\n' missing=($(sort <<<"${missing[*]}")) missing_for_test=($(sort <<<"${missing_for_test[*]}")); unset IFS
  install_lines=()
  [ ${#missing[@]} -gt 0 ] && install_lines+=("  apt-get install -y ${missing[*]}")
  [ ${#missing_for_test[@]} -gt 0 ] && install_lines+=("  apt-get install -y --no-install-recommends ${missing_for_test[*]}")
  why=""
  [ -f "$sysroot/etc/debian_version" ] && command -v apt-get >/dev/null || why="this is not a Debian system with apt-get"
  [ -z "$why" ] && [ "$(id -u)" -ne 0 ] && why="this script is not running as root"
  if [ -n "$why" ]; then
    echo "attention-lab setup: cannot install system packages ($why)." >&2
    echo "Install these (Debian 12 names), then run the command again:" >&2
    printf '%s\n' "${install_lines[@]}" >&2
    exit 1
  fi
  all_missing=("${missing[@]}" "${missing_for_test[@]}")
  echo "attention-lab setup: installing ${all_missing[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  if ! { apt-get update -qq &&
    { [ ${#missing[@]} -eq 0 ] || apt-get install -y -qq "${missing[@]}"; } &&
    { [ ${#missing_for_test[@]} -eq 0 ] || apt-get install -y -qq --no-install-recommends "${missing_for_test[@]}"; }; }; then
    echo "attention-lab setup: apt-get could not install the packages (see its message above)." >&2
    echo "Fix that, or install these yourself, then run the command again:" >&2
    printf '%s\n' "${install_lines[@]}" >&2
    exit 1
  fi
fi

# Node 20 or later: the test runner, ES modules in Node and the npm lock file need it (Debian 12's own nodejs is 18).
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "attention-lab setup: Node.js 20 or later is needed, found ${node_major:-none}. Install Node.js 20+ and npm, then run the command again." >&2
  exit 1
fi

# npm packages: only when the lock file changed since the last install (keeps later runs offline).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "attention-lab setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "attention-lab setup: building"
node scripts/build.mjs "$@"
