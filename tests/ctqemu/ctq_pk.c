/*
 * ctq_pk.c - the public-key checks of `make ctqemu` (see ctq_main.c):
 * every bignum backend and curve backend flagged constant-time that this
 * CPU runs, walked from the registry, and ember_memeq. The operations are
 * tests/cttrace's (ctt_bn.c, ctt_ec.c), with their reasons:
 *  - bignum: Montgomery products of 1024 and 2048 bits, modexp_ct of 1024
 *    bits and the CRT pair modexp_ct2 of 2 x 512 and 2 x 1024 bits with
 *    12-bit secret exponents (three 4-bit windows: the whole code of an
 *    RSA exponentiation, the window loop run twice); secret operands, and
 *    for the CRT pair secret moduli (the primes). Checked against the ref
 *    backend by the variable-time exponentiation, or the product of ref.
 *  - ember_memeq of two 64-byte buffers that differ at byte 17 for one
 *    secret and byte 0 for the other.
 *  - x25519: public key of a secret scalar and the ladder with a secret
 *    scalar and peer point; ed25519: key of a secret seed, signing of a
 *    secret message; p256, p384: public key of a secret d, ECDSA with a
 *    given secret k, ECDH of a secret d with a public peer point. Hedged
 *    ECDSA is not traced (ctt_ec.c's reason: the same backend code after
 *    RFC 6979's HMAC, whose digests are checked by ctq_sym.c). Checked
 *    against another backend of the curve.
 */
#include <stdio.h>
#include <string.h>

#include "ember/bn.h"
#include "ember/ecc.h"
#include "ember/ed25519.h"
#include "ember/util.h"
#include "ember/x25519.h"
#include "ctq.h"

#define MAXW EMBER_BN_MAX_WORDS
#define EXP_BITS 12
#define TOP ((ember_bn_word)1 << (EMBER_BN_WORD_BITS - 1))

enum { BN_MUL, BN_SQR, BN_EXP, BN_EXP2, MEMEQ, EC_X25519_BASE, EC_X25519, EC_ED_KEYPAIR, EC_ED_SIGN, EC_PUBKEY,
	EC_SIGN_K, EC_ECDH };

static struct {
	ember_bn_mont mc, mc2, ref, ref2;
	ember_bn_word a[MAXW], b[MAXW], e[MAXW], a2[MAXW], e2[MAXW];
	ember_bn_word r[MAXW], r2[MAXW], chk[MAXW], chk2[MAXW];
	uint8_t x[64], y[64];
	int ret;
	uint8_t sk[32], pt[32], out[32], chkb[32];
	ember_ed25519_key ek;
	uint8_t msg[77], sig[EMBER_ECDSA_MAX_SIG_LEN], sig2[EMBER_ECDSA_MAX_SIG_LEN];
	ember_ecc_key key, kref, kpeer;
	uint8_t q2[1 + 2 * EMBER_ECC_MAX_LEN];
	uint8_t kb[EMBER_ECC_MAX_LEN], md[EMBER_ECC_MAX_LEN], peer[EMBER_ECC_MAX_POINT_LEN];
	uint8_t q[2 * EMBER_ECC_MAX_LEN], shared[EMBER_ECC_MAX_LEN], shared2[EMBER_ECC_MAX_LEN];
	size_t peer_len;
} w;

/* ---- bignum ---- */

static void random_words(ember_bn_word *a, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		a[i] = (ember_bn_word)ctq_next64();
}

static void random_modulus(ember_bn_word *m, size_t n)
{
	random_words(m, n);
	m[0] |= 1;
	m[n - 1] |= TOP;
}

static void random_exponent(ember_bn_word *e, unsigned bits)
{
	size_t n = EMBER_BN_WORDS(bits);
	random_words(e, n);
	if (bits % EMBER_BN_WORD_BITS)
		e[n - 1] &= ((ember_bn_word)1 << (bits % EMBER_BN_WORD_BITS)) - 1;
	e[(bits - 1) / EMBER_BN_WORD_BITS] |= (ember_bn_word)1 << ((bits - 1) % EMBER_BN_WORD_BITS);
}

