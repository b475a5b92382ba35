/*
 * ctt_ec.c - the checks of the elliptic-curve backends valgrind cannot run
 * (see cttrace.c for the tracer), found by walking the registry's curve
 * descriptors as ctt_sym.c walks the AEADs and digests.
 *
 * Which ones: every ember_ec_desc flagged constant-time that this CPU runs
 * (after EMBER_CPUCAP) but that is not supported when the features are cut
 * down to those valgrind 3.19 shows its guest. Today that is the four
 * "x86adx" backends (x25519, ed25519, p256, p384: MULX/ADCX/ADOX in inline
 * assembly; valgrind shows BMI2 but not ADX, so `make ctgrind` prints them
 * "not run"); a new one (IFMA, ...) is checked as soon as its registry line
 * exists. The others are make ctgrind's (tests/ct/ct_ec.c).
 *
 * Every operation that handles a secret, on the backend pinned through the
 * _with calls or ember_ecc_key_set_impl, with two secrets of the same
 * public shape (lengths, curve, public inputs the same):
 *  - x25519: the public key of a secret scalar (x25519_base_with: the
 *    Edwards comb, then the conversion) and the ladder with a secret scalar
 *    and a secret peer point (x25519_with);
 *  - ed25519: the key of a secret seed (keypair_with: SHA-512, [a] B) and
 *    the signature of a secret 77-byte message under a secret seed
 *    (sign_with: the nonce, [r] B, S = r + k a mod L);
 *  - p256, p384: the public key of a secret d (ember_ecc_key_set_impl of a
 *    private key recomputes Q = d G on the backend: the fixed-base comb,
 *    which key generation and ember_ecc_key_from_private run), ECDSA with a
 *    given secret k (ember_ecdsa_sign_k: k^-1, r, s), hedged ECDSA
 *    (ember_ecdsa_sign: RFC 6979's HMAC_DRBG over d, the digest and fresh
 *    random bytes, then as sign_k), and ECDH of a secret d with a public
 *    peer point (ember_ecdh: the point validation and the variable-base
 *    windows).
 * Each child then checks its result with the portable backend (the first
 * constant-time one without EMBER_IMPL_HW): the same public key, shared
 * secret or signature (a hedged one must verify under it).
 *
 * Cost: a step is 20-80 us (on this 2-core host, loaded), and the steps of
 * each check on x86adx are: x25519 base 124k, ladder 285k; ed25519 key 129k,
 * signing 145k; p256 public key 295k, sign_k 355k, hedged 368k, ECDH 1.42M;
 * p384 public key 1.27M (the others more: its ECDH some 5M). All of them
 * would add 10 minutes or more to `make cttrace`, so it runs the short ones
 * by default: both X25519 operations, both Ed25519 ones, and P-256's
 * signing with a given k (the fixed-base comb of key generation, the affine
 * conversion, the MULX/ADX inversion of k mod n: hedged signing runs the
 * same backend code after RFC 6979's HMAC), 1.04M steps, about 65 s on
 * this host with a load of 3.5 (twice that at 7). The others are
 * listed as "not run" and run with CTTRACE_EC_ALL=1 in the environment
 * (`CTTRACE_EC_ALL=1 make cttrace CTTRACE_ARGS="-k ec"`, 10-15 minutes).
 */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__linux__)

#include "ember/cpu.h"
#include "ember/ecc.h"
#include "ember/ed25519.h"
#include "ember/util.h"
#include "ember/x25519.h"
#include "cttrace.h"

enum ec_op { EC_X25519_BASE, EC_X25519, EC_ED_KEYPAIR, EC_ED_SIGN, EC_PUBKEY, EC_SIGN_K, EC_SIGN, EC_ECDH };

static const char *const op_names[] = {
	"public key of a secret scalar (base point)",
	"ladder, secret scalar and secret peer point",
	"key of a secret seed",
	"signing, secret seed and 77-byte message",
	"public key of a secret d (key generation's d G)",
	"ECDSA with a given secret k",
	"ECDSA hedged (RFC 6979 + random)",
	"ECDH, secret d, public peer point",
};

