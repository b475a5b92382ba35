/*
 * t_x509.c - X.509 (include/ember/x509.h): chains issued by Ember at test
 * time (RSA-2048, ECDSA P-256 and P-384, Ed25519, ML-DSA-44/65/87) verified
 * by Ember and, when an `openssl` program is on the PATH, by `openssl
 * verify`; chains made by the openssl command parsed and verified by Ember;
 * one test per refusal reason; the RFC 6125 name rules; every truncation
 * and every one-byte change of real certificates refused without a crash.
 *
 * Nothing is stored: the certificates are made when the unit runs, valid
 * from an hour ago for a year, so they cannot expire. The openssl material
 * (one shell script, one RSA-2048 key that Ember's RSA chain reuses) is
 * made once per run and kept for phase 2; without openssl the RSA key is
 * Ember's own (one key generation per run, slow under qemu).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ember/keys.h"
#include "ember/mldsa.h"
#include "ember/x509.h"
#include "test.h"

#define CERT_MAX 16384

typedef struct der {
	uint8_t b[CERT_MAX];
	size_t n;
} der;

static int64_t t_now;
static char fx_dir[64];  /* the openssl material, made once */
static int fx_state;     /* 0 not tried, 1 made, -1 no openssl / failed */

/* The first |m| bytes at |needle| in the |n| at |h|, or NULL (memmem is a GNU extension). */
static uint8_t *find(uint8_t *h, size_t n, const void *needle, size_t m)
{
	size_t i;

	for (i = 0; i + m <= n; i++)
		if (memcmp(h + i, needle, m) == 0)
			return h + i;
	return NULL;
}

static int64_t now(void)
{
	if (t_now == 0)
		t_now = (int64_t)time(NULL);
	return t_now;
}

static int sh(const char *fmt, const char *arg)
{
	char cmd[8192];
	char *out = NULL, *err = NULL;
	int st;

	snprintf(cmd, sizeof(cmd), fmt, arg, arg, arg);
	st = t_run_cmd(cmd, &out, &err);
	if (st != 0 && t_verbose)
		t_note("command failed (%d): %s\n%s%s", st, cmd, out ? out : "", err ? err : "");
	free(out);
	free(err);
	return st;
}

static void cleanup(void)
{
	if (fx_dir[0])
		sh("rm -rf '%s'", fx_dir);
}

static int read_file(const char *path, char **text, size_t *len)
{
	FILE *f = fopen(path, "rb");
	long n;

	*text = NULL;
	if (f == NULL)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	*text = malloc((size_t)n + 1);
	*len = fread(*text, 1, (size_t)n, f);
	(*text)[*len] = 0;
	fclose(f);
	return *len == (size_t)n ? 0 : -1;
}

/* A PEM certificate file of the fixture folder into |d|. */
static int load_cert(const char *name, der *d)
{
	char path[256], label[64], *text;
	size_t len;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", fx_dir, name);
	if (read_file(path, &text, &len) != 0) {
		free(text);
		return -1;
	}
	ret = ember_pem_decode(text, len, "CERTIFICATE\0", label, sizeof(label), d->b, sizeof(d->b), &d->n);
	free(text);
	return ret;
}

static int write_pem(const char *name, const der *d)
{
	char path[256], pem[3 * CERT_MAX];
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", fx_dir, name);
	if (ember_pem_encode("CERTIFICATE", d->b, d->n, pem, sizeof(pem), &n) != 0)
		return -1;
	return t_write_file(path, pem, n);
}

static const char fx_script[] =
    "set -e; cd '%s'\n"
    "cat > c.cnf <<'EOF'\n"
    "[req]\ndistinguished_name = dn\nprompt = no\n[dn]\nCN = Ember OpenSSL\n"
    "[ca]\nbasicConstraints = critical,CA:TRUE\nkeyUsage = critical,keyCertSign,cRLSign\nsubjectKeyIdentifier = hash\n"
    "[ca0]\nbasicConstraints = critical,CA:TRUE,pathlen:0\nkeyUsage = critical,keyCertSign,cRLSign\n"
    "[ca_noks]\nbasicConstraints = critical,CA:TRUE\nkeyUsage = critical,digitalSignature\n"
    "[leaf]\nbasicConstraints = CA:FALSE\nkeyUsage = critical,digitalSignature\nextendedKeyUsage = serverAuth\n"
    "subjectAltName = DNS:ember.test,DNS:*.wild.test,IP:127.0.0.1\n"
    "[crit]\nkeyUsage = critical,digitalSignature\nsubjectAltName = DNS:ember.test\n"
    "1.3.6.1.4.1.55555.1 = critical,ASN1:UTF8String:must understand\n"
    "[client]\nextendedKeyUsage = clientAuth\nsubjectAltName = DNS:ember.test\n"
    "[ku]\nkeyUsage = critical,keyEncipherment\nsubjectAltName = DNS:ember.test\n"
    "EOF\n"
    "o() { openssl \"$@\" >/dev/null 2>>err.log; }\n"
    "root() { e=$1 n=$2 f=$3; shift 3; o req -x509 -new -config c.cnf -extensions $e -days 30 -nodes -subj \"/CN=$n\" -keyout $f.key -out $f.pem \"$@\"; }\n"
    "csr() { n=$1 f=$2; shift 2; o req -new -config c.cnf -nodes -subj \"/CN=$n\" -keyout $f.key -out $f.csr \"$@\"; }\n"
    "sign() { c=$1 i=$2 s=$3 f=$4; shift 4; o x509 -req -in $c.csr -CA $i.pem -CAkey $i.key -set_serial $s -days 30 -out $f.pem \"$@\"; }\n"
    "EC='-newkey ec -pkeyopt ec_paramgen_curve:P-256'\n"
    "root ca 'OpenSSL EC Root' ca $EC\n"
    "root ca 'OpenSSL RSA Root' rsa_ca -newkey rsa:2048\n"
    "root ca 'OpenSSL Weak Root' weak_ca -newkey rsa:1024\n"
    "root ca 'OpenSSL Ed25519 Root' ed_ca -newkey ed25519\n"
    "root ca 'OpenSSL P-384 Root' p384_ca -newkey ec -pkeyopt ec_paramgen_curve:P-384 -sha384\n"
    "root ca0 'OpenSSL Root pathlen 0' root0 $EC\n"
    "root ca_noks 'OpenSSL Root without keyCertSign' noks_ca $EC\n"
    "csr 'leaf' leaf $EC\n"
    "csr 'ed leaf' edleaf -newkey ed25519\n"
    "csr 'p384 leaf' p384leaf -newkey ec -pkeyopt ec_paramgen_curve:P-384\n"
    "csr 'OpenSSL Intermediate' inter $EC\n"
    "cp inter.key inter0.key\n"
    "sign leaf ca 1 leaf_ec -extfile c.cnf -extensions leaf\n"
    "sign leaf rsa_ca 2 leaf_rsa -extfile c.cnf -extensions leaf -sha256\n"
    "sign leaf rsa_ca 3 leaf_pss -extfile c.cnf -extensions leaf -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32\n"
    "sign leaf rsa_ca 4 leaf_sha1 -extfile c.cnf -extensions leaf -sha1\n"
    "sign leaf weak_ca 5 leaf_weak -extfile c.cnf -extensions leaf\n"
    "sign edleaf ed_ca 6 leaf_ed -extfile c.cnf -extensions leaf\n"
    "sign p384leaf p384_ca 7 leaf_p384 -extfile c.cnf -extensions leaf -sha384\n"
    "sign leaf ca 8 leaf_crit -extfile c.cnf -extensions crit\n"
    "sign leaf ca 9 leaf_client -extfile c.cnf -extensions client\n"
    "sign leaf ca 10 leaf_ku -extfile c.cnf -extensions ku\n"
    "sign leaf ca 11 leaf_v1\n"
    "sign inter ca 12 inter -extfile c.cnf -extensions ca\n"
    "sign leaf inter 13 leaf_i -extfile c.cnf -extensions leaf\n"
    "sign inter root0 14 inter0 -extfile c.cnf -extensions ca\n"
    "sign leaf inter0 15 leaf_i0 -extfile c.cnf -extensions leaf\n"
    "sign leaf noks_ca 16 leaf_noks -extfile c.cnf -extensions leaf\n"
    "o pkey -in rsa_ca.key -out rsa.key\n";

