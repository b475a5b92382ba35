/*
 * fuzz_x509.c - the X.509 parser, the name check and the chain
 * verification (x509.h) on arbitrary bytes. A fixed Ed25519 CA and a leaf
 * it issued (both deterministic: Ed25519 signatures are) are made at
 * start-up; the input is parsed, matched against a few names, and
 * verified as a one-certificate chain and as [input, CA] under that CA.
 * Aborts when:
 *   - a parsed certificate's pointers leave the input, or its fields are
 *     out of their documented ranges;
 *   - verification succeeds for anything but the leaf itself or the CA
 *     itself (a forged or re-encoded certificate accepted);
 *   - verification and its reason disagree;
 *   - ember_x509_name_oneline (on the input as a Name, and on a parsed
 *     certificate's subject and issuer) answers other than 0, EMBER_ELEN
 *     or EMBER_EDECODE, writes past its buffer or without its NUL, or
 *     gives a short buffer a line the long one does not agree with.
 * Seeds (tests/fuzz/corpus/fuzz_x509/): the start-up leaf and CA and
 * certificates made by openssl (RSA, RSA-PSS, P-256, Ed25519, v1).
 */
#include <stdlib.h>
#include <string.h>

#include "ember/ed25519.h"
#include "ember/x509.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t ca[2048], leaf[2048];
static size_t ca_len, leaf_len;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static ember_pkey k1, k2;
	static const uint8_t s1[32] = { 1 }, s2[32] = { 2 };
	ember_x509_issue_params p;
	ember_x509_cert c;

	(void)argc;
	(void)argv;
	k1.type = k2.type = EMBER_PKEY_ED25519;
	k1.has_private = k2.has_private = 1;
	if (ember_ed25519_keypair(&k1.u.ed25519, s1) != 0 || ember_ed25519_keypair(&k2.u.ed25519, s2) != 0)
		abort();
	memset(&p, 0, sizeof(p));
	p.subject_cn = "Fuzz CA";
	p.subject_key = p.issuer_key = &k1;
	p.serial = 1;
	p.not_before = 1700000000;
	p.not_after = 4102444800;
	p.is_ca = 1;
	if (ember_x509_issue(ca, sizeof(ca), &ca_len, &p) != 0 || ember_x509_parse(&c, ca, ca_len) != 0)
		abort();
	p.subject_cn = "ember.test";
	p.subject_key = &k2;
	p.issuer = &c;
	p.serial = 2;
	p.is_ca = 0;
	p.dns_name = "*.ember.test";
	if (ember_x509_issue(leaf, sizeof(leaf), &leaf_len, &p) != 0)
		abort();
	return 0;
}

/* The one-line name of |der| in a buffer of 4096 and one of |small| bytes (guarded on both sides). */
static void name_line(const uint8_t *der, size_t len, size_t small)
{
	static char big[4096 + 2], little[256 + 2];
	int r1, r2;

	big[0] = little[0] = big[4097] = little[small + 1] = 0x5a;
	r1 = ember_x509_name_oneline(big + 1, 4096, der, len);
	r2 = ember_x509_name_oneline(little + 1, small, der, len);
	if (big[0] != 0x5a || big[4097] != 0x5a || little[0] != 0x5a || little[small + 1] != 0x5a)
		abort();
	if ((r1 != 0 && r1 != EMBER_ELEN && r1 != EMBER_EDECODE) || (r1 == 0 && memchr(big + 1, 0, 4096) == NULL))
		abort();
	if (r2 == 0 && (r1 != 0 || strcmp(big + 1, little + 1) != 0))
		abort();
	if (r1 == EMBER_EDECODE && r2 != EMBER_EDECODE && r2 != EMBER_ELEN)
		abort();
	if ((r1 != 0 && big[1] != 0) || (r2 != 0 && little[1] != 0)) /* an error leaves "" */
		abort();
}

#define INSIDE(ptr, n) ((ptr) >= data && (n) <= size && (size_t)((ptr) - data) <= size - (n))

static void check_parsed(const ember_x509_cert *c, const uint8_t *data, size_t size)
{
	static ember_pkey k;
	const uint8_t *pk;
	size_t pk_len;
	int set;

	if (c->der != data || c->der_len != size || !INSIDE(c->tbs, c->tbs_len) || !INSIDE(c->sig, c->sig_len) ||
	    !INSIDE(c->issuer, c->issuer_len) || !INSIDE(c->subject, c->subject_len) || !INSIDE(c->spki, c->spki_len) ||
	    !INSIDE(c->serial, c->serial_len) || (c->san != NULL && !INSIDE(c->san, c->san_len)))
		abort();
	if ((c->version != 1 && c->version != 3) || c->path_len < -1 || c->path_len > 255 || c->key_usage > 0xffff ||
	    (c->path_len >= 0 && !c->is_ca) || c->serial_len == 0 || c->serial_len > 21)
		abort();
	(void)ember_x509_check_host(c, "ember.test");
	(void)ember_x509_check_host(c, "a.ember.test");
	(void)ember_x509_check_host(c, "127.0.0.1");
	name_line(c->subject, c->subject_len, 40);
	name_line(c->issuer, c->issuer_len, 256);
	if (c->key_type >= EMBER_PKEY_MLDSA44 && c->key_type <= EMBER_PKEY_MLDSA87) {
		/* the raw key and the ember_pkey agree */
		if (ember_x509_mldsa_public(c, &set, &pk, &pk_len) != 0 || !INSIDE(pk, pk_len) ||
		    ember_x509_public_key(c, &k) != 0 || k.u.mldsa.set != set || memcmp(k.u.mldsa.pk, pk, pk_len) != 0)
			abort();
		ember_pkey_clear(&k);
	} else if (ember_x509_public_key(c, &k) == 0) {
		ember_pkey_clear(&k);
	}
}

static int verify(const uint8_t *const *chain, const size_t *lens, size_t n)
{
	const uint8_t *a[1] = { ca };
	size_t al[1] = { ca_len };
	ember_x509_verify_params p;
	int reason = -1, ret;

	memset(&p, 0, sizeof(p));
	p.anchors = a;
	p.anchor_lens = al;
	p.n_anchors = 1;
	p.now = 1800000000;
	p.host = "a.ember.test";
	ret = ember_x509_verify_chain(chain, lens, n, &p, NULL, &reason);
	if (reason < EMBER_X509_OK || reason > EMBER_X509_CHAIN_TOO_LONG || (ret == 0) != (reason == EMBER_X509_OK) ||
	    (ret != 0 && ret != EMBER_EDECODE && ret != EMBER_EVERIFY))
		abort();
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ember_x509_cert c;
	const uint8_t *chain[2];
	size_t lens[2];
	int is_leaf = size == leaf_len && memcmp(data, leaf, size) == 0;

	if (ember_x509_parse(&c, data, size) == 0)
		check_parsed(&c, data, size);
	name_line(data, size, size % 256 + 1);
	chain[0] = data, lens[0] = size;
	chain[1] = ca, lens[1] = ca_len;
	/* the CA alone is trusted but, being a CA without digitalSignature, no server */
	if (verify(chain, lens, 1) == 0 && !is_leaf)
		abort();
	if (verify(chain, lens, 2) == 0 && !is_leaf)
		abort();
	return 0;
}
