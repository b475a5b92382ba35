/*
 * speed_tls.c - the handshake rows of `ember speed` (speed_tls.h): the
 * words, -ciphersuite and -breakdown, the PKI the handshakes run with, and
 * the harness's handle on an engine's handshakes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ember/ecc.h"
#include "ember/ed25519.h"
#include "ember/mldsa.h"
#include "ember/tls.h"
#include "ember/tls12.h"
#include "ember/util.h"
#include "ember/x509.h"
#include "speed_pk.h"
#include "speed_tls.h"
#include "tool.h"

const char *const speed_tls_phase_names[SPEED_TLS_NPHASE] = { "kex", "sign", "verify", "keysched", "transcript",
	"record", "other" };

static const struct tls_group {
	const char *word;
	uint16_t id;
	const char *ossl;
} groups[] = {
	{ "x25519", EMBER_TLS_GROUP_X25519, "X25519" },
	{ "p256", EMBER_TLS_GROUP_SECP256R1, "P-256" },
	{ "p384", EMBER_TLS_GROUP_SECP384R1, "P-384" },
	{ "x25519mlkem768", EMBER_TLS_GROUP_X25519MLKEM768, "X25519MLKEM768" },
	{ "rsa", 0, "none" }, /* tls12:rsa:rsa2048 only: RSA key transport, no group */
};

static const struct tls_key {
	const char *word;
	int type;
	uint16_t sig;
	const char *ossl;
} keys[] = {
	{ "ecdsap256", SPEED_TLS_K_P256, EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256, "ecdsa_secp256r1_sha256" },
	{ "ecdsap384", SPEED_TLS_K_P384, EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384, "ecdsa_secp384r1_sha384" },
	{ "rsa2048", SPEED_TLS_K_RSA2048, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256, "rsa_pss_rsae_sha256" },
	{ "ed25519", SPEED_TLS_K_ED25519, EMBER_TLS_SIG_ED25519, "ed25519" },
	{ "mldsa65", SPEED_TLS_K_MLDSA65, EMBER_TLS_SIG_MLDSA65, "mldsa65" },
};

#define NGROUPS (sizeof(groups) / sizeof(groups[0]))
#define NKEYS (sizeof(keys) / sizeof(keys[0]))
typedef char speed_tls_keys_check[NKEYS == SPEED_TLS_NKEYS ? 1 : -1];

/* The group "tls13": the configurations devices use (issue #25's table); "tls12": the field report's (#26). */
static const char *const tls_groups[] = { "tls13:x25519:ecdsap256", "tls13:x25519:rsa2048", "tls13:x25519:ed25519",
	"tls13:x25519mlkem768:ecdsap256", "tls13:x25519mlkem768:mldsa65", "tls13:p256:ecdsap256",
	"tls12:x25519:ecdsap256", "tls12:x25519:rsa2048", "tls12:p256:ecdsap256", "tls12:rsa:rsa2048" };

static const ember_tls13_suite *suite;
static int breakdown;

/*
 * Splits "tls13:GROUP:SIG" or "tls12:GROUP:SIG"; 0 when it is one. TLS 1.2
 * has no ML-KEM or ML-DSA; its "rsa" (key transport) takes rsa2048 alone,
 * and TLS 1.3 has no "rsa".
 */
static int parse_word(const char *word, const struct tls_group **g, const struct tls_key **k)
{
	const char *a, *b;
	size_t i, n;
	int v12;

	if (word == NULL || (strncmp(word, "tls13:", 6) != 0 && strncmp(word, "tls12:", 6) != 0))
		return -1;
	v12 = word[4] == '2';
	a = word + 6;
	b = strchr(a, ':');
	if (b == NULL)
		return -1;
	n = (size_t)(b - a);
	*g = NULL;
	*k = NULL;
	for (i = 0; i < NGROUPS; i++)
		if (strlen(groups[i].word) == n && strncmp(groups[i].word, a, n) == 0)
			*g = &groups[i];
	for (i = 0; i < NKEYS; i++)
		if (strcmp(keys[i].word, b + 1) == 0)
			*k = &keys[i];
	if (*g == NULL || *k == NULL)
		return -1;
	if ((*g)->id == 0 && !(v12 && (*k)->type == SPEED_TLS_K_RSA2048))
		return -1;
	if (v12 && ((*g)->id == EMBER_TLS_GROUP_X25519MLKEM768 || (*k)->type == SPEED_TLS_K_MLDSA65))
		return -1;
	return 0;
}

