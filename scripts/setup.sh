#!/usr/bin/env bash
# Installs what TypeLayout needs on Debian 12 with the Swift toolchain: the C libraries'
# -dev packages and Unicode's conformance data. Does nothing when all are present.
set -euo pipefail
# Before installing anything: without the toolchain the packages would be of no use.
command -v swift >/dev/null || { echo "setup: swift is not on PATH; install the Swift 6 toolchain first" >&2; exit 1; }
# libdeflate-dev: the PNG writer's deflate; libisal-dev: igzip, its deflate of large RGB images. libyaml-dev, libxml2-dev: the audit's YAML rules and
# .stringsdict reader. liblzma-dev: libxml2's static archive needs it (scripts/build.sh links render-cli with it). libxml2-utils: xmllint,
# which the audit tests use to check JUnit output against a schema. The fonts are the system
# faces FallbackWeightTests falls back to in two weights or slants: fonts-beng-extra (Mukti and
# Mukti Bold, Bengali, 0.3 MB), fonts-sil-padauk (Padauk Regular and Bold, Burmese, 1.4 MB) and
# fonts-dejavu-extra (DejaVu Sans Oblique and Bold Oblique, 2 MB).
packages=(pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libpng-dev zlib1g-dev libdeflate-dev libisal-dev libfontconfig-dev libyaml-dev
          libxml2-dev liblzma-dev unicode-data libxml2-utils fonts-beng-extra fonts-sil-padauk fonts-dejavu-extra)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
