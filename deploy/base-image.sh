#!/bin/sh
# Builds the default base image of the Containerfile, sira-base:trixie: a minimal Debian 13 (trixie) root
# file system made with debootstrap and imported into podman. For hosts that cannot pull images from a
# registry; elsewhere pass a public base instead (see the Containerfile's BASE_IMAGE).
#
#   sudo deploy/base-image.sh [image-name]        (needs root, debootstrap and podman)
#
# DEBIAN_MIRROR overrides the mirror (default http://deb.debian.org/debian).
set -eu

image=${1:-sira-base:trixie}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security_mirror=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

if [ "$(id -u)" -ne 0 ]; then
  echo "base-image.sh: debootstrap needs root" >&2
  exit 1
fi
command -v debootstrap >/dev/null || { echo "base-image.sh: install debootstrap first" >&2; exit 1; }

root=$(mktemp -d /tmp/sira-base.XXXXXX)
trap 'rm -rf "$root"' EXIT INT TERM

debootstrap --variant=minbase trixie "$root" "$mirror"

# Security and point-release updates, as in Debian's own container images.
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror trixie main
deb $mirror trixie-updates main
deb $security_mirror trixie-security main
EOF
# Image builds install only what they name and leave no package cache behind.
cat >"$root/etc/apt/apt.conf.d/90container" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Acquire::Languages "none";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
EOF
# No manual pages, documentation or translations, now or from packages installed later (as Debian's slim
# images): copyright notices stay.
cat >"$root/etc/dpkg/dpkg.cfg.d/90container" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
find "$root/usr/share/doc" -type f ! -name copyright -delete
find "$root/usr/share/doc" -type d -empty -delete
rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* "$root"/usr/share/lintian/*
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log "$root"/var/log/apt/*

tar -C "$root" --numeric-owner -c . | podman import \
  --change 'ENV LANG=C.UTF-8' \
  --change 'CMD ["/bin/bash"]' \
  --message "Debian trixie minbase (debootstrap)" \
  - "$image"
echo "base-image.sh: built $image"
