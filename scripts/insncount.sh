#!/bin/sh
# insncount.sh BUILD_DIR QEMU_CMD DEB_ARCH TRIPLE PLUGIN
# Instructions per byte (and per public-key operation) for a fixed amount of
# work, counted by qemu with the insncount plugin: Ember's `speed -count`
# against Debian's openssl for the same target (where Debian has one).
# Each figure is a difference of two runs, so start-up cost cancels:
#   per byte = (insns(64 ops) - insns(16 ops)) / (48 * 8192)
# AES-128 is counted in CBC encryption, CTR (ember speed -evp aes-128-ctr,
# openssl enc -aes-128-ctr) and CBC decryption (ember speed -decrypt,
# openssl enc -d -nopad), with /ct32 rows too where ct32 is not the default.
# The AEAD rows are records as openssl speed -aead seals them (nonce,
# 13-byte AAD, 8192-byte payload, tag), on both sides. openssl has no
# command that seals one message, so its side is two `openssl speed -mr
# -aead` runs of different lengths, each counted, and the records each ran
# (its +R line):
#   per byte = (insns(long run) - insns(short run)) / ((records(long) - records(short)) * 8192)
# On arm64 (qemu-aarch64 -cpu cortex-a53, which has the crypto extensions
# and cannot be told to drop them) every figure is counted twice: as the
# CPU is, and without the crypto extensions (the -nc columns): Ember under
# EMBER_CPUCAP=~aes,~pmull,~sha1,~sha2,~sha512,~sha3 (NEON kept, as on a
# Cortex-A53 built without them) and OpenSSL under OPENSSL_armcap=$INSN_ARMCAP
# (0 unless set: no NEON either; 1 keeps NEON, as OpenSSL finds such a core).
# The variables reach the guest through qemu-user's environment, which it
# passes on: its -E splits its argument at commas, and EMBER_CPUCAP's
# words are separated by commas.
set -eu
b=$1
qemu=$2
debarch=$3
triple=$4
plugin=$5
work=$b/insncount
mkdir -p "$work"

# the variant being counted: environment for Ember's and for OpenSSL's runs (empty: as the CPU is)
eenv=
oenv=
nocap=~aes,~pmull,~sha1,~sha2,~sha512,~sha3
armcap=${INSN_ARMCAP:-0}
variants=1
[ "$debarch" = arm64 ] && variants="1 2"
setv() { # 1: as the CPU is; 2: without the crypto extensions (arm64)
	if [ "$1" = 1 ]; then
		eenv=
		oenv=
	else
		eenv="EMBER_CPUCAP=$nocap"
		oenv="OPENSSL_armcap=$armcap"
	fi
}

count() { # command... -> prints the instruction count, nothing when the command failed
	if env $eenv $qemu -plugin "$plugin" -d plugin "$@" > /dev/null 2> "$work/err"; then
		sed -n 's/^insns: //p' "$work/err" | tail -n 1
	fi
}