static int mont_for(ember_bn_mont *mc, ember_bn_mont *ref, const ember_bn_word *m, size_t n,
    const ember_bn_mont_desc *d)
{
	const ember_bn_mont_desc *dref = ember_bn_mont_find("ref");

	if (dref == NULL || ember_bn_mont_init(mc, m, n) != 0 || ember_bn_mont_set_impl(mc, d) != 0)
		return -1;
	if (ember_bn_mont_init(ref, m, n) != 0 || ember_bn_mont_set_impl(ref, dref) != 0)
		return -1;
	return 0;
}

static int bn_prepare(const struct ctq_check *c, unsigned secret)
{
	ember_bn_word m[MAXW] = { 0 };
	const size_t n = EMBER_BN_WORDS(c->p[0]);

	memset(&w, 0, sizeof(w));
	if (c->op == MEMEQ) {
		ctq_rng = 77;
		ctq_random_bytes(w.x, sizeof(w.x));
		memcpy(w.y, w.x, sizeof(w.y));
		ctq_rng = 1000 + secret;
		w.x[(secret & 1) ? 17 : 0] ^= (uint8_t)(1 + ctq_next64() % 255);
		return 0;
	}
	if (c->op == BN_EXP2) {
		ctq_rng = 1000 + secret;
		random_modulus(m, n);
		if (mont_for(&w.mc, &w.ref, m, n, c->desc) != 0)
			return -1;
		random_modulus(m, n);
		if (mont_for(&w.mc2, &w.ref2, m, n, c->desc) != 0)
			return -1;
		random_words(w.a, n);
		random_words(w.a2, n);
		w.a[n - 1] >>= 1;
		w.a2[n - 1] >>= 1;
		random_exponent(w.e, EXP_BITS);
		random_exponent(w.e2, EXP_BITS);
		return 0;
	}
	ctq_rng = 42;
	random_modulus(m, n);
	if (mont_for(&w.mc, &w.ref, m, n, c->desc) != 0)
		return -1;
	ctq_rng = 1000 + secret;
	random_words(w.a, n);
	random_words(w.b, n);
	w.a[n - 1] >>= 1;
	w.b[n - 1] >>= 1;
	random_exponent(w.e, EXP_BITS);
	return 0;
}

static void bn_run(const struct ctq_check *c)
{
	switch (c->op) {
	case BN_MUL:
		w.mc.impl->mul(w.r, w.a, w.b, &w.mc);
		break;
	case BN_SQR:
		w.mc.impl->sqr(w.r, w.a, &w.mc);
		break;
	case BN_EXP:
		ember_bn_modexp_ct(w.r, w.a, w.e, EXP_BITS, &w.mc);
		break;
	case BN_EXP2:
		ember_bn_modexp_ct2(w.r, w.a, w.e, &w.mc, w.r2, w.a2, w.e2, &w.mc2, EXP_BITS);
		break;
	default:
		w.ret = ember_memeq(w.x, w.y, sizeof(w.x));
		break;
	}
}

static int bn_verify(const struct ctq_check *c)
{
	const size_t n = w.mc.n, ew = EMBER_BN_WORDS(EXP_BITS);

	switch (c->op) {
	case BN_MUL:
		w.ref.impl->mul(w.chk, w.a, w.b, &w.ref);
		break;
	case BN_SQR:
		w.ref.impl->mul(w.chk, w.a, w.a, &w.ref);
		break;
	case BN_EXP:
		ember_bn_modexp_vartime(w.chk, w.a, w.e, ew, &w.ref);
		break;
	case BN_EXP2:
		ember_bn_modexp_vartime(w.chk, w.a, w.e, ew, &w.ref);
		ember_bn_modexp_vartime(w.chk2, w.a2, w.e2, ew, &w.ref2);
		if (memcmp(w.chk2, w.r2, n * sizeof(w.r2[0])) != 0)
			return 1;
		break;
	default:
		return w.ret != 0;
	}
	return memcmp(w.chk, w.r, n * sizeof(w.r[0])) != 0;
}