int speed_tls_is12(const char *word)
{
	return speed_tls_known(word) && word[4] == '2';
}

int speed_tls_known(const char *word)
{
	const struct tls_group *g;
	const struct tls_key *k;

	return parse_word(word, &g, &k) == 0;
}

int speed_tls_in_group(const char *word)
{
	size_t i;

	for (i = 0; word != NULL && i < sizeof(tls_groups) / sizeof(tls_groups[0]); i++)
		if (strcmp(word, tls_groups[i]) == 0)
			return 1;
	return 0;
}

int speed_tls_set_suite(const char *name)
{
	const ember_tls13_suite *s = ember_tls13_suite_by_name(name);

	if (s == NULL) {
		tool_error("speed", "-ciphersuite: unknown TLS 1.3 suite '%s' (TLS_AES_128_GCM_SHA256, "
		                    "TLS_AES_256_GCM_SHA384, TLS_CHACHA20_POLY1305_SHA256)", name);
		return -1;
	}
	suite = s;
	return 0;
}

static const ember_tls13_suite *the_suite(void)
{
	return suite ? suite : ember_tls13_suite_find(EMBER_TLS13_AES_128_GCM_SHA256);
}

const char *speed_tls_suite_name(void)
{
	return the_suite()->name;
}

void speed_tls_set_breakdown(int on)
{
	breakdown = on;
}

int speed_tls_breakdown(void)
{
	return breakdown;
}

/* ---- the PKI: a P-256 CA, a leaf per key type, made on first use ---- */

#define CERT_MAX 8192
#define HOST "ember.test"

static struct {
	int made;                       /* 1 made, -1 failed */
	int64_t now;
	ember_pkey ca_key;
	uint8_t ca[CERT_MAX];
	size_t ca_len;
	int have[SPEED_TLS_NKEYS];      /* 1 made, -1 failed */
	ember_pkey key[SPEED_TLS_NKEYS];
	uint8_t leaf[SPEED_TLS_NKEYS][CERT_MAX];
	size_t leaf_len[SPEED_TLS_NKEYS];
	uint8_t *der[SPEED_TLS_NKEYS];  /* the key as PKCS#8 */
	size_t der_len[SPEED_TLS_NKEYS];
} pki;

static int issue(uint8_t *out, size_t *out_len, const char *cn, const ember_x509_cert *issuer, const ember_pkey *subject,
    int is_ca, uint64_t serial)
{
	ember_x509_issue_params p;

	memset(&p, 0, sizeof(p));
	p.subject_cn = cn;
	p.issuer = issuer;
	p.issuer_key = &pki.ca_key;
	if (subject->type == EMBER_PKEY_MLDSA65) {
		p.subject_mldsa_pk = subject->u.mldsa.pk;
		p.subject_mldsa_pk_len = EMBER_MLDSA65_PK_LEN;
		p.subject_mldsa_set = 65;
	} else {
		p.subject_key = subject;
	}
	p.serial = serial;
	p.not_before = pki.now - 86400;
	p.not_after = pki.now + 86400 * 30;
	p.is_ca = is_ca;
	p.dns_name = is_ca ? NULL : HOST;
	return ember_x509_issue(out, CERT_MAX, out_len, &p);
}

static int ec_key(ember_pkey *k, int curve)
{
	memset(k, 0, sizeof(*k));
	k->type = EMBER_PKEY_EC;
	k->has_private = 1;
	return ember_ecc_generate_key(&k->u.ec, curve);
}