/* The openssl material: 1 when made, 0 when openssl is absent (skip noted once). */
static int fixtures(void)
{
	if (fx_state == 0) {
		fx_state = -1;
		if (system("command -v openssl >/dev/null 2>&1") != 0)
			return 0;
		strcpy(fx_dir, "/tmp/ember-t-x509-XXXXXX");
		if (mkdtemp(fx_dir) == NULL) {
			fx_dir[0] = 0;
			return 0;
		}
		atexit(cleanup);
		if (!CHECK(sh(fx_script, fx_dir) == 0, "the openssl script failed (%s/err.log)", fx_dir))
			return 0;
		fx_state = 1;
	}
	return fx_state == 1;
}

/* ---- keys ---- */

enum { K_RSA, K_P256, K_P384, K_ED25519, K_N };
static const char *const k_names[K_N] = { "RSA-2048", "P-256", "P-384", "Ed25519" };

static ember_pkey *key(int kind, int second)
{
	static ember_pkey *keys[K_N][2];
	ember_pkey *k;

	if (kind == K_RSA)
		second = 0; /* one RSA key serves CA and leaf: key generation is slow under emulation */
	if (keys[kind][second] != NULL)
		return keys[kind][second];
	k = calloc(1, sizeof(*k));
	if (kind == K_RSA) {
		char *text, path[256];
		size_t len;
		int ok = 0;
		if (fixtures()) {
			snprintf(path, sizeof(path), "%s/rsa.key", fx_dir);
			ok = read_file(path, &text, &len) == 0 && ember_pkey_read(k, (const uint8_t *)text, len) == 0 &&
			     k->type == EMBER_PKEY_RSA;
			free(text);
		}
		if (!ok) {
			memset(k, 0, sizeof(*k));
			if (ember_rsa_generate(&k->u.rsa, 2048, 65537) != 0)
				return NULL;
			k->type = EMBER_PKEY_RSA;
			k->has_private = 1;
		}
	} else if (kind == K_ED25519) {
		if (ember_ed25519_generate(&k->u.ed25519) != 0)
			return NULL;
		k->type = EMBER_PKEY_ED25519;
		k->has_private = 1;
	} else {
		if (ember_ecc_generate_key(&k->u.ec, kind == K_P256 ? EMBER_ECC_P256 : EMBER_ECC_P384) != 0)
			return NULL;
		k->type = EMBER_PKEY_EC;
		k->has_private = 1;
	}
	keys[kind][second] = k;
	return k;
}

static int issue(der *out, const char *cn, const ember_x509_cert *issuer, const ember_pkey *subject_key,
    const ember_pkey *issuer_key, int is_ca, const char *dns)
{
	ember_x509_issue_params p;
	static uint64_t serial = 1000;

	memset(&p, 0, sizeof(p));
	p.subject_cn = cn;
	p.issuer = issuer;
	p.subject_key = subject_key;
	p.issuer_key = issuer_key;
	p.serial = serial++;
	p.not_before = now() - 3600;
	p.not_after = now() + 365 * 86400;
	p.is_ca = is_ca;
	p.dns_name = dns;
	return ember_x509_issue(out->b, sizeof(out->b), &out->n, &p);
}

