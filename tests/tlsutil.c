/*
 * tlsutil.c - the TLS 1.3 tests' PKI and pipes (tlsutil.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ember/mldsa.h"
#include "ember/x509.h"
#include "test.h"
#include "tlsutil.h"

const char *const tt_key_names[K_COUNT] = { "ecdsap256", "ecdsap384", "rsa2048", "ed25519", "mldsa65" };
const uint16_t tt_key_sigs[K_COUNT] = { EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256,
	EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256, EMBER_TLS_SIG_ED25519,
	EMBER_TLS_SIG_MLDSA65 };

tt_pki_t tt_pki;
int64_t tt_now;

static uint8_t *read_fixture(const char *name, size_t *len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/../fixtures/keys/%s", t_vec_dir, name);
	return t_read_path(path, len);
}

static int issue(uint8_t *out, size_t *out_len, const char *cn, const uint8_t *issuer_der, size_t issuer_len,
    const ember_pkey *issuer_key, const ember_pkey *subject, int is_ca, int64_t nb, int64_t na)
{
	ember_x509_issue_params p;
	ember_x509_cert issuer;

	memset(&p, 0, sizeof(p));
	p.subject_cn = cn;
	if (issuer_der) {
		if (ember_x509_parse(&issuer, issuer_der, issuer_len))
			return -1;
		p.issuer = &issuer;
	}
	p.issuer_key = issuer_key;
	if (subject->type == EMBER_PKEY_MLDSA65) {
		p.subject_mldsa_pk = subject->u.mldsa.pk;
		p.subject_mldsa_pk_len = EMBER_MLDSA65_PK_LEN;
		p.subject_mldsa_set = 65;
	} else {
		p.subject_key = subject;
	}
	p.serial = t_rand() >> 2 | 1;
	p.not_before = nb;
	p.not_after = na;
	p.is_ca = is_ca;
	p.dns_name = is_ca ? NULL : "ember.test";
	return ember_x509_issue(out, TT_CERT_MAX, out_len, &p);
}

static int ec_key(ember_pkey *k, int curve)
{
	memset(k, 0, sizeof(*k));
	k->type = EMBER_PKEY_EC;
	k->has_private = 1;
	return ember_ecc_generate_key(&k->u.ec, curve);
}

static int other_ca_same_name;

int tt_make_other_ca(int same_name)
{
	other_ca_same_name = same_name;
	return CHECK(issue(tt_pki.other_ca, &tt_pki.other_ca_len, same_name ? "Ember Test CA" : "Other CA", NULL, 0,
	                 &tt_pki.other_ca_key, &tt_pki.other_ca_key, 1, tt_now - 86400, tt_now + 86400 * 365) == 0,
	    "second CA certificate");
}

int tt_make_pki(void)
{
	uint8_t seed[32];
	size_t len = 0;
	uint8_t *pem;
	int i, ok = 1;

	if (tt_pki.ready)
		return tt_pki.ready > 0;
	tt_pki.ready = -1;
	tt_now = (int64_t)time(NULL);
	ok &= CHECK(ec_key(&tt_pki.ca_key, EMBER_ECC_P256) == 0 && ec_key(&tt_pki.other_ca_key, EMBER_ECC_P256) == 0,
	    "CA keys");
	ok &= CHECK(issue(tt_pki.ca, &tt_pki.ca_len, "Ember Test CA", NULL, 0, &tt_pki.ca_key, &tt_pki.ca_key, 1, tt_now - 86400,
	                tt_now + 86400 * 365) == 0,
	    "CA certificate");
	ok &= tt_make_other_ca(0);
	ok &= CHECK(ec_key(&tt_pki.key[K_P256], EMBER_ECC_P256) == 0, "P-256 key");
	ok &= CHECK(ec_key(&tt_pki.key[K_P384], EMBER_ECC_P384) == 0, "P-384 key");
	pem = read_fixture("rsa2048-plain.pem", &len);
	ok &= CHECK(pem && ember_pkey_read(&tt_pki.key[K_RSA], pem, len) == 0, "RSA fixture rsa2048-plain.pem");
	free(pem);
	tt_pki.key[K_ED25519].type = EMBER_PKEY_ED25519;
	tt_pki.key[K_ED25519].has_private = 1;
	t_rand_bytes(seed, sizeof(seed));
	ok &= CHECK(ember_ed25519_keypair(&tt_pki.key[K_ED25519].u.ed25519, seed) == 0, "Ed25519 key");
	tt_pki.key[K_MLDSA65].type = EMBER_PKEY_MLDSA65;
	tt_pki.key[K_MLDSA65].has_private = 1;
	tt_pki.key[K_MLDSA65].u.mldsa.set = EMBER_MLDSA65;
	ok &= CHECK(ember_mldsa_keygen(EMBER_MLDSA65, tt_pki.key[K_MLDSA65].u.mldsa.pk, EMBER_MLDSA65_PK_LEN,
	                tt_pki.key[K_MLDSA65].u.mldsa.sk, EMBER_MLDSA65_SK_LEN) == 0,
	    "ML-DSA-65 key");
	for (i = 0; i < K_COUNT && ok; i++) {
		ok &= CHECK(issue(tt_pki.leaf[i], &tt_pki.leaf_len[i], "ember.test", tt_pki.ca, tt_pki.ca_len, &tt_pki.ca_key, &tt_pki.key[i],
		                0, tt_now - 3600, tt_now + 86400 * 30) == 0,
		    "%s leaf certificate", tt_key_names[i]);
		tt_pki.have[i] = ok;
	}
	ok &= CHECK(issue(tt_pki.expired, &tt_pki.expired_len, "ember.test", tt_pki.ca, tt_pki.ca_len, &tt_pki.ca_key,
	                &tt_pki.key[K_P256], 0, tt_now - 86400 * 60, tt_now - 86400 * 30) == 0,
	    "expired leaf");
	tt_pki.ready = ok ? 1 : -1;
	return ok;
}

/* Moves what |from| has to send into |p|; returns bytes moved. */
size_t tt_pull(ember_tls13_conn *from, tt_pipe *p, size_t cap)
{
	size_t n = 0, room = sizeof(p->buf) - p->len;

	if (cap && cap < room)
		room = cap;
	if (ember_tls13_output(from, p->buf + p->len, room, &n) != 0)
		return n;
	p->len += n;
	return n;
}

/* Feeds |p| into |to|; returns bytes taken. */
size_t tt_push(ember_tls13_conn *to, tt_pipe *p, size_t step)
{
	size_t used = 0, len = p->len;

	if (step && step < len)
		len = step;
	ember_tls13_input(to, p->buf, len, &used);
	memmove(p->buf, p->buf + used, p->len - used);
	p->len -= used;
	return used;
}

const char *tt_alert(int alert)
{
	const char *n = ember_tls_alert_name(alert);

	return n ? n : "?";
}
