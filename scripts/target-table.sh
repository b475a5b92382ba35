#!/bin/sh
# target-table.sh TARGET O
# One table for one cross target (mipsel, armhf, powerpc, i686, ...), the
# way pqm4 lays out its results: per algorithm and operation, instructions
# under qemu (Ember and Debian's OpenSSL for the target), Ember's stack and
# Ember's code size, side by side. From three measurements, each kept in
# O/table-TARGET/ so that the table can be rebuilt from them:
#   insncount.txt  make insncount TARGET=... O=...   (scripts/insncount.sh)
#   size.txt       scripts/size-algo.sh, make size's per-operation part, on
#                  that build's libember.a and one built for --gc-sections
#   stack.txt      ember speed -stack -count 1 under the target's qemu, on
#                  the static build insncount made (O/cross-TARGET/ember)
# A measurement whose file exists is not repeated unless TABLE_FRESH=1.
# Prints a Markdown table; "-" where a side has no figure (OpenSSL 3.0 has
# no ML-KEM or ML-DSA; size-algo.sh has no program for that operation).
set -eu
t=$1
mkdir -p "$2/table-$t"
o=$(cd "$2" && pwd)
d=$o/table-$t
here=$(cd "$(dirname "$0")/.." && pwd)

fresh() { # file: 0 when it must be measured
	[ -n "${TABLE_FRESH:-}" ] || [ ! -s "$1" ]
}
if fresh "$d/insncount.txt"; then
	make -C "$here" --no-print-directory O="$o" insncount TARGET="$t" > "$d/insncount.tmp"
	mv "$d/insncount.tmp" "$d/insncount.txt"
fi
if fresh "$d/size.txt"; then
	# make size's per-operation part (scripts/size-algo.sh) on the library insncount built (the same
	# CFLAGS as make size's) and one built for --gc-sections: the target's fields from the Makefile
	x=$(sed -n "s/^X_$t := //p" "$here/Makefile")
	cross=$(echo "$x" | cut -d'|' -f1)
	cflags=$(echo "$x" | cut -d'|' -f2)
	make -C "$here" --no-print-directory -s O="$o/cross-$t" CROSS_COMPILE="$cross" CFLAGS="$cflags" \
		LDFLAGS="-static " "$o/cross-$t/libember.a"
	make -C "$here" --no-print-directory -s O="$o/cross-$t/gc" CROSS_COMPILE="$cross" \
		CFLAGS="$cflags -ffunction-sections -fdata-sections" "$o/cross-$t/gc/libember.a"
	sh "$here/scripts/size-algo.sh" "$o/cross-$t" "$cross" "$cflags" > "$d/size.tmp"
	mv "$d/size.tmp" "$d/size.txt"
fi
qemu=$(sed -n 's/^Instructions per byte at 8192-byte blocks (\(.*\))$/\1/p' "$d/insncount.txt")
[ -n "$qemu" ] || { echo "target-table: no qemu command in $d/insncount.txt" >&2; exit 1; }
e=$o/cross-$t/ember
if fresh "$d/stack.txt"; then
	{
		$qemu "$e" speed -stack -count 1 -bytes 8192 aes-128-cbc sha1 sha256 sha512 md5 sha3-256
		$qemu "$e" speed -stack -count 1 -bytes 8192 -impl tab aes-128-cbc | sed 's/^aes-128-cbc /aes-128-cbc\/tab /'
		$qemu "$e" speed -stack -count 1 -bytes 8192 -aead aes-128-gcm chacha20-poly1305
		$qemu "$e" speed -stack -count 1 rsa2048 ecdsap256 ecdsap384 ed25519 ecdhp256 ecdhp384 ecdhx25519 \
			ML-KEM-768 X25519MLKEM768 ML-DSA-65
	} > "$d/stack.tmp" 2>/dev/null
	mv "$d/stack.tmp" "$d/stack.txt"
fi

# each measurement as "key value..." lines: insns (ember openssl ratio), stack (op1 [op2 [op3]]),
# size (text with --gc-sections, per operation: op text)
awk '$2 == "s+v" { print $1, $3, $4, $5; next }
	$2 ~ /^[0-9.]+$|^-$/ && NF >= 4 { print $1, $2, $3, $4 }' "$d/insncount.txt" > "$d/insns.kv"