/* the checks run only with CTTRACE_EC_ALL=1 (see Cost above) */
static int is_long(const char *name, enum ec_op op)
{
	if (strcmp(name, "x25519") == 0 || strcmp(name, "ed25519") == 0)
		return 0;
	return strcmp(name, "p256") != 0 || op != EC_SIGN_K;
}

#define ED_MSG_LEN 77

/* ---- the child: inputs, the traced region, the result check ---- */

static struct {
	uint8_t sk[32], pt[32], out[32], chk[32];
	ember_ed25519_key ek;
	uint8_t msg[ED_MSG_LEN], sig[EMBER_ECDSA_MAX_SIG_LEN], sig2[EMBER_ECDSA_MAX_SIG_LEN];
	ember_ecc_key key, kref;
	uint8_t kb[EMBER_ECC_MAX_LEN], md[EMBER_ECC_MAX_LEN], peer[EMBER_ECC_MAX_POINT_LEN];
	uint8_t q[2 * EMBER_ECC_MAX_LEN], shared[EMBER_ECC_MAX_LEN], shared2[EMBER_ECC_MAX_LEN];
	size_t peer_len;
	int ret;
} w;

static int curve_of(const ember_ec_desc *d)
{
	return strcmp(d->name, "p256") == 0 ? EMBER_ECC_P256 : strcmp(d->name, "p384") == 0 ? EMBER_ECC_P384 : 0;
}

/* a private key on the portable backend |ref|: d random in [1, n-1] from ctt_rng */
static int ref_key(ember_ecc_key *k, int curve, const ember_ec_desc *ref)
{
	uint8_t d[EMBER_ECC_MAX_LEN];
	size_t len = ember_ecc_curve_len(curve);
	int tries;

	for (tries = 0; tries < 100; tries++) {
		ctt_random_bytes(d, len);
		if (ember_ecc_key_from_private(k, curve, d, len) == 0)
			return ember_ecc_key_set_impl(k, ref);
	}
	return -1;
}

/* a scalar in [1, n-1] (n's top byte is 0xff for both curves: a top byte below it is enough) */
static void scalar_below_n(uint8_t *s, size_t len)
{
	ctt_random_bytes(s, len);
	s[0] = (uint8_t)(s[0] % 0xff);
	s[len - 1] |= 1;
}

/* Inputs of check c for secret number |secret| (the public ones are the same for all). */
static int prepare(const struct ctt_check *c, unsigned secret)
{
	const ember_ec_desc *d = c->desc, *ref = c->ref;
	const int curve = curve_of(d);
	const size_t len = curve ? ember_ecc_curve_len(curve) : 32;

	memset(&w, 0, sizeof(w));
	/* public inputs: the digest, the peer's point */
	ctt_rng = 42;
	ctt_random_bytes(w.md, sizeof(w.md));
	if (c->op == EC_ECDH) {
		if (ref_key(&w.kref, curve, ref) != 0 ||
		    ember_ecc_key_public(&w.kref, 0, w.peer, sizeof(w.peer), &w.peer_len) != 0)
			return -1;
		ember_ecc_key_clear(&w.kref);
	}
	/* the secrets */
	ctt_rng = 1000 + secret;
	switch (c->op) {
	case EC_X25519_BASE:
	case EC_X25519:
		ctt_random_bytes(w.sk, sizeof(w.sk));
		ctt_random_bytes(w.pt, sizeof(w.pt));
		w.pt[31] &= 0x7f;
		return 0;
	case EC_ED_KEYPAIR:
	case EC_ED_SIGN:
		ctt_random_bytes(w.ek.seed, sizeof(w.ek.seed));
		ctt_random_bytes(w.msg, sizeof(w.msg));
		return c->op == EC_ED_SIGN ? ember_ed25519_keypair_with(ref, &w.ek, w.ek.seed) : 0;
	default:
		/* a private key on the portable backend; but for EC_PUBKEY, moved to the traced one untraced */
		if (ref_key(&w.key, curve, ref) != 0)
			return -1;
		memcpy(w.q, w.key.q, sizeof(w.q));
		w.kref = w.key;
		scalar_below_n(w.kb, len);
		return c->op == EC_PUBKEY ? 0 : ember_ecc_key_set_impl(&w.key, d);
	}
}