/* The key of |type|: fresh, but for RSA, whose fixed 2048-bit key openssl speed's rsa2048 row uses too. */
static int make_key(int type, ember_pkey *k, char *what, size_t what_len)
{
	uint8_t seed[32];
	const char *pem;
	int ret;

	memset(k, 0, sizeof(*k));
	switch (type) {
	case SPEED_TLS_K_P256:
		return ec_key(k, EMBER_ECC_P256);
	case SPEED_TLS_K_P384:
		return ec_key(k, EMBER_ECC_P384);
	case SPEED_TLS_K_RSA2048:
		pem = speed_pk_pem("rsa2048");
		snprintf(what, what_len, "the rsa2048 test key");
		return pem ? ember_pkey_read(k, (const uint8_t *)pem, strlen(pem)) : EMBER_ENOTSUP;
	case SPEED_TLS_K_ED25519:
		k->type = EMBER_PKEY_ED25519;
		k->has_private = 1;
		ret = ember_random_bytes(seed, sizeof(seed));
		if (ret == 0)
			ret = ember_ed25519_keypair(&k->u.ed25519, seed);
		ember_wipe(seed, sizeof(seed));
		return ret;
	default:
		k->type = EMBER_PKEY_MLDSA65;
		k->has_private = 1;
		k->u.mldsa.set = EMBER_MLDSA65;
		return ember_mldsa_keygen(EMBER_MLDSA65, k->u.mldsa.pk, EMBER_MLDSA65_PK_LEN, k->u.mldsa.sk,
		    EMBER_MLDSA65_SK_LEN);
	}
}

static int make_ca(char *err, size_t err_len)
{
	int ret;

	if (pki.made)
		goto out;
	pki.made = -1;
	pki.now = (int64_t)time(NULL);
	ret = ec_key(&pki.ca_key, EMBER_ECC_P256);
	if (ret == 0)
		ret = issue(pki.ca, &pki.ca_len, "Ember speed CA", NULL, &pki.ca_key, 1, 1);
	if (ret != 0) {
		snprintf(err, err_len, "handshakes: the CA certificate: %s", ember_strerror(ret));
		return -1;
	}
	pki.made = 1;
out:
	if (pki.made < 0)
		snprintf(err, err_len, "handshakes: no CA certificate");
	return pki.made > 0 ? 0 : -1;
}

static int make_leaf(int type, const char *name, char *err, size_t err_len)
{
	ember_x509_cert ca;
	uint8_t *der = NULL;
	size_t len = 0;
	char what[64];
	int ret;

	if (pki.have[type])
		goto out;
	pki.have[type] = -1;
	snprintf(what, sizeof(what), "a %s key", name);
	ret = make_key(type, &pki.key[type], what, sizeof(what));
	if (ret == 0)
		ret = ember_x509_parse(&ca, pki.ca, pki.ca_len);
	if (ret == 0)
		ret = issue(pki.leaf[type], &pki.leaf_len[type], HOST, &ca, &pki.key[type], 0, 2 + (uint64_t)type);
	if (ret == 0) {
		snprintf(what, sizeof(what), "%s as PKCS#8", name);
		der = malloc(EMBER_PKEY_RSA_MAX_DER + 8192);
		ret = der ? ember_pkey_write(&pki.key[type], EMBER_PKEY_PKCS8, 0, der, EMBER_PKEY_RSA_MAX_DER + 8192, &len)
		          : EMBER_EINTERNAL;
	}
	if (ret != 0) {
		free(der);
		snprintf(err, err_len, "handshakes: %s: %s", what, ember_strerror(ret));
		return -1;
	}
	pki.der[type] = der;
	pki.der_len[type] = len;
	pki.have[type] = 1;
out:
	if (pki.have[type] < 0)
		snprintf(err, err_len, "handshakes: no %s certificate", name);
	return pki.have[type] > 0 ? 0 : -1;
}

/*
 * TLS 1.2's suite for key |k| (RSA key transport when |g| is "rsa"): the
 * bulk cipher of -ciphersuite's TLS 1.3 suite, ECDHE-RSA for rsa2048,
 * ECDHE-ECDSA for ECDSA and Ed25519 keys (RFC 8422).
 */