ember_per_byte() { # alg [speed options]; alg may be "-evp NAME"
	alg=$1
	shift
	# shellcheck disable=SC2086
	a=$(count "$b/ember" speed "$@" -count 64 -bytes 8192 $alg)
	# shellcheck disable=SC2086
	c=$(count "$b/ember" speed "$@" -count 16 -bytes 8192 $alg)
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
	# Debian's multiarch directory, which is not always the toolchain's triple (i386-linux-gnu for i686)
	lib=$(dirname "$(ls "$root"/usr/lib/*/libcrypto.so.3 | head -n 1)")
	sysroot=/usr/$triple
	ossl="$qemu -L $sysroot -E LD_LIBRARY_PATH=$lib"
	head -c 1048576 /dev/zero | tr '\0' 'a' > "$work/big"
	head -c 262144 /dev/zero | tr '\0' 'a' > "$work/small"
fi

ossl_count() { # args... (qemu prefix already includes -L)
	if env $oenv $ossl -plugin "$plugin" -d plugin "$root/usr/bin/openssl" "$@" > /dev/null 2> "$work/err"; then
		sed -n 's/^insns: //p' "$work/err" | tail -n 1
	fi
}

# an AEAD through openssl speed: instructions and records of one -aead run of |seconds|
ossl_speed_run() { # alg seconds -> "insns records", nothing when the run failed
	if env $oenv $ossl -plugin "$plugin" -d plugin "$root/usr/bin/openssl" speed -mr -aead -evp "$1" -bytes 8192 \
		-seconds "$2" > /dev/null 2> "$work/err"; then
		i=$(sed -n 's/^insns: //p' "$work/err" | tail -n 1)
		n=$(sed -n 's/^+R:\([0-9]*\):.*/\1/p' "$work/err" | tail -n 1)
		[ -n "$i" ] && [ -n "$n" ] && echo "$i $n"
	fi
}

ossl_per_byte() { # alg
	[ -n "$ossl" ] || { echo "-"; return; }
	case $1 in
	aes-128-gcm | chacha20-poly1305)
		a=$(ossl_speed_run "$1" 3)
		c=$(ossl_speed_run "$1" 1)
		[ -n "$a" ] && [ -n "$c" ] || { echo "-"; return; }
		echo "$a $c" | awk '{ if ($2 <= $4) print "-"; else printf "%.2f", ($1 - $3) / (($2 - $4) * 8192) }'
		return ;;
	aes-128-cbc | aes-128-ctr)
		set -- enc "-$1" -K 000102030405060708090a0b0c0d0e0f -iv 000102030405060708090a0b0c0d0e0f -out /dev/null -in ;;
	# decryption of the same input: -nopad, since 'aaa...' is no padded ciphertext (1 MiB and 256 KiB are whole blocks)
	aes-128-cbc-dec)
		set -- enc -d -nopad -aes-128-cbc -K 000102030405060708090a0b0c0d0e0f -iv 000102030405060708090a0b0c0d0e0f \
			-out /dev/null -in ;;
	*) set -- dgst "-$1" ;;
	esac
	a=$(ossl_count "$@" "$work/big")
	c=$(ossl_count "$@" "$work/small")
	[ -n "$a" ] && [ -n "$c" ] || { echo "-"; return; }
	awk -v a="$a" -v c="$c" 'BEGIN { printf "%.2f", (a - c) / (1048576 - 262144) }'
}