awk '/^type / { per = "byte"; next } /^public key / { per = "op"; next }
	/^$/ || /^The / || /^heap/ || /^op 1/ || /^\(KEMs/ { next }
	per == "byte" && NF == 3 { print tolower($1), $2 }
	per == "op" && NF == 5 { print $1, $2, $3, $4 }' "$d/stack.txt" > "$d/stack.kv"
awk '/^Bytes a static program pays/ { on = 1; next } /^text: / { on = 0 }
	on && NF == 6 && $3 ~ /^[0-9]+$/ { print $1, $2, $5 }' "$d/size.txt" > "$d/size.kv"

get() { # file key field -> the value, or "-"
	v=$(awk -v k="$2" -v f="$3" '$1 == k { print $f; exit }' "$1")
	echo "${v:--}"
}
size_of() { # algorithm op... -> "a / b" of their gc text, "-" for an operation without a program
	a=$1
	shift
	s=
	for op in "$@"; do
		v=$(awk -v k="$a" -v p="$op" '$1 == k && $2 == p { print $3; exit }' "$d/size.kv")
		s=${s:+$s / }${v:--}
	done
	echo "$s"
}
stack_of() { # key n -> the first n operations' stack, "a / b"
	s=
	i=2
	while [ "$i" -le $(($2 + 1)) ]; do
		s=${s:+$s / }$(get "$d/stack.kv" "$1" "$i")
		i=$((i + 1))
	done
	echo "$s"
}
line() { # label unit insns-key stack size
	printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$(get "$d/insns.kv" "$3" 2)" \
		"$(get "$d/insns.kv" "$3" 3)" "$(get "$d/insns.kv" "$3" 4)" "$4" "$5"
}

echo "| algorithm, operation | instructions per | Ember | OpenSSL | ratio | Ember stack (bytes) | Ember code (bytes, gc) |"
echo "|---|---|---:|---:|---:|---:|---:|"
def=$(sed -n "s/^(aes-128-cbc is Ember's default here, \([^,;]*\)[,;].*/\1/p" "$d/insncount.txt")
line "aes-128-cbc encrypt (${def:-default})" "byte" aes-128-cbc "$(get "$d/stack.kv" aes-128-cbc 2)" \
	"$(size_of aes-128-cbc encrypt)"
line "aes-128-cbc encrypt (tab, not ct)" "byte" aes-128-cbc/tab "$(get "$d/stack.kv" aes-128-cbc/tab 2)" "-"
for h in md5 sha1 sha256 sha512 sha3-256; do
	line "$h" "byte" "$h" "$(get "$d/stack.kv" "$h" 2)" "$(size_of "$h" digest)"
done
line "aes-128-gcm seal (-aead)" "byte" aes-128-gcm "$(get "$d/stack.kv" aes-128-gcm 2)" "$(size_of aes-128-gcm seal)"
line "chacha20-poly1305 seal (-aead)" "byte" chacha20-poly1305 "$(get "$d/stack.kv" chacha20-poly1305 2)" \
	"$(size_of chacha20-poly1305 seal)"
line "rsa2048 sign / verify" "sign + verify" rsa2048 "$(stack_of rsa2048 2)" "$(size_of rsa2048 sign verify)"
line "ecdsap256 sign / verify" "sign + verify" ecdsap256 "$(stack_of ecdsap256 2)" "$(size_of ecdsap256 sign verify)"
line "ecdsap384 sign / verify" "sign + verify" ecdsap384 "$(stack_of ecdsap384 2)" "-"
line "ed25519 sign / verify" "sign + verify" ed25519 "$(stack_of ed25519 2)" "$(size_of ed25519 sign verify)"
line "ecdhp256 derive" "derivation" ecdhp256 "$(stack_of ecdhp256 1)" "$(size_of ecdhp256 derive)"
line "ecdhp384 derive" "derivation" ecdhp384 "$(stack_of ecdhp384 1)" "$(size_of ecdhp384 derive)"
line "x25519 derive" "derivation" ecdhx25519 "$(stack_of ecdhx25519 1)" "$(size_of x25519 derive)"
line "ML-KEM-768 keygen / encaps / decaps" "all three" ML-KEM-768 "$(stack_of ML-KEM-768 3)" \
	"$(size_of ML-KEM-768 keygen encaps decaps)"
line "X25519MLKEM768 keygen / encaps / decaps" "all three" X25519MLKEM768 "$(stack_of X25519MLKEM768 3)" "-"
# ember speed signs with a fresh random key each time: the number of signing attempts varies, so a
# difference of two runs is no cost (no instruction figure; session 11's table counts a fixed seed)
printf '| %s | %s | %s | %s | %s | %s | %s |\n' "ML-DSA-65 keygen / sign / verify" "-" "-" "-" "-" \
	"$(stack_of ML-DSA-65 3)" "-"