static void add_bn(const ember_bn_mont_desc *d)
{
	static const struct {
		unsigned op, bits;
		const char *what;
	} ops[] = { { BN_MUL, 1024, "mul 1024" }, { BN_SQR, 1024, "sqr 1024" }, { BN_MUL, 2048, "mul 2048" },
		{ BN_SQR, 2048, "sqr 2048" }, { BN_EXP, 1024, "modexp_ct 1024, 12-bit exponent" },
		{ BN_EXP2, 512, "modexp_ct2 (CRT pair) 2x512, 12-bit exponents" },
		{ BN_EXP2, 1024, "modexp_ct2 (CRT pair) 2x1024, 12-bit exponents" } };
	size_t i;

	if (!ember_bn_mont_supported(d)) {
		struct ctq_check *c = ctq_add();
		if (c != NULL) {
			snprintf(c->name, sizeof(c->name), "bignum %s", d->impl);
			snprintf(c->not_run, sizeof(c->not_run), "not supported on this target and qemu -cpu");
		}
		return;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct ctq_check *c = ctq_add();
		if (c == NULL)
			return;
		snprintf(c->name, sizeof(c->name), "bignum %s %s", d->impl, ops[i].what);
		c->desc = d;
		c->op = ops[i].op;
		c->p[0] = ops[i].bits;
		c->prepare = bn_prepare;
		c->run = bn_run;
		c->verify = bn_verify;
	}
}

/* ---- curves ---- */

static int curve_of(const ember_ec_desc *d)
{
	return strcmp(d->name, "p256") == 0 ? EMBER_ECC_P256 : strcmp(d->name, "p384") == 0 ? EMBER_ECC_P384 : 0;
}

/* a private key on backend |ref|: d random in [1, n-1] from ctq_rng */
static int ref_key(ember_ecc_key *k, int curve, const ember_ec_desc *ref)
{
	uint8_t d[EMBER_ECC_MAX_LEN];
	size_t len = ember_ecc_curve_len(curve);
	int tries;

	for (tries = 0; tries < 100; tries++) {
		ctq_random_bytes(d, len);
		if (ember_ecc_key_from_private(k, curve, d, len) == 0)
			return ember_ecc_key_set_impl(k, ref);
	}
	return -1;
}

static int ec_prepare(const struct ctq_check *c, unsigned secret)
{
	const ember_ec_desc *d = c->desc, *ref = c->ref;
	const int curve = curve_of(d);
	const size_t len = curve ? ember_ecc_curve_len(curve) : 32;

	memset(&w, 0, sizeof(w));
	ctq_rng = 42;
	ctq_random_bytes(w.md, sizeof(w.md));
	if (c->op == EC_ECDH) {
		if (ref_key(&w.kpeer, curve, ref) != 0 ||
		    ember_ecc_key_public(&w.kpeer, 0, w.peer, sizeof(w.peer), &w.peer_len) != 0)
			return -1;
	}
	ctq_rng = 1000 + secret;
	switch (c->op) {
	case EC_X25519_BASE:
	case EC_X25519:
		ctq_random_bytes(w.sk, sizeof(w.sk));
		ctq_random_bytes(w.pt, sizeof(w.pt));
		w.pt[31] &= 0x7f;
		return 0;
	case EC_ED_KEYPAIR:
	case EC_ED_SIGN:
		ctq_random_bytes(w.ek.seed, sizeof(w.ek.seed));
		ctq_random_bytes(w.msg, sizeof(w.msg));
		return c->op == EC_ED_SIGN ? ember_ed25519_keypair_with(ref, &w.ek, w.ek.seed) : 0;
	default:
		/* a private key on the other backend; but for EC_PUBKEY, moved to the traced one untraced */
		if (ref_key(&w.key, curve, ref) != 0)
			return -1;
		memcpy(w.q, w.key.q, sizeof(w.q));
		w.kref = w.key;
		/* k in [1, n-1]: n's top byte is 0xff for both curves */
		ctq_random_bytes(w.kb, len);
		w.kb[0] = (uint8_t)(w.kb[0] % 0xff);
		w.kb[len - 1] |= 1;
		return c->op == EC_PUBKEY ? 0 : ember_ecc_key_set_impl(&w.key, d);
	}
}