static void run(const struct ctt_check *c)
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
	case EC_SIGN:
		w.ret = ember_ecdsa_sign(&w.key, NULL, w.md, len, 0, w.sig, 2 * len);
		break;
	case EC_ECDH:
		w.ret = ember_ecdh(&w.key, w.peer, w.peer_len, w.shared, len);
		break;
	}
}

/* 0 when the traced operation gave the portable backend's answer */
static int verify(const struct ctt_check *c)
{
	const ember_ec_desc *d = c->desc, *ref = c->ref;
	const size_t len = w.key.len;
	ember_ed25519_key k2;

	if (w.ret != 0)
		return 1;
	switch (c->op) {
	case EC_X25519_BASE:
		return ember_x25519_base_with(ref, w.chk, w.sk) != 0 || memcmp(w.chk, w.out, 32) != 0;
	case EC_X25519:
		return ember_x25519_with(ref, w.chk, w.sk, w.pt) != 0 || memcmp(w.chk, w.out, 32) != 0;
	case EC_ED_KEYPAIR:
		return ember_ed25519_keypair_with(ref, &k2, w.ek.seed) != 0 || memcmp(k2.pub, w.ek.pub, 32) != 0;
	case EC_ED_SIGN:
		return ember_ed25519_sign_with(ref, &w.ek, w.sig2, w.msg, sizeof(w.msg)) != 0 ||
		    memcmp(w.sig2, w.sig, EMBER_ED25519_SIG_LEN) != 0;
	case EC_PUBKEY:
		/* set_impl compared d G with the Q of the portable backend; Q and the backend are as they should be */
		return w.key.impl != d || memcmp(w.key.q, w.q, sizeof(w.q)) != 0;
	case EC_SIGN_K:
		return ember_ecdsa_sign_k(&w.kref, w.kb, len, w.md, len, w.sig2, 2 * len) != 0 ||
		    memcmp(w.sig2, w.sig, 2 * len) != 0;
	case EC_SIGN:
		return ember_ecdsa_verify(&w.kref, w.md, len, w.sig, 2 * len) != 0;
	case EC_ECDH:
		return ember_ecdh(&w.kref, w.peer, w.peer_len, w.shared2, len) != 0 ||
		    memcmp(w.shared2, w.shared, len) != 0;
	}
	return 1;
}

/* ---- the walk ---- */

/* ember_cpu_override's words for the features enabled now, restricted to |keep| (NULL: all); as ctt_sym.c's */
static void cpu_words(char *buf, size_t len, const char *keep)
{
	uint32_t f = ember_cpu_features();
	size_t used;
	unsigned i;

	used = (size_t)snprintf(buf, len, "none");
	for (i = 0; i < EMBER_CPU_NFEATURES && used < len; i++) {
		const char *name = ember_cpu_feature_name(i);
		size_t n = strlen(name);
		const char *k = keep;
		int kept = keep == NULL;
		while (!kept && k && *k) {
			kept = strncmp(k, name, n) == 0 && (k[n] == ',' || k[n] == 0);
			k = strchr(k, ',');
			k = k ? k + 1 : NULL;
		}
		if ((f & (1u << i)) && kept)
			used += (size_t)snprintf(buf + used, len - used, ",%s", name);
	}
}

/* the portable backend a check compares with: constant-time, not EMBER_IMPL_HW, supported */
static const ember_ec_desc *ec_ref(const char *name)
{
	size_t i;
	for (i = 0; i < ember_ec_count(); i++) {
		const ember_ec_desc *d = ember_ec_at(i);
		if (strcmp(d->name, name) == 0 && (d->flags & EMBER_IMPL_CT) && !(d->flags & EMBER_IMPL_HW) &&
		    ember_ec_supported(d))
			return d;
	}
	return NULL;
}

