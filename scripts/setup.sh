#!/usr/bin/env bash
# Sets up a fresh machine: the system packages the native modules, the keychain tests, the team-mode
# (PostgreSQL) tests and the end-to-end tests need (on Debian/Ubuntu, with apt-get), then the npm
# packages from the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  python3 make g++          # node-gyp builds better-sqlite3 and keytar
  libsecret-1-dev           # keytar's Secret Service client
  gnome-keyring dbus dbus-x11  # a throw-away keychain for the credential tests
  chromium                  # the browser the end-to-end tests drive (no browser download)
  postgresql                # the team-mode tests run a throw-away cluster (scripts/postgres-cluster.mjs)
  fonts-liberation2 fonts-noto-core
)

if command -v apt-get >/dev/null 2>&1; then
  missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "Installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
else
  echo "No apt-get here: install the equivalents of ${packages[*]} yourself if a build or test asks for them."
fi

npm ci