/* Verifies chain[0..n-1] against one anchor; the reason. */
static int verify(const der *const *chain, size_t n, const der *anchor, const char *host, int64_t t, unsigned flags)
{
	const uint8_t *c[EMBER_X509_MAX_CHAIN + 2], *a[1];
	size_t l[EMBER_X509_MAX_CHAIN + 2], al[1], i;
	ember_x509_verify_params p;
	int reason = -1, ret;

	for (i = 0; i < n; i++)
		c[i] = chain[i]->b, l[i] = chain[i]->n;
	a[0] = anchor->b;
	al[0] = anchor->n;
	memset(&p, 0, sizeof(p));
	p.anchors = a;
	p.anchor_lens = al;
	p.n_anchors = 1;
	p.now = t ? t : (int64_t)time(NULL); /* openssl's certificates start when they were made */
	p.host = host;
	p.flags = flags;
	ret = ember_x509_verify_chain(c, l, n, &p, NULL, &reason);
	/* the return value and the reason must agree */
	if (reason == EMBER_X509_OK ? ret != 0 : reason == EMBER_X509_BAD_ENCODING ? ret != EMBER_EDECODE : ret != EMBER_EVERIFY)
		return -100 + ret;
	return reason;
}

static int verify1(const der *leaf, const der *anchor, const char *host)
{
	const der *c[1];

	c[0] = leaf;
	return verify(c, 1, anchor, host, 0, 0);
}

#define EXPECT(got, want, ...)                                                                                    \
	do {                                                                                                      \
		int g_ = (got);                                                                                   \
		if (!CHECK(g_ == (want), __VA_ARGS__))                                                            \
			t_note("  got %d (%s), want %s", g_, ember_x509_reason_name(g_), ember_x509_reason_name(want)); \
	} while (0)

/* ---- Ember-issued chains ---- */

