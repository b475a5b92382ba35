#!/bin/sh
# foreign-openssl.sh ARCH DIR
# Unpacks Debian's openssl and libssl3 for a foreign architecture (mipsel,
# armhf, i386, arm64, ...) into DIR/root, without touching the system's apt
# sources or state: a private APT_CONFIG with its own lists, cache and status.
# Prints DIR/root on success. Used by `make size` and `make insncount`.
set -eu
arch=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
if [ -x "$dir/root/usr/bin/openssl" ]; then
	echo "$dir/root"
	exit 0
fi
root=$dir/apt
mkdir -p "$root/lists/partial" "$root/cache/archives/partial" "$root/etc" "$dir/pkgs"
cat > "$root/etc/apt.conf" <<EOC
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
APT::Sandbox::User "root";
Dir::State "$root";
Dir::State::Lists "$root/lists";
Dir::State::status "$root/status";
Dir::Cache "$root/cache";
EOC
: > "$root/status"
# a security-mirror hiccup must not stop us when the main archive answered
APT_CONFIG=$root/etc/apt.conf apt-get -qq update >&2 || echo "foreign-openssl: apt-get update reported errors; trying the download anyway" >&2
(cd "$dir/pkgs" && APT_CONFIG=$root/etc/apt.conf apt-get -qq download openssl libssl3 >&2)
for d in "$dir"/pkgs/*.deb; do
	dpkg-deb -x "$d" "$dir/root"
done
test -x "$dir/root/usr/bin/openssl"
echo "$dir/root"