static void ec_run(const struct ctq_check *c)
{
	const ember_ec_desc *d = c->desc;
	const size_t len = w.key.len;

	switch (c->op) {
	case EC_X25519_BASE:
		w.ret = ember_x25519_base_with(d, w.out, w.sk);
		break;
	case EC_X25519:
		w.ret = ember_x25519_with(d, w.out, w.sk, w.pt);
		break;
	case EC_ED_KEYPAIR:
		w.ret = ember_ed25519_keypair_with(d, &w.ek, w.ek.seed);
		break;
	case EC_ED_SIGN:
		w.ret = ember_ed25519_sign_with(d, &w.ek, w.sig, w.msg, sizeof(w.msg));
		break;
	case EC_PUBKEY:
		w.ret = ember_ecc_key_set_impl(&w.key, d);
		break;
	case EC_SIGN_K:
		w.ret = ember_ecdsa_sign_k(&w.key, w.kb, len, w.md, len, w.sig, 2 * len);
		break;
	default:
		w.ret = ember_ecdh(&w.key, w.peer, w.peer_len, w.shared, len);
		break;
	}
}

static int ec_verify(const struct ctq_check *c)
{
	const ember_ec_desc *d = c->desc, *ref = c->ref;
	const size_t len = w.key.len;
	ember_ed25519_key k2;

	if (w.ret != 0)
		return 1;
	switch (c->op) {
	case EC_X25519_BASE:
		return ember_x25519_base_with(ref, w.chkb, w.sk) != 0 || memcmp(w.chkb, w.out, 32) != 0;
	case EC_X25519:
		return ember_x25519_with(ref, w.chkb, w.sk, w.pt) != 0 || memcmp(w.chkb, w.out, 32) != 0;
	case EC_ED_KEYPAIR:
		return ember_ed25519_keypair_with(ref, &k2, w.ek.seed) != 0 || memcmp(k2.pub, w.ek.pub, 32) != 0;
	case EC_ED_SIGN:
		return ember_ed25519_sign_with(ref, &w.ek, w.sig2, w.msg, sizeof(w.msg)) != 0 ||
		    memcmp(w.sig2, w.sig, EMBER_ED25519_SIG_LEN) != 0;
	case EC_PUBKEY:
		/* Q as the other backend computed it, and a signature by d that verifies under Q */
		return w.key.impl != d || memcmp(w.key.q, w.q, sizeof(w.q)) != 0 ||
		    ember_ecdsa_sign_k(&w.key, w.kb, len, w.md, len, w.sig2, 2 * len) != 0 ||
		    ember_ecdsa_verify(&w.key, w.md, len, w.sig2, 2 * len) != 0;
	case EC_SIGN_K:
		/* the other backend's signature, and it verifies (the variable-time route) */
		return ember_ecdsa_sign_k(&w.kref, w.kb, len, w.md, len, w.sig2, 2 * len) != 0 ||
		    memcmp(w.sig2, w.sig, 2 * len) != 0 || ember_ecdsa_verify(&w.kref, w.md, len, w.sig, 2 * len) != 0;
	default:
		/* the other backend's answer, and the peer's side: its d times our Q */
		if (ember_ecdh(&w.kref, w.peer, w.peer_len, w.shared2, len) != 0 || memcmp(w.shared2, w.shared, len) != 0)
			return 1;
		w.q2[0] = 4;
		memcpy(w.q2 + 1, w.key.q, 2 * len);
		return ember_ecdh(&w.kpeer, w.q2, 1 + 2 * len, w.shared2, len) != 0 || memcmp(w.shared2, w.shared, len) != 0;
	}
}

