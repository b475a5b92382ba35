#!/bin/sh
# size-algo.sh BUILD_DIR CROSS_COMPILE [CFLAGS]
# What a program pays, in code + read-only data (the text column of size(1))
# and in data + bss, when it calls one algorithm's operation through the
# public API and links libember.a statically: a tiny static program per
# operation, minus an empty one, linked twice: as the library is built
# (whole objects, the default) and with --gc-sections against a library
# built with -ffunction-sections -fdata-sections (BUILD_DIR/gc).
# The programs are only linked, never run.
set -eu
b=$1
cross=$2
cflags=${3:-}
here=$(cd "$(dirname "$0")/.." && pwd)
w=$b/size-algo
mkdir -p "$w"

# name|operation|declarations|body (argv[1] is a buffer the compiler cannot know)
ops() {
	cat <<'EOF'
empty|-||(void)in;
md5|digest|uint8_t o[16];|ember_md5(o, in, n); r = o[0];
sha256|digest|uint8_t o[32];|ember_sha256(o, in, n); r = o[0];
sha512|digest|uint8_t o[64];|ember_sha512(o, in, n); r = o[0];
sha3-256|digest|uint8_t o[32];|ember_sha3_256(o, in, n); r = o[0];
hmac(sha256)|mac|uint8_t o[64];|r = ember_hmac(ember_hash_find("sha256", NULL), o, in, 16, in, n);
aes-128-cbc|encrypt|ember_cipher_ctx c; uint8_t o[64];|r = ember_cipher_init(&c, ember_block_find("aes-128", NULL), EMBER_MODE_CBC, in, 16, 0, in, 0); r |= ember_cipher_update(&c, o, in, 64);
aes-128-gcm|seal|ember_aes_gcm_ctx c; uint8_t o[64], t[16];|r = ember_aes_gcm_set_key(&c, in, 16); r |= ember_aes_gcm_seal(&c, o, t, 16, in, 12, in, n, in, 64);
aes-128-gcm|open|ember_aes_gcm_ctx c; uint8_t o[64];|r = ember_aes_gcm_set_key(&c, in, 16); r |= ember_aes_gcm_open(&c, o, in, 16, in, 12, in, n, in, 64);
chacha20-poly1305|seal|ember_aead_ctx c; uint8_t o[64], t[16];|r = ember_aead_init(&c, ember_aead_spec_find("chacha20-poly1305"), NULL, in, 32); r |= ember_aead_seal(&c, o, t, 16, in, 12, in, n, in, 64);
x25519|derive|uint8_t o[32];|r = ember_x25519(o, in, in + 32);
ed25519|sign|ember_ed25519_key k; uint8_t s[64];|r = ember_ed25519_keypair(&k, in); r |= ember_ed25519_sign(&k, s, in, n);
ed25519|verify||r = ember_ed25519_verify(in, in, n, in + 32, 64);
ecdsap256|sign|ember_ecc_key k; uint8_t s[64];|r = ember_ecc_key_from_private(&k, ember_ecc_curve_find("P-256"), in, 32); r |= ember_ecdsa_sign(&k, NULL, in, 32, 0, s, 64);
ecdsap256|verify|ember_ecc_key k;|r = ember_ecc_key_from_public(&k, ember_ecc_curve_find("P-256"), in, 65); r |= ember_ecdsa_verify(&k, in, 32, in, 64);
ecdhp256|derive|ember_ecc_key k; uint8_t o[32];|r = ember_ecc_key_from_private(&k, ember_ecc_curve_find("P-256"), in, 32); r |= ember_ecdh(&k, in, 65, o, 32);
ecdhp384|derive|ember_ecc_key k; uint8_t o[48];|r = ember_ecc_key_from_private(&k, ember_ecc_curve_find("P-384"), in, 48); r |= ember_ecdh(&k, in, 97, o, 48);
rsa2048|verify|ember_rsa_public_key k;|r = ember_rsa_public_init(&k, in, 256, in, 3); r |= ember_rsa_pkcs1_verify(&k, ember_hash_find("sha256", NULL), in, 32, in, 256);
ML-KEM-768|keygen|static uint8_t ek[1184], dk[2400];|r = ember_mlkem_keygen_seed(768, ek, sizeof(ek), dk, sizeof(dk), in);
ML-KEM-768|encaps|static uint8_t ct[1088]; uint8_t ss[32];|r = ember_mlkem_encaps(768, ct, sizeof(ct), ss, in, 1184);
ML-KEM-768|decaps|uint8_t ss[32];|r = ember_mlkem_decaps(768, ss, in, 2400, in, 1088);
EOF
}

# text and data+bss of one program
measure() { # lib ldflags src out
	${cross}gcc $cflags -static -I"$here/include" -o "$4" "$3" $2 "$1" -lm >"$4.log" 2>&1 || {
		echo "size-algo: $3 did not link:" >&2; cat "$4.log" >&2; return 1; }
	${cross}size "$4" | awk 'NR == 2 { print $1, $2 + $3 }'
}

i=0
ops | while IFS='|' read -r name op decl body; do
	i=$((i + 1))
	src=$w/p$i.c
	printf '#include <stdint.h>\n#include <string.h>\n#include "ember/ember.h"\nint main(int argc, char **argv)\n{\n\tconst uint8_t *in = (const uint8_t *)argv[argc > 1];\n\tsize_t n = strlen(argv[0]);\n\tint r = 0;\n\t%s\n\t%s\n\t(void)n;\n\treturn r & 1;\n}\n' \
		"$decl" "$body" > "$src"
	whole=$(measure "$b/libember.a" "" "$src" "$w/p$i") || exit 1
	gc=$(measure "$b/gc/libember.a" "-Wl,--gc-sections" "$src" "$w/p$i.gc") || exit 1
	echo "$name|$op|$whole|$gc"
done > "$w/all.txt"

echo "Bytes a static program pays for one operation through the public API (its size minus an empty program's)"
printf '%-18s %-7s %12s %10s %14s %10s\n' algorithm op "text" "data+bss" "text, gc" "data, gc"
awk -F'|' 'NR == 1 { split($3, e, " "); split($4, g, " "); next }
	{ split($3, a, " "); split($4, c, " ");
	  printf "%-18s %-7s %12d %10d %14d %10d\n", $1, $2, a[1] - e[1], a[2] - e[2], c[1] - g[1], c[2] - g[2] }' "$w/all.txt"
echo "text: code + read-only data, linking whole objects of libember.a (as it is built);"
echo "gc: libember.a built with -ffunction-sections -fdata-sections, linked with --gc-sections."
# the method's own check: every operation costs something, and collecting sections never adds
awk -F'|' 'NR == 1 { split($3, e, " "); split($4, g, " "); next }
	{ split($3, a, " "); split($4, c, " ");
	  if (a[1] <= e[1] || c[1] <= g[1] || c[1] - g[1] > a[1] - e[1]) { print "size-algo: implausible figures for " $1 " " $2; bad = 1 } }
	END { exit bad }' "$w/all.txt"
