/*
 * print_list.c - `ember speed -list`: each row and public-key word with the
 * implementations an engine has for it (or why it has none), the words and
 * groups, the registry's digests, ciphers and AEADs, and the engines.
 */
#include <stdio.h>
#include <string.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "speed.h"
#include "speed_ec.h"
#include "speed_int.h"

static void flags_text(char *buf, size_t len, unsigned flags)
{
	snprintf(buf, len, "%s%s%s", flags & EMBER_IMPL_CT ? "ct" : "", (flags & EMBER_IMPL_CT) && (flags & EMBER_IMPL_HW) ? "," : "",
	    flags & EMBER_IMPL_HW ? "hw" : "");
	if (buf[0] == 0)
		snprintf(buf, len, "-");
}

/* One row of -list: each implementation |e| has, or why it has none. */
static void list_row(const speed_engine *e, int index, const char *name, int kind, const char *target)
{
	speed_row row;
	speed_impl im[16];
	char why[200], fl[16];
	size_t k, n;

	memset(&row, 0, sizeof(row));
	row.index = index;
	snprintf(row.name, sizeof(row.name), "%s", name);
	row.kind = kind;
	snprintf(row.target, sizeof(row.target), "%s", target);
	n = e->impls(&row, im, 16, why, sizeof(why));
	if (n == 0) {
		/* the engine's reason without the row's name: "not in this build", "not in this libcrypto" */
		size_t skip = strlen(row.name);
		printf("%-18s %-10s %-6s %s\n", row.name, "-", "-",
		    strncmp(why, row.name, skip) == 0 && strncmp(why + skip, ": ", 2) == 0 ? why + skip + 2 : why);
		return;
	}
	for (k = 0; k < n && k < 16; k++) {
		flags_text(fl, sizeof(fl), im[k].flags);
		printf("%-18s %-10s %-6s %s%s\n", row.name, im[k].name, fl, im[k].supported ? "supported" : "not supported",
		    im[k].preferred ? " (default)" : "");
	}
}