EMBER_TEST(x509_issue)
{
	static der ca, leaf, leaf2;
	int kind;

	now();
	for (kind = 0; kind < K_N; kind++) {
		ember_pkey *cak = key(kind, 0), *lk = key(kind, 1), pub;
		ember_x509_cert cc, lc, got;
		const der *chain[2];
		const uint8_t *cp[1], *ap[1];
		size_t cl[1], al[1];
		ember_x509_verify_params vp;
		int reason;

		if (!CHECK(cak != NULL && lk != NULL, "%s: key generation", k_names[kind]))
			continue;
		if (!CHECK(issue(&ca, "Ember Test CA", NULL, cak, cak, 1, NULL) == 0, "%s: issuing the CA", k_names[kind]) ||
		    !CHECK(ember_x509_parse(&cc, ca.b, ca.n) == 0, "%s: the CA does not parse", k_names[kind]) ||
		    !CHECK(issue(&leaf, "ember.test", &cc, lk, cak, 0, "ember.test") == 0, "%s: issuing the leaf",
		        k_names[kind]) ||
		    !CHECK(ember_x509_parse(&lc, leaf.b, leaf.n) == 0, "%s: the leaf does not parse", k_names[kind]))
			continue;
		/* what was asked for is what was parsed */
		CHECK(cc.version == 3 && cc.has_basic_constraints && cc.is_ca && cc.path_len == -1 && cc.has_key_usage &&
		        cc.key_usage == (EMBER_X509_KU_KEY_CERT_SIGN | EMBER_X509_KU_CRL_SIGN) && !cc.has_eku &&
		        cc.san == NULL && cc.issuer_len == cc.subject_len &&
		        memcmp(cc.issuer, cc.subject, cc.subject_len) == 0,
		    "%s: CA fields", k_names[kind]);
		CHECK(lc.version == 3 && !lc.is_ca && lc.key_usage == EMBER_X509_KU_DIGITAL_SIGNATURE && lc.has_eku &&
		        lc.eku_server_auth && !lc.eku_any && lc.san != NULL && lc.not_before == now() - 3600 &&
		        lc.not_after == now() + 365 * 86400 && lc.issuer_len == cc.subject_len &&
		        memcmp(lc.issuer, cc.subject, cc.subject_len) == 0 && !lc.unknown_critical,
		    "%s: leaf fields", k_names[kind]);
		CHECK(lc.key_type == (kind == K_RSA ? EMBER_PKEY_RSA : kind == K_ED25519 ? EMBER_PKEY_ED25519 : EMBER_PKEY_EC),
		    "%s: key type %d", k_names[kind], lc.key_type);
		CHECK(lc.sig_alg == (kind == K_RSA ? EMBER_X509_SIG_RSA_PKCS1_SHA256 :
		                     kind == K_P256 ? EMBER_X509_SIG_ECDSA_SHA256 :
		                     kind == K_P384 ? EMBER_X509_SIG_ECDSA_SHA384 : EMBER_X509_SIG_ED25519),
		    "%s: signature algorithm %d", k_names[kind], lc.sig_alg);
		/* the certified key is the key */
		memset(&pub, 0, sizeof(pub));
		if (CHECK(ember_x509_public_key(&lc, &pub) == 0 && pub.type == lk->type, "%s: public key", k_names[kind])) {
			if (kind == K_ED25519)
				CHECK(memcmp(pub.u.ed25519.pub, lk->u.ed25519.pub, 32) == 0, "Ed25519: another key");
			else if (kind != K_RSA)
				CHECK(memcmp(pub.u.ec.q, lk->u.ec.q, 2 * lk->u.ec.len) == 0, "%s: another key", k_names[kind]);
			else
				CHECK(ember_pkey_bits(&pub) == 2048, "RSA: %u bits", ember_pkey_bits(&pub));
		}
		EXPECT(verify1(&leaf, &ca, "ember.test"), EMBER_X509_OK, "%s: Ember chain refused", k_names[kind]);
		EXPECT(verify1(&leaf, &ca, "EMBER.test."), EMBER_X509_OK, "%s: host case and dot", k_names[kind]);
		chain[0] = &leaf;
		chain[1] = &ca;
		EXPECT(verify(chain, 2, &ca, "ember.test", 0, 0), EMBER_X509_OK, "%s: chain with its anchor", k_names[kind]);
		/* the CA sent as a server's certificate: trusted, but its keyUsage has no digitalSignature */
		EXPECT(verify1(&ca, &ca, NULL), EMBER_X509_KEY_USAGE, "%s: the anchor as a leaf", k_names[kind]);
		/* the leaf written back on success */
		cp[0] = leaf.b, cl[0] = leaf.n, ap[0] = ca.b, al[0] = ca.n;
		memset(&vp, 0, sizeof(vp));
		vp.anchors = ap, vp.anchor_lens = al, vp.n_anchors = 1, vp.now = now(), vp.host = "ember.test";
		memset(&got, 0, sizeof(got));
		CHECK(ember_x509_verify_chain(cp, cl, 1, &vp, &got, &reason) == 0 && got.der == leaf.b &&
		        got.der_len == leaf.n && got.key_type == lc.key_type,
		    "%s: the leaf is not written back", k_names[kind]);
		/* times: the edges of the validity period */
		chain[0] = &leaf;
		EXPECT(verify(chain, 1, &ca, NULL, lc.not_after, 0), EMBER_X509_OK, "%s: notAfter itself", k_names[kind]);
		EXPECT(verify(chain, 1, &ca, NULL, lc.not_after + 1, 0), EMBER_X509_EXPIRED, "%s: expiry", k_names[kind]);
		EXPECT(verify(chain, 1, &ca, NULL, lc.not_before - 1, 0), EMBER_X509_NOT_YET_VALID, "%s: not yet valid",
		    k_names[kind]);
		EXPECT(verify1(&leaf, &ca, "other.test"), EMBER_X509_HOST_MISMATCH, "%s: wrong host", k_names[kind]);
		/* the signature checks: a changed signature byte, a changed TBS byte */
		leaf2 = leaf;
		leaf2.b[leaf2.n - 1] ^= 0x01;
		EXPECT(verify1(&leaf2, &ca, "ember.test"), EMBER_X509_BAD_SIGNATURE, "%s: flipped signature byte",
		    k_names[kind]);
		leaf2 = leaf;
		{
			uint8_t *p = find(leaf2.b, leaf2.n, "ember.test", 10); /* the subject CN */
			if (CHECK(p != NULL, "%s: CN not found", k_names[kind])) {
				p[0] = 'E';
				EXPECT(verify1(&leaf2, &ca, "ember.test"), EMBER_X509_BAD_SIGNATURE, "%s: changed subject",
				    k_names[kind]);
			}
		}
		/* a verify with the signer's own primitive: a message signed by the leaf's key */
		if (kind == K_P256 || kind == K_ED25519) {
			uint8_t msg[] = "TLS 1.3, server CertificateVerify", sig[128], rs[64], dg[32];
			size_t sl = 0;
			int alg = kind == K_P256 ? EMBER_X509_SIG_ECDSA_SHA256 : EMBER_X509_SIG_ED25519;
			if (kind == K_P256) {
				ember_sha256(dg, msg, sizeof(msg));
				CHECK(ember_ecdsa_sign(&lk->u.ec, NULL, dg, 32, 0, rs, 64) == 0 &&
				        ember_ecdsa_sig_to_der(rs, 64, sig, sizeof(sig), &sl) == 0,
				    "P-256 signing");
			} else {
				CHECK(ember_ed25519_sign(&lk->u.ed25519, sig, msg, sizeof(msg)) == 0, "Ed25519 signing");
				sl = 64;
			}
			CHECK(ember_x509_verify_signed(&lc, alg, msg, sizeof(msg), sig, sl) == 0, "%s: verify_signed",
			    k_names[kind]);
			msg[0] ^= 1;
			CHECK(ember_x509_verify_signed(&lc, alg, msg, sizeof(msg), sig, sl) == EMBER_EVERIFY,
			    "%s: verify_signed of another message", k_names[kind]);
			CHECK(ember_x509_verify_signed(&lc, EMBER_X509_SIG_RSA_PSS_SHA256, msg, sizeof(msg), sig, sl) ==
			        EMBER_EINVAL,
			    "%s: verify_signed with another key type's algorithm", k_names[kind]);
		}
		/* a leaf used as an issuer: not a CA */
		{
			static der sub;
			const der *c3[2];
			c3[0] = &sub;
			c3[1] = &leaf;
			if (CHECK(issue(&sub, "sub.ember.test", &lc, cak, lk, 0, "sub.ember.test") == 0, "%s: issuing by the leaf",
			        k_names[kind]))
				EXPECT(verify(c3, 2, &ca, "sub.ember.test", 0, 0), EMBER_X509_NOT_CA, "%s: leaf as issuer",
				    k_names[kind]);
		}
		/* a key that is not the issuer's is refused when issuing */
		if (kind != K_RSA)
			CHECK(issue(&leaf2, "x", &cc, lk, lk, 0, NULL) == EMBER_EINVAL && leaf2.n == 0,
			    "%s: a leaf signed with the wrong key was issued", k_names[kind]);
		/* an unknown issuer */
		{
			static der other;
			if (kind != K_RSA && /* one RSA key only */
			    CHECK(issue(&other, "Ember Test CA", NULL, lk, lk, 1, NULL) == 0, "%s: second CA", k_names[kind]))
				EXPECT(verify1(&leaf, &other, "ember.test"), EMBER_X509_BAD_SIGNATURE,
				    "%s: same name, another key", k_names[kind]);
			if (CHECK(issue(&other, "Another CA", NULL, lk, lk, 1, NULL) == 0, "%s: third CA", k_names[kind]))
				EXPECT(verify1(&leaf, &other, "ember.test"), EMBER_X509_UNKNOWN_ISSUER, "%s: unknown issuer",
				    k_names[kind]);
		}
		/* openssl verify of Ember's chain */
		if (fixtures()) {
			char cmd[1024], *out = NULL;
			int st;
			if (CHECK(write_pem("e_ca.pem", &ca) == 0 && write_pem("e_leaf.pem", &leaf) == 0, "writing PEM")) {
				snprintf(cmd, sizeof(cmd),
				    "cd '%s' && openssl verify -x509_strict -verify_hostname ember.test -CAfile e_ca.pem e_leaf.pem 2>&1",
				    fx_dir);
				st = t_run_cmd(cmd, &out, NULL);
				CHECK(st == 0 && out != NULL && strstr(out, "e_leaf.pem: OK") != NULL,
				    "%s: openssl verify of Ember's chain: %s", k_names[kind], out ? out : "");
				free(out);
			}
		}
	}
	if (fx_state != 1)
		t_skip("x509: no openssl command: Ember's chains not checked by openssl verify");
}