/* another backend of the curve this CPU runs, constant-time and portable first */
static const ember_ec_desc *ec_other(const ember_ec_desc *d)
{
	const ember_ec_desc *best = NULL;
	size_t i;

	for (i = 0; i < ember_ec_count(); i++) {
		const ember_ec_desc *o = ember_ec_at(i);
		if (o == d || strcmp(o->name, d->name) != 0 || !ember_ec_supported(o))
			continue;
		if ((o->flags & EMBER_IMPL_CT) && !(o->flags & EMBER_IMPL_HW))
			return o;
		if (best == NULL)
			best = o;
	}
	return best;
}

static void add_ec(const ember_ec_desc *d)
{
	static const struct {
		const char *curve;
		unsigned op;
		const char *what;
	} ops[] = {
		{ "x25519", EC_X25519_BASE, "public key of a secret scalar (base point)" },
		{ "x25519", EC_X25519, "ladder, secret scalar and secret peer point" },
		{ "ed25519", EC_ED_KEYPAIR, "key of a secret seed" },
		{ "ed25519", EC_ED_SIGN, "signing, secret seed and 77-byte message" },
		{ NULL, EC_PUBKEY, "public key of a secret d (key generation's d G)" },
		{ NULL, EC_SIGN_K, "ECDSA with a given secret k" },
		{ NULL, EC_ECDH, "ECDH, secret d, public peer point" },
	};
	const ember_ec_desc *ref = ec_other(d);
	int known = 0;
	size_t i;

	if (!ember_ec_supported(d)) {
		struct ctq_check *c = ctq_add();
		if (c != NULL) {
			snprintf(c->name, sizeof(c->name), "ec %s/%s", d->name, d->impl);
			snprintf(c->not_run, sizeof(c->not_run), "not supported on this target and qemu -cpu");
		}
		return;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct ctq_check *c;
		if (ops[i].curve ? strcmp(ops[i].curve, d->name) != 0 : curve_of(d) == 0)
			continue;
		known = 1;
		c = ctq_add();
		if (c == NULL)
			return;
		snprintf(c->name, sizeof(c->name), "ec %s/%s %s%s", d->name, d->impl, ops[i].what,
		    ref ? "" : " (no other backend: self-checked)");
		if (ref == NULL && (ops[i].op == EC_ED_SIGN || ops[i].op == EC_X25519_BASE || ops[i].op == EC_X25519 ||
				       ops[i].op == EC_ED_KEYPAIR))
			snprintf(c->not_run, sizeof(c->not_run), "no other %s backend to compare with", d->name);
		c->desc = d;
		c->ref = ref ? ref : d;
		c->op = ops[i].op;
		c->prepare = ec_prepare;
		c->run = ec_run;
		c->verify = ec_verify;
	}
	if (!known) {
		struct ctq_check *c = ctq_add();
		if (c == NULL)
			return;
		snprintf(c->name, sizeof(c->name), "ec %s/%s", d->name, d->impl);
		snprintf(c->not_run, sizeof(c->not_run), "no operations of curve %s in ctq_pk.c", d->name);
	}
}

void ctq_pk_checks(void)
{
	struct ctq_check *c = ctq_add();
	size_t i;

	if (c != NULL) {
		snprintf(c->name, sizeof(c->name), "ember_memeq 64 bytes");
		c->op = MEMEQ;
		c->leak = CTQ_LEAK_MEMEQ;
		c->prepare = bn_prepare;
		c->run = bn_run;
		c->verify = bn_verify;
	}
	for (i = 0; i < ember_bn_mont_count(); i++)
		if (ember_bn_mont_at(i)->flags & EMBER_IMPL_CT)
			add_bn(ember_bn_mont_at(i));
	for (i = 0; i < ember_ec_count(); i++)
		if (ember_ec_at(i)->flags & EMBER_IMPL_CT)
			add_ec(ember_ec_at(i));
}