ratio() { # ember openssl
	awk -v e="$1" -v o="$2" 'BEGIN { if (e == "-" || o == "-" || o == 0) print "-"; else printf "%.2f", e / o }'
}
# the header of a table: the first column's name and width, then ember, openssl, ratio per variant
header() { # name width
	h=$(printf "%-16s" "$1")
	for v in $variants; do
		if [ "$v" = 1 ]; then
			h=$h$(printf " %$2s %$2s %8s" ember openssl ratio)
		else
			h=$h$(printf " | %$2s %$2s %8s" "ember-nc" "openssl-nc" ratio)
		fi
	done
	echo "$h"
}
legend() {
	[ "$variants" = 1 ] && return
	echo "(-nc: without the crypto extensions: Ember under EMBER_CPUCAP=$nocap (NEON kept),"
	echo " OpenSSL under OPENSSL_armcap=$armcap$([ "$armcap" = 0 ] && echo ' (no NEON either)'); the first columns: as the CPU is)"
}
# one row: label, width, then a function that prints "ember openssl" for the current variant
row() { # label width fn [args]
	line=$(printf "%-16s" "$1")
	w=$2
	# a label longer than 16 (aes-128-cbc-dec/ct32) takes its excess from the first figure's width
	w1=$((w - ${#1} + 16))
	[ "$w1" -le "$w" ] || w1=$w
	shift 2
	for v in $variants; do
		setv "$v"
		eo=$("$@")
		e=${eo% *}
		o=${eo#* }
		sep=" "
		[ "$v" = 1 ] || sep=" | "
		line=$line$sep$(printf "%${w1}s %${w}s %8s" "$e" "$o" "$(ratio "$e" "$o")")
		w1=$w
	done
	setv 1
	echo "$line"
}

byte_row() { # row: aes-128-cbc or aes-128-cbc/tab; aes-128-cbc-dec[/impl] is aes-128-cbc under -decrypt
	alg=${1%/*}
	case $alg in
	aes-128-gcm | chacha20-poly1305) aead=-aead ;;
	aes-128-cbc-dec) aead=-decrypt ;;
	*) aead= ;;
	esac
	ealg=${alg%-dec}
	[ "$ealg" = aes-128-ctr ] && ealg="-evp aes-128-ctr" # a mode ember speed names as openssl speed does
	if [ "$1" = "$alg" ]; then
		e=$(ember_per_byte "$ealg" $aead)
	else
		e=$(ember_per_byte "$ealg" $aead -impl "${1#*/}")
	fi
	echo "$e $(ossl_per_byte "$alg")"
}

echo "Instructions per byte at 8192-byte blocks ($qemu)"
header algorithm 12
# the AES rows of the portable constant-time implementation (ct32) too, where it is not the default
aes_default=$(env $eenv $qemu "$b/ember" version -a 2>/dev/null | tr ' ' '\n' | sed -n 's/^aes://p')
ct32_rows=
[ "${aes_default:-ct32}" = ct32 ] || ct32_rows="aes-128-cbc/ct32 aes-128-ctr/ct32 aes-128-cbc-dec/ct32"
for r in aes-128-cbc aes-128-ctr aes-128-cbc-dec $ct32_rows aes-128-cbc/tab sha1 sha256 sha512 md5 \
	sha3-256 sha3-256/ref32 aes-128-gcm chacha20-poly1305; do
	row "$r" 12 byte_row "$r"
done
legend
# the implementation Ember picks by default here (constant-time: bitsliced ct32 on 32-bit cores,
# ct on 64-bit ones, neon on ARMv7), and those the other rows ran: the "options:" line of its table
ember_defaults() {
	aes_default=$(env $eenv $qemu "$b/ember" version -a 2>/dev/null | tr ' ' '\n' | sed -n 's/^aes://p')
	defaults=$(env $eenv $qemu "$b/ember" speed -count 1 -bytes 16 sha3-256 aes-128-gcm chacha20-poly1305 \
		2>/dev/null | sed -n 's/^options: //p')
}
if [ "$variants" != 1 ]; then
	setv 2
	ember_defaults
	echo "(-nc: Ember's aes-128-cbc ${aes_default:-?}; ${defaults:-?})"
	setv 1
fi
ember_defaults
echo "(aes-128-cbc is Ember's default here, ${aes_default:-?}, constant-time; /tab is the table implementation,"
echo " not constant-time, as OpenSSL's MIPS, ARMv4 and x86 integer assembler is; aes-128-cbc-dec is CBC"
echo " decryption: ember speed -decrypt, openssl enc -d -nopad; aes-128-ctr: openssl enc -aes-128-ctr)"
echo "(Ember's defaults here: ${defaults:-?}, constant-time; aes-128-gcm and chacha20-poly1305 are -aead"
echo " records on both sides, OpenSSL's counted over two openssl speed -aead runs)"
[ -n "$ossl" ] || echo "(no Debian openssl for $debarch: Ember's figures only)"

rsa_row() {
	e=$(ember_per_op rsa2048)
	o="-"
	if [ -n "$ossl" ] && command -v openssl >/dev/null; then
		# a 2048-bit key of the same size as ember speed's; key loading is subtracted
		[ -f "$work/rsa2048.pem" ] || openssl genrsa -out "$work/rsa2048.pem" 2048 2>/dev/null
		openssl rsa -in "$work/rsa2048.pem" -pubout -out "$work/rsa2048.pub" 2>/dev/null
		head -c 36 "$work/big" > "$work/tbs"
		openssl pkeyutl -sign -inkey "$work/rsa2048.pem" -in "$work/tbs" -out "$work/sig" 2>/dev/null
		s1=$(ossl_count pkeyutl -sign -inkey "$work/rsa2048.pem" -in "$work/tbs" -out /dev/null)
		s0=$(ossl_count pkey -in "$work/rsa2048.pem" -noout)
		v1=$(ossl_count pkeyutl -verify -pubin -inkey "$work/rsa2048.pub" -sigfile "$work/sig" -in "$work/tbs")
		v0=$(ossl_count pkey -pubin -in "$work/rsa2048.pub" -noout)
		[ -n "$s1" ] && [ -n "$s0" ] && [ -n "$v1" ] && [ -n "$v0" ] && o=$((s1 - s0 + v1 - v0))
	fi
	echo "$e $o"
}
echo
echo "Instructions per RSA-2048 operation: one sign + one verify"
header operation 14
row "rsa2048 s+v" 14 rsa_row
legend

# openssl's side: pkeyutl with a key made by the build machine's openssl, minus loading the key(s)
ossl_pk_speed() { # word seconds -> "insns derivations" of one openssl speed -mr run (its +R7 record)
	if env $oenv $ossl -plugin "$plugin" -d plugin "$root/usr/bin/openssl" speed -mr -seconds "$2" "$1" \
		> "$work/out" 2> "$work/err"; then
		i=$(sed -n 's/^insns: //p' "$work/err" | tail -n 1)
		n=$(cat "$work/out" "$work/err" | sed -n 's/^+R7:\([0-9]*\):.*/\1/p' | tail -n 1)
		[ -n "$i" ] && [ -n "$n" ] && echo "$i $n"
	fi
}
ossl_curve() { # word -> instructions of openssl's operation(s), or "-"
	[ -n "$ossl" ] && command -v openssl >/dev/null || { echo "-"; return; }
	case $1 in
	ecdsap256 | ecdhp256) gen="-algorithm EC -pkeyopt ec_paramgen_curve:P-256" ;;
	ecdsap384 | ecdhp384) gen="-algorithm EC -pkeyopt ec_paramgen_curve:P-384" ;;
	ed25519) gen="-algorithm ED25519" ;;
	ecdhx25519) gen="-algorithm X25519" ;;
	esac
	k=$work/$1
	# shellcheck disable=SC2086
	[ -f "$k.a.pem" ] || { openssl genpkey $gen -out "$k.a.pem" && openssl genpkey $gen -out "$k.b.pem"; } 2>/dev/null
	openssl pkey -in "$k.a.pem" -pubout -out "$k.a.pub" 2>/dev/null
	openssl pkey -in "$k.b.pem" -pubout -out "$k.b.pub" 2>/dev/null
	head -c 48 "$work/big" > "$work/tbs"
	l0=$(ossl_count pkey -in "$k.a.pem" -noout)
	case $1 in
	ecdh*)
		# one process loads both keys, so no pair of pkey runs is its baseline: two openssl speed runs
		# of different lengths instead, (insns(long) - insns(short)) / (derivations(long) - (short))
		a=$(ossl_pk_speed "$1" 4)
		c=$(ossl_pk_speed "$1" 1)
		[ -n "$a" ] && [ -n "$c" ] || { echo "-"; return; }
		echo "$a $c" | awk '{ if ($2 <= $4) print "-"; else printf "%.0f", ($1 - $3) / ($2 - $4) }'
		return ;;
	*)
		raw=
		[ "$1" = ed25519 ] && raw=-rawin
		[ "$1" = ecdsap384 ] && head -c 48 "$work/big" > "$work/tbs" || head -c 32 "$work/big" > "$work/tbs"
		openssl pkeyutl -sign $raw -inkey "$k.a.pem" -in "$work/tbs" -out "$k.sig" 2>/dev/null
		openssl pkey -in "$k.a.pem" -pubout -out "$k.a.pub" 2>/dev/null
		s1=$(ossl_count pkeyutl -sign $raw -inkey "$k.a.pem" -in "$work/tbs" -out /dev/null)
		v1=$(ossl_count pkeyutl -verify $raw -pubin -inkey "$k.a.pub" -sigfile "$k.sig" -in "$work/tbs")
		v0=$(ossl_count pkey -pubin -in "$k.a.pub" -noout)
		[ -n "$s1" ] && [ -n "$v1" ] && [ -n "$l0" ] && [ -n "$v0" ] && { echo $((s1 - l0 + v1 - v0)); return; } ;;
	esac
	echo "-"
}
curve_row() { # word
	echo "$(ember_per_op "$1") $(ossl_curve "$1")"
}
pq_row() { # word: no peer in OpenSSL 3.0
	echo "$(ember_per_op "$1") -"
}
echo
echo "Instructions per elliptic-curve operation: sign + verify (ecdsa, ed25519), one derivation (ecdh)"
header operation 14
for w in ecdsap256 ecdsap384 ed25519 ecdhp256 ecdhp384 ecdhx25519; do
	row "$w" 14 curve_row "$w"
done
legend
echo "(openssl: pkeyutl -sign/-verify (-rawin for ed25519) of a digest-sized input, each minus its pkey run"
echo " that loads the same key; ecdh: two openssl speed -mr runs (4 s, 1 s), per derivation; ember: speed"
echo " -count 5 minus -count 1, over 4)"
echo
echo "Instructions per KEM operation set: keygen + encaps + decaps; Ember only: Debian's OpenSSL 3.0 has no"
echo "ML-KEM. (No ML-DSA row: ember speed signs with a fresh random key each time, so the number of signing"
echo "attempts, and a difference of two runs, is not a cost; BENCHMARKS' session 11 table counts a fixed seed.)"
header operation 14
for w in ML-KEM-768 X25519MLKEM768; do
	row "$w" 14 pq_row "$w"
done
legend
echo "(ember: speed -count 5 minus -count 1, over 4)"