int speed_list_all(const speed_engine *e)
{
	size_t i;
	char why[200], fl[16];

	printf("%-18s %-10s %-6s %s\n", "row", "impl", "flags", "this CPU");
	for (i = 0; i < speed_nrows; i++)
		list_row(e, speed_row_defs[i].index, speed_row_defs[i].name, speed_row_defs[i].kind, speed_row_defs[i].target);
	/* Ember's words for -evp's AEAD and SHA-3 rows, and ghash: not in the default run */
	for (i = 0; i < speed_nextra; i++)
		list_row(e, speed_extra_defs[i].index, speed_extra_defs[i].name, speed_extra_defs[i].kind,
		    speed_extra_defs[i].target);
	for (i = 0; i < SPEED_NPK; i++) {
		const char *w = speed_pk_defs[i].word;
		speed_impl im[SPEED_MAX_PK_IMPLS];
		size_t n = e == &speed_engine_ember && speed_ec_known(w) ? speed_ec_impls(w, im, SPEED_MAX_PK_IMPLS, why,
		    sizeof(why)) : 0, k;
		void *k2;
		/* the curve backends, as the symmetric rows' implementations */
		for (k = 0; k < n && k < SPEED_MAX_PK_IMPLS; k++) {
			flags_text(fl, sizeof(fl), im[k].flags);
			printf("%-18s %-10s %-6s %s%s\n", w, im[k].name, fl, im[k].supported ? "supported" : "not supported",
			    im[k].preferred ? " (default)" : "");
		}
		if (n > 0)
			continue;
		k2 = speed_pk_key_new(e, w, why, sizeof(why));
		printf("%-18s %-10s %-6s %s\n", w, "-", "-", k2 ? "supported" : why);
		speed_pk_key_free(e, speed_pk_defs[i].family, k2);
	}
	printf("\nwords: md2 mdc2 md4 md5 hmac sha1 sha256 sha512 rmd160 ripemd160 ripemd rc4 des-cbc des-ede3\n"
	       "  idea-cbc idea rc2-cbc rc2 rc5-cbc rc5 bf-cbc blowfish bf cast-cbc cast cast5\n"
	       "  aes-128-cbc aes-192-cbc aes-256-cbc camellia-128-cbc camellia-192-cbc camellia-256-cbc\n"
	       "  rsa512 rsa1024 rsa2048 rsa3072 rsa4096 dsa512 dsa1024 dsa2048\n"
	       "  ecdsap256 ecdsap384 ecdhp256 ecdhp384 ecdhx25519 ed25519\n"
	       "  ML-KEM-512 ML-KEM-768 ML-KEM-1024 X25519MLKEM768 (openssl 3.5's KEM table; all: -kem-algorithms)\n"
	       "  ML-DSA-44 ML-DSA-65 ML-DSA-87 (openssl 3.5's SIG table; all: -signature-algorithms)\n"
	       "  tls13:GROUP:SIG (Ember's TLS 1.3 handshakes, server and client timed apart; GROUP x25519 p256\n"
	       "  p384 x25519mlkem768, SIG ecdsap256 ecdsap384 rsa2048 ed25519 mldsa65; -ciphersuite NAME, -breakdown)\n"
	       "  tls12:GROUP:SIG (the same in TLS 1.2: GROUP x25519 p256 p384, SIG ecdsap256 ecdsap384 rsa2048 ed25519;\n"
	       "  ECDHE-ECDSA or ECDHE-RSA with -ciphersuite's cipher) tls12:rsa:rsa2048 (RSA key transport, AES128-SHA)\n"
	       "groups: sha = sha1 sha256 sha512; des = des-cbc des-ede3; aes = aes-{128,192,256}-cbc;\n"
	       "  camellia = camellia-{128,192,256}-cbc; rsa = rsa512..rsa4096; dsa = dsa512..dsa2048;\n"
	       "  ecdsa = ecdsap256 ecdsap384; ecdh = ecdhp256 ecdhp384 ecdhx25519; eddsa = ed25519\n"
	       "  tls13 = tls13:x25519:ecdsap256 tls13:x25519:rsa2048 tls13:x25519:ed25519 tls13:p256:ecdsap256\n"
	       "          tls13:x25519mlkem768:ecdsap256 tls13:x25519mlkem768:mldsa65\n"
	       "  tls12 = tls12:x25519:ecdsap256 tls12:x25519:rsa2048 tls12:p256:ecdsap256 tls12:rsa:rsa2048\n"
	       "  (openssl's other curves, ecdsap521 ... ecdhx448 ed448, are not in this build)\n"
	       "Ember's words for -evp's rows (not in the default run; printed as openssl prints -evp's):\n"
	       "  aes-{128,192,256}-gcm aes-{128,192,256}-ccm chacha20-poly1305 sha3-{224,256,384,512}\n"
	       "  shake128 shake256; and openssl's ghash (GMAC under AES-128)\n");
	printf("\nregistry (for -evp and -hmac):\n");
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		flags_text(fl, sizeof(fl), d->flags);
		printf("  digest %-12s %-10s %-6s %s\n", d->name, d->impl, fl,
		    ember_hash_supported(d) ? "supported" : "not supported");
	}
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		flags_text(fl, sizeof(fl), d->flags);
		printf("  cipher %-12s %-10s %-6s %s\n", d->name, d->impl, fl,
		    ember_block_supported(d) ? "supported" : "not supported");
	}
	for (i = 0; i < ember_aead_count(); i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		flags_text(fl, sizeof(fl), d->flags);
		printf("  aead   %-12s %-10s %-6s %s\n", d->name, d->impl, fl,
		    ember_aead_supported(d) ? "supported" : "not supported");
	}
	printf("\nengines:");
	for (i = 0; i < speed_nengines; i++)
		printf(" %s", speed_engines[i]->name);
	printf("\n");
	return 0;
}
