#!/usr/bin/env bash
# Builds a local stand-in for the Dockerfile's base image, node:26-slim, where
# no image registry can be reached: Debian bookworm (minbase, as the official
# image's Debian), libatomic1 (which Node needs), the Node binary the project
# pins (the npm `node` package), npm from the registry's `npm` package, and a
# `node` user with uid 1000. Tagged under the base image's own name, so the
# product's Dockerfile builds unchanged with pulling off.
#
# Differences from the official image: the Debian packages are whatever
# bookworm's mirror holds today; npm is the version named below rather than
# the one bundled with that Node release; and the host's certificate bundle
# is copied in and named by NODE_EXTRA_CA_CERTS, because this machine reaches
# the npm registry through its own certificate authority.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
base="${1:-docker.io/library/node:26-slim}"
node_bin="$root/node_modules/node/bin/node"
node_version="$("$node_bin" --version)"
npm_version="${NPM_VERSION:-11}"

if podman image exists "$base" && [ "$(podman image inspect --format '{{index .Config.Labels "node-version"}}' "$base")" = "$node_version" ]; then
  echo "stand-in $base (Node $node_version) already built"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null)
npm_tarball="$(ls "$work"/npm-*.tgz)"
ca_bundle="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"

mmdebstrap --quiet --variant=minbase --include=libatomic1 \
  --customize-hook="cp '$node_bin' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$npm_tarball' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook="mkdir -p \"\$1/etc/ssl/certs\" && cp '$ca_bundle' \"\$1/etc/ssl/certs/host-ca.crt\"" \
  --customize-hook='echo "node:x:1000:1000::/home/node:/bin/sh" >> "$1/etc/passwd" && echo "node:x:1000:" >> "$1/etc/group" && mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"' \
  --customize-hook='rm -rf "$1/var/lib/apt/lists"/* "$1/var/cache/apt"/*' \
  bookworm "$work/rootfs.tar" http://deb.debian.org/debian

podman import \
  --change "ENV NODE_VERSION=${node_version#v}" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt' \
  --change "LABEL node-version=$node_version" \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$base" >/dev/null
echo "stand-in $base built (Node $node_version, Debian bookworm minbase)"