EMBER_TEST(x509_mldsa)
{
	static const int sets[3] = { 44, 65, 87 };
	static uint8_t pk[2][EMBER_MLDSA_PK_MAX], sk[2][EMBER_MLDSA_SK_MAX];
	static der ca, leaf, mixed;
	ember_x509_issue_params p;
	ember_x509_cert cc, lc;
	const uint8_t *raw;
	size_t raw_len;
	int i, set;

	now();
	for (i = 0; i < 3; i++) {
		int s = sets[i];
		size_t pl = EMBER_MLDSA_PK_LEN(s), sl = EMBER_MLDSA_SK_LEN(s);
		if (!CHECK(ember_mldsa_keygen(s, pk[0], pl, sk[0], sl) == 0 && ember_mldsa_keygen(s, pk[1], pl, sk[1], sl) == 0,
		        "ML-DSA-%d keygen", s))
			continue;
		memset(&p, 0, sizeof(p));
		p.subject_cn = "Ember ML-DSA CA";
		p.subject_mldsa_pk = pk[0], p.subject_mldsa_pk_len = pl, p.subject_mldsa_set = s;
		p.issuer_mldsa_sk = sk[0], p.issuer_mldsa_sk_len = sl, p.issuer_mldsa_set = s;
		p.serial = 7, p.not_before = now() - 60, p.not_after = now() + 86400, p.is_ca = 1;
		if (!CHECK(ember_x509_issue(ca.b, sizeof(ca.b), &ca.n, &p) == 0 && ember_x509_parse(&cc, ca.b, ca.n) == 0,
		        "ML-DSA-%d CA", s))
			continue;
		p.subject_cn = "ember.test", p.dns_name = "ember.test", p.is_ca = 0, p.issuer = &cc;
		p.subject_mldsa_pk = pk[1];
		if (!CHECK(ember_x509_issue(leaf.b, sizeof(leaf.b), &leaf.n, &p) == 0 &&
		            ember_x509_parse(&lc, leaf.b, leaf.n) == 0,
		        "ML-DSA-%d leaf", s))
			continue;
		CHECK(lc.key_type == (s == 44 ? EMBER_PKEY_MLDSA44 : s == 65 ? EMBER_PKEY_MLDSA65 : EMBER_PKEY_MLDSA87) &&
		        lc.sig_alg == (s == 44 ? EMBER_X509_SIG_MLDSA44 : s == 65 ? EMBER_X509_SIG_MLDSA65 : EMBER_X509_SIG_MLDSA87) &&
		        lc.sig_len == EMBER_MLDSA_SIG_LEN(s),
		    "ML-DSA-%d: key type %d, algorithm %d", s, lc.key_type, lc.sig_alg);
		CHECK(ember_x509_mldsa_public(&lc, &set, &raw, &raw_len) == 0 && set == s && raw_len == pl &&
		        memcmp(raw, pk[1], pl) == 0,
		    "ML-DSA-%d: the certified public key", s);
		{
			ember_pkey *k = calloc(1, sizeof(*k));
			CHECK(k != NULL && ember_x509_public_key(&lc, k) == 0 && k->u.mldsa.set == s && !k->has_private &&
			        memcmp(k->u.mldsa.pk, pk[1], pl) == 0,
			    "ML-DSA-%d: ember_x509_public_key is not the certified key", s);
			free(k);
		}
		EXPECT(verify1(&leaf, &ca, "ember.test"), EMBER_X509_OK, "ML-DSA-%d chain", s);
		leaf.b[leaf.n - 100] ^= 0x10;
		EXPECT(verify1(&leaf, &ca, "ember.test"), EMBER_X509_BAD_SIGNATURE, "ML-DSA-%d flipped signature", s);
		leaf.b[leaf.n - 100] ^= 0x10;
		/* an issuer that is not the key's: refused at issuing time */
		p.issuer_mldsa_sk = sk[1];
		CHECK(ember_x509_issue(mixed.b, sizeof(mixed.b), &mixed.n, &p) == EMBER_EINVAL, "ML-DSA-%d wrong issuer key", s);
		/* mixed: an ML-DSA CA over an Ed25519 leaf */
		if (s == 65 && key(K_ED25519, 1) != NULL) {
			p.issuer_mldsa_sk = sk[0];
			p.subject_mldsa_pk = NULL, p.subject_mldsa_pk_len = 0, p.subject_mldsa_set = 0;
			p.subject_key = key(K_ED25519, 1);
			CHECK(ember_x509_issue(mixed.b, sizeof(mixed.b), &mixed.n, &p) == 0, "ML-DSA-65 over Ed25519");
			EXPECT(verify1(&mixed, &ca, "ember.test"), EMBER_X509_OK, "ML-DSA-65 CA, Ed25519 leaf");
		}
	}
}

/* ---- chains made by openssl ---- */