static void add_ec(const ember_ec_desc *d)
{
	static const enum ec_op x_ops[] = { EC_X25519_BASE, EC_X25519 }, ed_ops[] = { EC_ED_KEYPAIR, EC_ED_SIGN },
				p_ops[] = { EC_PUBKEY, EC_SIGN_K, EC_SIGN, EC_ECDH };
	const enum ec_op *ops = p_ops;
	const char *env = getenv("CTTRACE_EC_ALL");
	const int all = env != NULL && strcmp(env, "1") == 0;
	size_t n = 4, i;

	if (strcmp(d->name, "x25519") == 0)
		ops = x_ops, n = 2;
	else if (strcmp(d->name, "ed25519") == 0)
		ops = ed_ops, n = 2;
	for (i = 0; i < n; i++) {
		struct ctt_check *c = ctt_add();
		if (c == NULL)
			return;
		snprintf(c->name, sizeof(c->name), "ec %s/%s %s", d->name, d->impl, op_names[ops[i]]);
		c->desc = d;
		c->ref = ec_ref(d->name);
		c->op = ops[i];
		c->prepare = prepare;
		c->run = run;
		c->verify = verify;
		/* a curve this file does not know is a check missing, not a pass */
		if (ops == p_ops && curve_of(d) == 0) {
			snprintf(c->not_run, sizeof(c->not_run), "no check of curve %s in ctt_ec.c", d->name);
			c->broken = 1;
		} else if (c->ref == NULL) {
			snprintf(c->not_run, sizeof(c->not_run), "no portable %s backend to compare with", d->name);
		} else if (is_long(d->name, ops[i]) && !all) {
			snprintf(c->not_run, sizeof(c->not_run), "long (0.3M to 5M steps): CTTRACE_EC_ALL=1 runs it");
		}
	}
}

void ctt_ec_checks(const char *valgrind_features)
{
	char now[400], vg[400], absent[1024] = "";
	/* bit 0: constant-time and supported now; bit 1: also with valgrind's features */
	unsigned char state[64];
	size_t i, n = ember_ec_count(), under_vg = 0, used = 0;

	if (n > sizeof(state)) {
		fprintf(stderr, "cttrace: more curve backends than this program holds\n");
		n = sizeof(state);
	}
	cpu_words(now, sizeof(now), NULL);
	cpu_words(vg, sizeof(vg), valgrind_features);
	for (i = 0; i < n; i++)
		state[i] = (ember_ec_at(i)->flags & EMBER_IMPL_CT) && ember_ec_supported(ember_ec_at(i));
	/* supported() only reads the features: no cached default is computed under the cut-down set */
	if (ember_cpu_override(vg, NULL) == 0)
		for (i = 0; i < n; i++)
			state[i] |= (unsigned char)(ember_ec_supported(ember_ec_at(i)) << 1);
	if (ember_cpu_override(now, NULL) != 0)
		fprintf(stderr, "cttrace: cannot restore the CPU features (%s)\n", now);
	for (i = 0; i < n; i++) {
		const ember_ec_desc *d = ember_ec_at(i);
		if (state[i] == 1)
			add_ec(d);
		else if (state[i] == 3)
			under_vg++;
		else if ((d->flags & EMBER_IMPL_CT) && (d->flags & EMBER_IMPL_HW) && used < sizeof(absent))
			used += (size_t)snprintf(absent + used, sizeof(absent) - used, " ec %s/%s", d->name, d->impl);
	}
	printf("cttrace: curve backends: %zu constant-time ones valgrind runs are make ctgrind's\n", under_vg);
	if (absent[0])
		printf("cttrace: curve backends not supported here (CPU, EMBER_CPUCAP or compiler), not run:%s\n", absent);
}

#endif
