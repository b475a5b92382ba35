#!/bin/sh
# insncount.sh BUILD_DIR QEMU_CMD DEB_ARCH TRIPLE PLUGIN
# Instructions per byte (and per public-key operation) for a fixed amount of
# work, counted by qemu with the insncount plugin: Ember's `speed -count`
# against Debian's openssl for the same target (where Debian has one).
# Each figure is a difference of two runs, so start-up cost cancels:
#   per byte = (insns(64 ops) - insns(16 ops)) / (48 * 8192)
set -eu
b=$1
qemu=$2
debarch=$3
triple=$4
plugin=$5
work=$b/insncount
mkdir -p "$work"

count() { # command... -> prints the instruction count, nothing when the command failed
	if $qemu -plugin "$plugin" -d plugin "$@" > /dev/null 2> "$work/err"; then
		sed -n 's/^insns: //p' "$work/err" | tail -n 1
	fi
}

ember_per_byte() { # alg
	a=$(count "$b/ember" speed -count 64 -bytes 8192 "$1")
	c=$(count "$b/ember" speed -count 16 -bytes 8192 "$1")
	[ -n "$a" ] && [ -n "$c" ] || { echo "-"; return; }
	awk -v a="$a" -v c="$c" 'BEGIN { printf "%.2f", (a - c) / (48 * 8192) }'
}

ember_per_op() { # word: instructions for one sign and one verify (from -count 5 and -count 1)
	a=$(count "$b/ember" speed -count 5 "$1")
	c=$(count "$b/ember" speed -count 1 "$1")
	[ -n "$a" ] && [ -n "$c" ] || { echo "-"; return; }
	awk -v a="$a" -v c="$c" 'BEGIN { printf "%.0f", (a - c) / 4 }'
}

ossl=""
if root=$(sh "$(dirname "$0")/foreign-openssl.sh" "$debarch" "$(dirname "$b")/debian-$debarch" 2>/dev/null); then
	lib=$(dirname "$root/usr/lib/$triple/libcrypto.so.3")
	sysroot=/usr/$triple
	ossl="$qemu -L $sysroot -E LD_LIBRARY_PATH=$lib"
	head -c 1048576 /dev/zero | tr '\0' 'a' > "$work/big"
	head -c 262144 /dev/zero | tr '\0' 'a' > "$work/small"
fi

ossl_count() { # args... (qemu prefix already includes -L)
	if $ossl -plugin "$plugin" -d plugin "$root/usr/bin/openssl" "$@" > /dev/null 2> "$work/err"; then
		sed -n 's/^insns: //p' "$work/err" | tail -n 1
	fi
}

ossl_per_byte() { # alg
	[ -n "$ossl" ] || { echo "-"; return; }
	case $1 in
	aes-128-cbc) set -- enc -aes-128-cbc -K 000102030405060708090a0b0c0d0e0f -iv 000102030405060708090a0b0c0d0e0f -out /dev/null -in ;;
	*) set -- dgst "-$1" ;;
	esac
	a=$(ossl_count "$@" "$work/big")
	c=$(ossl_count "$@" "$work/small")
	[ -n "$a" ] && [ -n "$c" ] || { echo "-"; return; }
	awk -v a="$a" -v c="$c" 'BEGIN { printf "%.2f", (a - c) / (1048576 - 262144) }'
}

echo "Instructions per byte at 8192-byte blocks ($qemu)"
printf '%-14s %12s %12s %8s\n' algorithm ember openssl ratio
for alg in aes-128-cbc sha1 sha256 sha512 md5; do
	e=$(ember_per_byte $alg)
	o=$(ossl_per_byte $alg)
	r=$(awk -v e="$e" -v o="$o" 'BEGIN { if (e == "-" || o == "-" || o == 0) print "-"; else printf "%.2f", e / o }')
	printf '%-14s %12s %12s %8s\n' "$alg" "$e" "$o" "$r"
done
[ -n "$ossl" ] || echo "(no Debian openssl for $debarch: Ember's figures only)"
echo
echo "Instructions per public-key operation (ember speed -count: one sign + one verify)"
printf '%-14s %14s\n' operation ember
for w in rsa2048; do
	printf '%-14s %14s\n' "$w" "$(ember_per_op $w)"
done