EMBER_TEST(x509_openssl)
{
	static der ca, rsa_ca, weak_ca, ed_ca, p384_ca, root0, noks_ca, inter, inter0, l;
	static const struct {
		const char *file;
		der *anchor;
		int want;
		unsigned flags;
	} cases[] = {
		{ "leaf_ec.pem", &ca, EMBER_X509_OK, 0 },
		{ "leaf_rsa.pem", &rsa_ca, EMBER_X509_OK, 0 },
		{ "leaf_pss.pem", &rsa_ca, EMBER_X509_OK, 0 },
		{ "leaf_ed.pem", &ed_ca, EMBER_X509_OK, 0 },
		{ "leaf_p384.pem", &p384_ca, EMBER_X509_OK, 0 },
		{ "leaf_sha1.pem", &rsa_ca, EMBER_X509_WEAK_HASH, 0 },
		{ "leaf_sha1.pem", &rsa_ca, EMBER_X509_OK, EMBER_X509_ALLOW_SHA1 },
		{ "leaf_weak.pem", &weak_ca, EMBER_X509_WEAK_KEY, 0 },
		{ "leaf_weak.pem", &weak_ca, EMBER_X509_OK, EMBER_X509_ALLOW_WEAK_RSA },
		{ "leaf_crit.pem", &ca, EMBER_X509_UNKNOWN_CRITICAL, 0 },
		{ "leaf_client.pem", &ca, EMBER_X509_EKU, 0 },
		{ "leaf_ku.pem", &ca, EMBER_X509_KEY_USAGE, 0 },
		{ "leaf_noks.pem", &noks_ca, EMBER_X509_KEY_USAGE, 0 },
		{ "leaf_ec.pem", &rsa_ca, EMBER_X509_UNKNOWN_ISSUER, 0 },
	};
	ember_x509_cert c;
	const der *chain[3];
	size_t i;

	if (!fixtures()) {
		t_skip("x509: no openssl command: chains made by openssl not checked");
		return;
	}
	if (!CHECK(load_cert("ca.pem", &ca) == 0 && load_cert("rsa_ca.pem", &rsa_ca) == 0 &&
	            load_cert("weak_ca.pem", &weak_ca) == 0 && load_cert("ed_ca.pem", &ed_ca) == 0 &&
	            load_cert("p384_ca.pem", &p384_ca) == 0 && load_cert("root0.pem", &root0) == 0 &&
	            load_cert("noks_ca.pem", &noks_ca) == 0 && load_cert("inter.pem", &inter) == 0 &&
	            load_cert("inter0.pem", &inter0) == 0,
	        "reading the openssl CAs"))
		return;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (!CHECK(load_cert(cases[i].file, &l) == 0, "reading %s", cases[i].file))
			continue;
		chain[0] = &l;
		EXPECT(verify(chain, 1, cases[i].anchor, cases[i].want == EMBER_X509_OK ? "ember.test" : NULL, 0,
		           cases[i].flags),
		    cases[i].want, "openssl's %s (flags %u)", cases[i].file, cases[i].flags);
	}
	/* fields of an openssl leaf */
	if (load_cert("leaf_pss.pem", &l) == 0 && CHECK(ember_x509_parse(&c, l.b, l.n) == 0, "leaf_pss.pem parse"))
		CHECK(c.sig_alg == EMBER_X509_SIG_RSA_PSS && c.pss_hash == EMBER_X509_HASH_SHA256 && c.pss_salt_len == 32,
		    "PSS parameters: alg %d hash %d salt %u", c.sig_alg, c.pss_hash, (unsigned)c.pss_salt_len);
	if (load_cert("leaf_ec.pem", &l) == 0 && CHECK(ember_x509_parse(&c, l.b, l.n) == 0, "leaf_ec.pem parse")) {
		CHECK(c.version == 3 && c.has_basic_constraints && !c.is_ca && c.eku_server_auth && c.serial_len == 1 &&
		        c.serial[0] == 1 && c.not_after - c.not_before >= 30 * 86400 - 1 && c.not_after - c.not_before <= 30 * 86400 + 1,
		    "openssl leaf fields");
		CHECK(ember_x509_check_host(&c, "ember.test") == 0 && ember_x509_check_host(&c, "a.wild.test") == 0 &&
		        ember_x509_check_host(&c, "127.0.0.1") == 0 && ember_x509_check_host(&c, "127.0.0.2") != 0 &&
		        ember_x509_check_host(&c, "wild.test") != 0 && ember_x509_check_host(&c, "a.b.wild.test") != 0,
		    "openssl leaf names");
	}
	/* a v1 certificate (openssl x509 -req without extensions): no name, fine otherwise */
	if (load_cert("leaf_v1.pem", &l) == 0 && CHECK(ember_x509_parse(&c, l.b, l.n) == 0, "leaf_v1.pem parse")) {
		CHECK(c.version == 1 && c.san == NULL && !c.has_key_usage, "leaf_v1: version %d", c.version);
		chain[0] = &l;
		EXPECT(verify(chain, 1, &ca, NULL, 0, 0), EMBER_X509_OK, "v1 leaf without a host");
		EXPECT(verify(chain, 1, &ca, "ember.test", 0, 0), EMBER_X509_HOST_MISMATCH, "v1 leaf: no fallback to the CN");
	}
	/* three certificates: root -> intermediate -> leaf, and a pathlen:0 root refusing its intermediate */
	if (load_cert("leaf_i.pem", &l) == 0) {
		chain[0] = &l, chain[1] = &inter;
		EXPECT(verify(chain, 2, &ca, "ember.test", 0, 0), EMBER_X509_OK, "leaf, intermediate, root");
		chain[2] = &ca;
		EXPECT(verify(chain, 3, &ca, "ember.test", 0, 0), EMBER_X509_OK, "leaf, intermediate, root sent");
		EXPECT(verify(chain, 1, &ca, "ember.test", 0, 0), EMBER_X509_UNKNOWN_ISSUER, "intermediate missing");
		chain[1] = &ca;
		EXPECT(verify(chain, 2, &ca, "ember.test", 0, 0), EMBER_X509_UNKNOWN_ISSUER, "wrong order");
	}
	if (load_cert("leaf_i0.pem", &l) == 0) {
		chain[0] = &l, chain[1] = &inter0;
		EXPECT(verify(chain, 2, &root0, "ember.test", 0, 0), EMBER_X509_PATH_LEN, "pathlen:0 root, one intermediate");
		chain[0] = &inter0;
		/* no intermediate: the path length holds, and the next check refuses a CA as a server (no digitalSignature) */
		EXPECT(verify(chain, 1, &root0, NULL, 0, 0), EMBER_X509_KEY_USAGE, "pathlen:0 root, its CA as the leaf");
	}
	/* chain too long */
	{
		const der *nine[9];
		for (i = 0; i < 9; i++)
			nine[i] = &ca;
		EXPECT(verify(nine, 9, &ca, NULL, 0, 0), EMBER_X509_CHAIN_TOO_LONG, "nine certificates");
	}
	/* the openssl RSA-PSS leaf key verifies a TLS rsa_pss_rsae_sha256 signature made by Ember */
	{
		ember_pkey *k = key(K_RSA, 0);
		ember_x509_cert rc;
		uint8_t msg[] = "rsa_pss_rsae_sha256", dg[32], sig[256];
		const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
		ember_sha256(dg, msg, sizeof(msg));
		if (k != NULL && hd != NULL && CHECK(ember_x509_parse(&rc, rsa_ca.b, rsa_ca.n) == 0, "rsa_ca parse") &&
		    CHECK(ember_rsa_pss_sign(&k->u.rsa, hd, hd, NULL, 32, dg, 32, sig, sizeof(sig)) == 0, "PSS signing")) {
			CHECK(ember_x509_verify_signed(&rc, EMBER_X509_SIG_RSA_PSS_SHA256, msg, sizeof(msg), sig, 256) == 0,
			    "verify_signed rsa_pss_rsae_sha256");
			CHECK(ember_x509_verify_signed(&rc, EMBER_X509_SIG_RSA_PSS_SHA384, msg, sizeof(msg), sig, 256) ==
			        EMBER_EVERIFY,
			    "verify_signed rsa_pss_rsae_sha384 of a SHA-256 signature");
		}
	}
}