static const ember_tls12_suite *tls12_suite(const struct tls_group *g, const struct tls_key *k)
{
	int rsa = k->type == SPEED_TLS_K_RSA2048;
	uint16_t id;

	if (g->id == 0)
		id = EMBER_TLS12_RSA_AES_128_CBC_SHA;
	else if (the_suite()->id == EMBER_TLS13_AES_256_GCM_SHA384)
		id = rsa ? EMBER_TLS12_ECDHE_RSA_AES_256_GCM_SHA384 : EMBER_TLS12_ECDHE_ECDSA_AES_256_GCM_SHA384;
	else if (the_suite()->id == EMBER_TLS13_CHACHA20_POLY1305_SHA256)
		id = rsa ? EMBER_TLS12_ECDHE_RSA_CHACHA20_POLY1305 : EMBER_TLS12_ECDHE_ECDSA_CHACHA20_POLY1305;
	else
		id = rsa ? EMBER_TLS12_ECDHE_RSA_AES_128_GCM_SHA256 : EMBER_TLS12_ECDHE_ECDSA_AES_128_GCM_SHA256;
	return ember_tls12_suite_find(id);
}

/* What both sides offer (speed_tls_spec.groups): the row's group, then a TLS 1.2 ECDSA key's curve. */
static void offer_groups(speed_tls_spec *spec, const struct tls_group *g, const struct tls_key *k)
{
	uint16_t curve = 0;
	size_t i;

	if (g->id == 0)
		return;
	spec->groups[spec->n_groups++] = g->id;
	snprintf(spec->ossl_groups, sizeof(spec->ossl_groups), "%s", g->ossl);
	if (spec->tls12 && k->type == SPEED_TLS_K_P256)
		curve = EMBER_TLS_GROUP_SECP256R1;
	else if (spec->tls12 && k->type == SPEED_TLS_K_P384)
		curve = EMBER_TLS_GROUP_SECP384R1;
	if (curve == 0 || curve == g->id)
		return;
	spec->groups[spec->n_groups++] = curve;
	for (i = 0; i < NGROUPS; i++)
		if (groups[i].id == curve)
			snprintf(spec->ossl_groups + strlen(spec->ossl_groups), sizeof(spec->ossl_groups) - strlen(spec->ossl_groups),
			    ":%s", groups[i].ossl);
}

int speed_tls_spec_of(const char *word, speed_tls_spec *spec, char *err, size_t err_len)
{
	const struct tls_group *g;
	const struct tls_key *k;
	const ember_tls13_suite *s = the_suite();
	const ember_tls12_suite *s12 = NULL;

	if (parse_word(word, &g, &k) != 0) {
		snprintf(err, err_len, "%s: not a handshake word (tls13:GROUP:SIG, tls12:GROUP:SIG, tls12:rsa:rsa2048)",
		    word ? word : "(null)");
		return -1;
	}
	if (word[4] == '2' && (s12 = tls12_suite(g, k)) == NULL) {
		snprintf(err, err_len, "%s: no TLS 1.2 suite for it in this build", word);
		return -1;
	}
	if (make_ca(err, err_len) != 0 || make_leaf(k->type, k->word, err, err_len) != 0)
		return -1;
	memset(spec, 0, sizeof(*spec));
	spec->word = word;
	spec->group = g->id;
	spec->ossl_group = g->ossl;
	spec->key_type = k->type;
	spec->sig = k->sig;
	spec->ossl_sigalg = k->ossl;
	spec->tls12 = s12 != NULL;
	spec->suite = s12 ? s12->id : s->id;
	spec->suite_name = s12 ? s12->ossl_name : s->name;
	offer_groups(spec, g, k);
	spec->breakdown = breakdown;
	spec->leaf = pki.leaf[k->type];
	spec->leaf_len = pki.leaf_len[k->type];
	spec->anchor = pki.ca;
	spec->anchor_len = pki.ca_len;
	spec->key = &pki.key[k->type];
	spec->key_der = pki.der[k->type];
	spec->key_der_len = pki.der_len[k->type];
	spec->host = HOST;
	spec->now = pki.now;
	return 0;
}

void speed_tls_cleanup(void)
{
	int i;

	for (i = 0; i < SPEED_TLS_NKEYS; i++) {
		ember_pkey_clear(&pki.key[i]);
		if (pki.der[i]) {
			ember_wipe(pki.der[i], pki.der_len[i]);
			free(pki.der[i]);
		}
	}
	ember_pkey_clear(&pki.ca_key);
	memset(&pki, 0, sizeof(pki));
}
