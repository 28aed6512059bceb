#!/usr/bin/env bash
# Installs everything Verdict needs on Debian (as root): system packages when missing
# (bubblewrap, libseccomp, Chromium, compilers), npm dependencies, the web app build and the
# `verdict` command's build (dist/cli).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v bwrap >/dev/null || need+=(bubblewrap)
[ -e /usr/include/seccomp.h ] || need+=(libseccomp-dev)
command -v chromium >/dev/null || need+=(chromium)
command -v gcc >/dev/null || need+=(gcc)
command -v g++ >/dev/null || need+=(g++)
command -v python3 >/dev/null || need+=(python3)
command -v javac >/dev/null || need+=(openjdk-17-jdk-headless)
command -v prlimit >/dev/null || need+=(util-linux)
# The optional languages (offered only where their toolchain answers).
[ -x /usr/bin/rustc ] || need+=(rustc)
command -v go >/dev/null || need+=(golang-go)
command -v pypy3 >/dev/null || need+=(pypy3)
command -v fpc >/dev/null || need+=(fp-compiler)
command -v kotlinc >/dev/null || need+=(kotlin)
command -v scalac >/dev/null || need+=(scala)
command -v mcs >/dev/null || need+=(mono-mcs)
command -v mono >/dev/null || need+=(mono-runtime)
[ -d /usr/share/nodejs/typescript ] || need+=(node-typescript)
command -v ghc >/dev/null || need+=(ghc)
command -v ocamlopt >/dev/null || need+=(ocaml-nox)
command -v php >/dev/null || need+=(php-cli)
# The Contest API's validator (tests/server/ccs-check-api.test.ts: check-api.sh needs curl, jq, php).
command -v jq >/dev/null || need+=(jq)
command -v curl >/dev/null || need+=(curl)
command -v ruby >/dev/null || need+=(ruby)
command -v lua5.4 >/dev/null || need+=(lua5.4)
command -v perl >/dev/null || need+=(perl)
command -v gawk >/dev/null || need+=(gawk)
command -v gfortran >/dev/null || need+=(gfortran)
command -v gnatmake >/dev/null || need+=(gnat)
command -v Rscript >/dev/null || need+=(r-base-core)
command -v swipl >/dev/null || need+=(swi-prolog-nox)
command -v sbcl >/dev/null || need+=(sbcl)
command -v cobc >/dev/null || need+=(gnucobol3)
# Objective-C: gcc's front end (gobjc) and GNUstep's Foundation.
gcc -print-prog-name=cc1obj | grep -q / || need+=(gobjc)
[ -e /usr/include/GNUstep/Foundation/Foundation.h ] || need+=(libgnustep-base-dev)
# The load balancer of the multi-host test (tests/cluster), as docs/operations.md sets it up.
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
# Chinese text (gender labels, titles) in statement PDFs and screenshots.
[ -d /usr/share/fonts/truetype/wqy ] || need+=(fonts-wqy-zenhei)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing system packages: ${need[*]} — run as root or: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "Installing system packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi
npm run build -w web
# The `verdict` command's JavaScript build (dist/cli), so that it starts without compiling TypeScript.
npm run build
# `verdict` on the PATH: a link to the command (which runs the build above while it is fresh),
# so that it starts in ~0.2 s instead of npx's ~1.5 s (docs/cli.md).
if [ "$(id -u)" -eq 0 ] && [ -d /usr/local/bin ]; then
  ln -sfn "$PWD/cli/bin/verdict.js" /usr/local/bin/verdict
  echo "verdict: linked /usr/local/bin/verdict -> $PWD/cli/bin/verdict.js"
else
  echo "verdict: not root, so not linked into /usr/local/bin; run it as node $PWD/cli/bin/verdict.js (or npx verdict)"
fi