/* ---- names ---- */

EMBER_TEST(x509_host)
{
	static const struct {
		const char *pattern, *host;
		int match;
	} cases[] = {
		{ "*.example.com", "a.example.com", 1 },
		{ "*.example.com", "A.Example.COM", 1 },
		{ "*.example.com", "a.example.com.", 1 },
		{ "*.example.com", "example.com", 0 },
		{ "*.example.com", "a.b.example.com", 0 },
		{ "*.example.com", ".example.com", 0 },
		{ "*.example.com", "xn--bcher-kva.example.com", 0 },
		{ "*.example.com", "XN--bcher-kva.example.com", 0 },
		{ "*.example.com", "xn-bcher.example.com", 1 },
		{ "*.example.com", "*.example.com", 0 },
		{ "*.com", "example.com", 0 },
		{ "*", "example", 0 },
		{ "f*.example.com", "foo.example.com", 0 },
		{ "*oo.example.com", "foo.example.com", 0 },
		{ "a.*.example.com", "a.b.example.com", 0 },
		{ "*.*.example.com", "a.b.example.com", 0 },
		{ "*.example..com", "a.example..com", 0 },
		{ "xn--bcher-kva.example.com", "xn--bcher-kva.example.com", 1 },
		{ "ember.test", "ember.test", 1 },
		{ "ember.test", "EMBER.TEST", 1 },
		{ "ember.test", "ember.test2", 0 },
		{ "ember.test", "ember.tes", 0 },
		{ "ember.test", "www.ember.test", 0 },
		{ "ember.test", "", 0 },
		{ "ember.test", ".", 0 },
		{ "ember.test.", "ember.test", 1 },
		{ "ember.test", "ember..test", 0 },
		{ "ember.test", "ember.test..", 0 },
	};
	static der ca, leaf;
	ember_x509_cert cc, lc;
	ember_pkey *k = key(K_P256, 0);
	size_t i;

	if (!CHECK(k != NULL && issue(&ca, "Names CA", NULL, k, k, 1, NULL) == 0 && ember_x509_parse(&cc, ca.b, ca.n) == 0,
	        "names CA"))
		return;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (!CHECK(issue(&leaf, "names", &cc, k, k, 0, cases[i].pattern) == 0 &&
		                ember_x509_parse(&lc, leaf.b, leaf.n) == 0,
		        "leaf for %s", cases[i].pattern))
			continue;
		CHECK((ember_x509_check_host(&lc, cases[i].host) == 0) == cases[i].match, "'%s' against '%s': want %s",
		    cases[i].pattern, cases[i].host, cases[i].match ? "a match" : "no match");
		if (i == 0)
			EXPECT(verify1(&leaf, &ca, "a.b.example.com"), EMBER_X509_HOST_MISMATCH, "host mismatch in a chain");
	}
	/* no subjectAltName at all: nothing matches, not even the CN */
	if (CHECK(issue(&leaf, "ember.test", &cc, k, k, 0, NULL) == 0 && ember_x509_parse(&lc, leaf.b, leaf.n) == 0,
	        "leaf without SAN"))
		CHECK(lc.san == NULL && ember_x509_check_host(&lc, "ember.test") == EMBER_EVERIFY, "CN used as a name");
	CHECK(ember_x509_check_host(&lc, NULL) == EMBER_EINVAL, "NULL host");
	CHECK(strcmp(ember_x509_reason_name(EMBER_X509_HOST_MISMATCH), "host name mismatch") == 0 &&
	        strcmp(ember_x509_reason_name(99), "unknown reason") == 0,
	    "reason names");
}

/* ---- encodings ---- */

/* Every truncation and every one-byte change of |d|: refused, never accepted, never a crash. */
static void mangle(const char *what, const der *d, const der *anchor, int all_flips)
{
	static der m;
	ember_x509_cert c;
	size_t i, bad_trunc = 0, accepted = 0, step;
	int r;

	for (i = 0; i < d->n; i++) {
		memcpy(m.b, d->b, i); /* a copy of exactly i bytes: ASan sees any read past it */
		if (ember_x509_parse(&c, m.b, i) != EMBER_EDECODE)
			bad_trunc++;
	}
	CHECK(bad_trunc == 0, "%s: %u truncations parsed", what, (unsigned)bad_trunc);
	step = all_flips ? 1 : 7;
	for (i = 0; i < d->n; i += step) {
		m = *d;
		m.b[i] ^= (uint8_t)(1u << (i % 8));
		r = verify1(&m, anchor, NULL);
		if (r == EMBER_X509_OK) {
			accepted++;
			t_note("  %s: byte %u changed, still accepted", what, (unsigned)i);
		}
		m.b[i] = (uint8_t)(d->b[i] + 0x55);
		if (verify1(&m, anchor, NULL) == EMBER_X509_OK)
			accepted++;
	}
	CHECK(accepted == 0, "%s: %u changed certificates accepted", what, (unsigned)accepted);
	/* trailing data, and the certificate inside a longer buffer */
	m = *d;
	m.b[m.n++] = 0;
	CHECK(ember_x509_parse(&c, m.b, m.n) == EMBER_EDECODE, "%s: trailing byte accepted", what);
}

EMBER_TEST(x509_encoding)
{
	static der ca, leaf, odd;
	ember_x509_cert cc, lc;
	ember_pkey *k = key(K_P256, 0), *ek = key(K_ED25519, 0);
	ember_x509_issue_params p;
	uint8_t *q;

	if (!CHECK(k != NULL && ek != NULL && issue(&ca, "Encoding CA", NULL, k, k, 1, NULL) == 0 &&
	            ember_x509_parse(&cc, ca.b, ca.n) == 0 && issue(&leaf, "ember.test", &cc, ek, k, 0, "ember.test") == 0 &&
	            ember_x509_parse(&lc, leaf.b, leaf.n) == 0,
	        "encoding chain"))
		return;
	EXPECT(verify1(&leaf, &ca, NULL), EMBER_X509_OK, "encoding chain");
	mangle("P-256-signed Ed25519 leaf", &leaf, &ca, !t_quick);
	mangle("P-256 CA", &ca, &ca, 0);
	if (fixtures()) {
		static der l, rca;
		if (load_cert("leaf_rsa.pem", &l) == 0 && load_cert("rsa_ca.pem", &rca) == 0)
			mangle("openssl RSA-signed leaf", &l, &rca, t_quick ? 0 : 1);
		if (load_cert("leaf_pss.pem", &l) == 0)
			mangle("openssl RSA-PSS leaf", &l, &rca, 0);
	}
	/* an unknown signature algorithm (ecdsa-with-SHA256 -> 1.2.840.10045.4.3.9, both places): unsupported */
	odd = leaf;
	for (q = odd.b; (q = find(q, odd.n - (size_t)(q - odd.b), "\x2a\x86\x48\xce\x3d\x04\x03\x02", 8)) != NULL; q += 8)
		q[7] = 9;
	if (CHECK(ember_x509_parse(&lc, odd.b, odd.n) == 0 && lc.sig_alg == EMBER_X509_SIG_UNKNOWN, "unknown algorithm parse"))
		EXPECT(verify1(&odd, &ca, NULL), EMBER_X509_UNSUPPORTED_ALG, "unknown signature algorithm");
	/* the TBS signature field differing from the outer one: malformed */
	odd = leaf;
	q = find(odd.b, odd.n, "\x2a\x86\x48\xce\x3d\x04\x03\x02", 8);
	if (CHECK(q != NULL, "algorithm not found")) {
		q[7] = 3;
		CHECK(ember_x509_parse(&lc, odd.b, odd.n) == EMBER_EDECODE, "differing signature algorithms accepted");
		EXPECT(verify1(&odd, &ca, NULL), EMBER_X509_BAD_ENCODING, "differing signature algorithms");
	}
	/* GeneralizedTime after 2049, UTCTime up to it, both read back to the second */
	memset(&p, 0, sizeof(p));
	p.subject_cn = "time";
	p.subject_key = k;
	p.issuer_key = k;
	p.serial = 0x8000000000000001ull; /* a sign byte needed */
	p.not_before = 2524607999;        /* 2049-12-31 23:59:59 */
	p.not_after = 4102444800;         /* 2100-01-01 00:00:00 */
	if (CHECK(ember_x509_issue(odd.b, sizeof(odd.b), &odd.n, &p) == 0 && ember_x509_parse(&lc, odd.b, odd.n) == 0,
	        "issuing with GeneralizedTime")) {
		CHECK(lc.not_before == 2524607999 && lc.not_after == 4102444800, "times read back: %lld %lld",
		    (long long)lc.not_before, (long long)lc.not_after);
		CHECK(find(odd.b, odd.n, "\x17\x0d" "491231235959Z", 15) != NULL &&
		        find(odd.b, odd.n, "\x18\x0f" "21000101000000Z", 17) != NULL,
		    "UTCTime / GeneralizedTime forms");
		CHECK(lc.serial_len == 9 && lc.serial[0] == 0 && lc.serial[1] == 0x80 && lc.serial[8] == 1, "serial");
	}
	/* arguments */
	p.serial = 0;
	CHECK(ember_x509_issue(odd.b, sizeof(odd.b), &odd.n, &p) == EMBER_EINVAL, "serial 0 issued");
	p.serial = 1;
	CHECK(ember_x509_issue(odd.b, 100, &odd.n, &p) == EMBER_ELEN && odd.n == 0, "a short buffer");
	p.dns_name = "bad name";
	CHECK(ember_x509_issue(odd.b, sizeof(odd.b), &odd.n, &p) == EMBER_EINVAL, "a dNSName with a space issued");
	CHECK(ember_x509_parse(&lc, NULL, 0) == EMBER_EINVAL && ember_x509_parse(&lc, leaf.b, 0) == EMBER_EDECODE,
	    "empty input");
	{
		const uint8_t *c1[1] = { leaf.b };
		size_t l1[1] = { leaf.n };
		ember_x509_verify_params vp;
		int reason = -1;
		memset(&vp, 0, sizeof(vp));
		vp.now = now();
		CHECK(ember_x509_verify_chain(c1, l1, 0, &vp, NULL, &reason) == EMBER_EINVAL, "n = 0");
		CHECK(ember_x509_verify_chain(c1, l1, 1, &vp, NULL, &reason) == EMBER_EVERIFY &&
		        reason == EMBER_X509_UNKNOWN_ISSUER,
		    "no anchors: reason %d", reason);
	}
}
