/*
 * tls-insn.c - the driver of scripts/tls-insncount.sh: N TLS 1.3 full
 * handshakes between a server and a client process joined by a
 * socketpair, so that qemu's instruction counter (../shared/tools/
 * qemu-insncount.c, one "insns: N" line per process at its exit) counts
 * each side alone. Built twice from this one file:
 *
 *   against Ember (libember.a):        cc ... tls-insn.c libember.a
 *   against libssl (-DTLS_INSN_OSSL):  cc ... -DTLS_INSN_OSSL tls-insn.c libssl.so.3 libcrypto.so.3
 *
 *   tls-insn DIR GROUP KEY N [-m]
 *     DIR holds ca.pem/ca.der (a P-256 CA), ca.key, and per KEY (ecdsap256,
 *     rsa2048, ed25519; ecdsap384, rsa3072 for the key sizes) KEY.key, leaf-KEY.pem/.der and chain-KEY.pem (leaf,
 *     then CA), made by the build machine's openssl (tls-insncount.sh). For
 *     KEY mldsa65 (Ember only: Debian 12's OpenSSL 3.0 has no ML-DSA) the key
 *     and its leaf are made here, before the fork, signed by ca.key.
 *     GROUP: x25519, p256, x25519mlkem768. Suite TLS_AES_128_GCM_SHA256. The
 *     server sends leaf + CA; the client checks the chain against ca as its
 *     one anchor and the name "ember.test" (SNI sent).
 *     The parent is the server, the child the client; the parent waits for
 *     the child before it exits, so the client's "insns:" line comes first.
 *     Between two handshakes the server sends one byte outside TLS once it
 *     is connected, so the next ClientHello cannot overtake a Finished.
 *     -m (libssl only): count libssl's heap per connection with
 *     CRYPTO_set_mem_functions (the counting wrapper costs instructions:
 *     never with the counter).
 *   tls-insn -p PRIM DIR KEY N      (Ember only) N times one primitive of a
 *     handshake, as the engine calls it (src/tls/tls13_auth.c), for the
 *     breakdown: kx-x25519 (generate + X25519: either side), kx-p256
 *     (generate, public point, ECDH: either side), kx-hybrid-s (encaps),
 *     kx-hybrid-c (keygen + decaps), sign (server CertificateVerify of
 *     KEY), verify (client: SPKI read, digest, verify), chain (client:
 *     ember_x509_verify_chain of leaf + CA, name included); and two parts
 *     of those: spki (the leaf's SPKI read alone), p256-reload
 *     (ember_ecc_key_from_private, as a P-256 client's share finish).
 *   tls-insn -p PRIM DIR KEY N      (libssl) kx-x25519, kx-p256, sign, verify,
 *     chain through libcrypto's EVP and X509 calls.
 *   tls-insn -s                      (Ember only) the per-connection memory.
 *   Built with -DTLS_INSN_BUF=n, Ember's connections get n bytes of buffer
 *   instead of EMBER_TLS13_CONN_BUF (the smallest a device could give).
 *
 * Per handshake = (count(N = 17) - count(N = 1)) / 16 per process: start-up,
 * key loading and the first handshake's one-time costs cancel.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HOST "ember.test"

static const char *dir, *group, *key;
static int nhs, memcount;

static void die(const char *side, const char *what)
{
	fprintf(stderr, "tls-insn %s: %s\n", side, what);
	exit(1);
}

static void write_all(int fd, const void *p, size_t n)
{
	const uint8_t *b = p;

	while (n) {
		ssize_t w = write(fd, b, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			die("io", "write failed");
		b += w;
		n -= (size_t)w;
	}
}

static void read_byte(int fd)
{
	uint8_t b;

	while (read(fd, &b, 1) != 1)
		if (errno != EINTR)
			die("client", "no sync byte from the server");
}

static char *path(const char *fmt, const char *arg)
{
	static char p[4][4096];
	static int i;
	char name[256];

	snprintf(name, sizeof(name), fmt, arg);
	i = (i + 1) & 3;
	snprintf(p[i], sizeof(p[i]), "%s/%s", dir, name);
	return p[i];
}

#ifndef TLS_INSN_OSSL
/* ---------------- Ember ---------------- */
#include "ember/ecc.h"
#include "ember/ed25519.h"
#include "ember/hybrid.h"
#include "ember/keys.h"
#include "ember/mldsa.h"
#include "ember/rsa.h"
#include "ember/tls.h"
#include "ember/x25519.h"
#include "ember/x509.h"

static uint8_t *slurp(const char *p, size_t *len)
{
	FILE *f = fopen(p, "rb");
	uint8_t *b = malloc(1 << 16);
	size_t n;

	if (f == NULL || b == NULL)
		die("setup", p);
	n = fread(b, 1, 1 << 16, f);
	fclose(f);
	*len = n;
	return b;
}

static ember_pkey ca_key, leaf_key;
static uint8_t *ca_der, *leaf_der;
static size_t ca_len, leaf_len;
static const uint8_t *chain[2];
static size_t chain_lens[2];
static ember_x509_verify_params vp;
static const uint8_t *anchors[1];
static size_t anchor_lens[1];

static void load_pki(void)
{
	size_t len;
	uint8_t *pem;

	ca_der = slurp(path("ca.der", NULL), &ca_len);
	pem = slurp(path("ca.key", NULL), &len);
	if (ember_pkey_read(&ca_key, pem, len))
		die("setup", "ca.key does not read");
	if (strcmp(key, "mldsa65") == 0) {
		ember_x509_issue_params p;
		ember_x509_cert issuer;

		leaf_key.type = EMBER_PKEY_MLDSA65;
		leaf_key.has_private = 1;
		leaf_key.u.mldsa.set = EMBER_MLDSA65;
		if (ember_mldsa_keygen(EMBER_MLDSA65, leaf_key.u.mldsa.pk, EMBER_MLDSA65_PK_LEN, leaf_key.u.mldsa.sk,
		        EMBER_MLDSA65_SK_LEN))
			die("setup", "ML-DSA-65 key");
		if (ember_x509_parse(&issuer, ca_der, ca_len))
			die("setup", "ca.der does not parse");
		memset(&p, 0, sizeof(p));
		p.subject_cn = HOST;
		p.issuer = &issuer;
		p.issuer_key = &ca_key;
		p.subject_mldsa_pk = leaf_key.u.mldsa.pk;
		p.subject_mldsa_pk_len = EMBER_MLDSA65_PK_LEN;
		p.subject_mldsa_set = 65;
		p.serial = 65;
		p.not_before = (int64_t)time(NULL) - 3600;
		p.not_after = (int64_t)time(NULL) + 86400 * 30;
		p.dns_name = HOST;
		leaf_der = malloc(16384);
		if (leaf_der == NULL || ember_x509_issue(leaf_der, 16384, &leaf_len, &p))
			die("setup", "ML-DSA-65 leaf");
	} else {
		leaf_der = slurp(path("leaf-%s.der", key), &leaf_len);
		pem = slurp(path("%s.key", key), &len);
		if (ember_pkey_read(&leaf_key, pem, len))
			die("setup", "leaf key does not read");
	}
	chain[0] = leaf_der;
	chain_lens[0] = leaf_len;
	chain[1] = ca_der;
	chain_lens[1] = ca_len;
	anchors[0] = ca_der;
	anchor_lens[0] = ca_len;
	vp.anchors = anchors;
	vp.anchor_lens = anchor_lens;
	vp.n_anchors = 1;
	vp.now = (int64_t)time(NULL);
}

static uint16_t group_id(void)
{
	if (strcmp(group, "x25519") == 0)
		return EMBER_TLS_GROUP_X25519;
	if (strcmp(group, "p256") == 0)
		return EMBER_TLS_GROUP_SECP256R1;
	if (strcmp(group, "x25519mlkem768") == 0)
		return EMBER_TLS_GROUP_X25519MLKEM768;
	die("setup", "unknown group");
	return 0;
}

/* -DTLS_INSN_BUF=n: a smaller connection buffer (at least EMBER_TLS_MAX_RECORD + EMBER_TLS13_MIN_HS_BUF) */
#ifndef TLS_INSN_BUF
#define TLS_INSN_BUF EMBER_TLS13_CONN_BUF
#endif
static uint8_t connbuf[TLS_INSN_BUF];
static uint8_t inbuf[2 * EMBER_TLS_MAX_RECORD], outbuf[EMBER_TLS_MAX_RECORD];

static void handshake(int fd, int server, const ember_tls13_config *cfg)
{
	const char *side = server ? "server" : "client";
	ember_tls13_conn c;
	size_t in_len = 0;
	int r;

	r = server ? ember_tls13_server_init(&c, cfg, connbuf, sizeof(connbuf))
	           : ember_tls13_client_init(&c, cfg, connbuf, sizeof(connbuf));
	if (r)
		die(side, "init failed");
	for (;;) {
		size_t n = 0, used = 0;
		ssize_t got;

		do {
			if (ember_tls13_output(&c, outbuf, sizeof(outbuf), &n))
				die(side, "output failed");
			if (n)
				write_all(fd, outbuf, n);
		} while (n);
		r = ember_tls13_state(&c);
		if (r == EMBER_TLS13_CONNECTED)
			break;
		if (r != EMBER_TLS13_HANDSHAKE) {
			int from_peer = 0, a = ember_tls13_alert(&c, &from_peer);

			fprintf(stderr, "tls-insn %s: handshake failed, alert %s%s\n", side, ember_tls_alert_name(a),
			    from_peer ? " (received)" : "");
			exit(1);
		}
		if (in_len) {
			ember_tls13_input(&c, inbuf, in_len, &used);
			memmove(inbuf, inbuf + used, in_len - used);
			in_len -= used;
			if (used)
				continue;
		}
		if (in_len == sizeof(inbuf))
			die(side, "input stuck");
		got = read(fd, inbuf + in_len, sizeof(inbuf) - in_len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			die(side, "peer closed");
		in_len += (size_t)got;
	}
	if (in_len)
		die(side, "bytes left after the handshake");
	if (ember_tls13_conn_group(&c) != group_id())
		die(side, "another group was negotiated");
	ember_tls13_conn_clear(&c);
}

static void run_side(int fd, int server)
{
	static const uint16_t suite = EMBER_TLS13_AES_128_GCM_SHA256;
	static uint16_t groups[1];
	ember_tls13_config cfg;
	int i;

	groups[0] = group_id();
	memset(&cfg, 0, sizeof(cfg));
	cfg.suites = &suite;
	cfg.n_suites = 1;
	cfg.groups = groups;
	cfg.n_groups = 1;
	if (server) {
		cfg.chain = chain;
		cfg.chain_lens = chain_lens;
		cfg.n_chain = 2;
		cfg.key = &leaf_key;
	} else {
		cfg.server_name = HOST;
		cfg.verify = &vp;
	}
	for (i = 0; i < nhs; i++) {
		handshake(fd, server, &cfg);
		if (server)
			write_all(fd, "A", 1);
		else
			read_byte(fd);
	}
}

/* ---- one primitive, N times (the breakdown) ---- */

static void prim(const char *what)
{
	static uint8_t share[EMBER_X25519MLKEM768_CLIENT_SHARE_LEN], sshare[EMBER_X25519MLKEM768_SERVER_SHARE_LEN];
	static uint8_t priv[EMBER_X25519MLKEM768_PRIV_LEN], ss[64], msg[130], sig[8192], peer[65], dg[48];
	const ember_hash_desc *sha256 = ember_hash_find("sha256", NULL);
	const ember_hash_desc *ec_hash = ember_hash_find(leaf_key.type == EMBER_PKEY_EC && leaf_key.u.ec.curve == EMBER_ECC_P384
	        ? "sha384" : "sha256", NULL);
	ember_x509_cert leaf;
	size_t sig_len = 0, len;
	ember_ecc_key k;
	int i, reason, r = 0;

	memset(msg, 0x20, sizeof(msg));
	/* the peer's shares and a signature, made once */
	ember_x25519_generate(priv, peer);
	ember_x25519mlkem768_keygen(share, priv);
	ember_x25519mlkem768_encaps(sshare, ss, share, sizeof(share));
	ember_ecc_generate_key(&k, EMBER_ECC_P256);
	ember_ecc_key_public(&k, 0, peer, sizeof(peer), &len);
	vp.host = HOST;
	if (ember_x509_parse(&leaf, leaf_der, leaf_len))
		die("prim", "leaf does not parse");
	for (i = 0; i < nhs && r == 0; i++) {
		if (strcmp(what, "kx-x25519") == 0) {
			uint8_t p[32], pub[32];

			r = ember_x25519_generate(p, pub);
			if (!r)
				r = ember_x25519(ss, p, pub);
		} else if (strcmp(what, "kx-p256") == 0) {
			uint8_t pub[65];
			ember_ecc_key e;

			r = ember_ecc_generate_key(&e, EMBER_ECC_P256);
			if (!r)
				r = ember_ecc_key_public(&e, 0, pub, sizeof(pub), &len);
			if (!r)
				r = ember_ecdh(&e, peer, 65, ss, 32);
			ember_ecc_key_clear(&e);
		} else if (strcmp(what, "kx-hybrid-s") == 0) {
			r = ember_x25519mlkem768_encaps(sshare, ss, share, sizeof(share));
		} else if (strcmp(what, "kx-hybrid-c") == 0) {
			r = ember_x25519mlkem768_keygen(share, priv);
			if (!r)
				r = ember_x25519mlkem768_decaps(ss, priv, sshare, sizeof(sshare));
		} else if (strcmp(what, "sign") == 0 || (strcmp(what, "verify") == 0 && !sig_len)) {
			/* as tls13_sign: the digest, then the key type's signature */
			uint8_t rs[96];

			switch (leaf_key.type) {
			case EMBER_PKEY_EC: /* P-256 with SHA-256, P-384 with SHA-384 */
				ember_hash(ec_hash, dg, msg, sizeof(msg));
				r = ember_ecdsa_sign(&leaf_key.u.ec, ec_hash, dg, ec_hash->digest_len, 0, rs, 2 * leaf_key.u.ec.len);
				if (!r)
					r = ember_ecdsa_sig_to_der(rs, 2 * leaf_key.u.ec.len, sig, sizeof(sig), &sig_len);
				break;
			case EMBER_PKEY_RSA:
				ember_hash(sha256, dg, msg, sizeof(msg));
				sig_len = leaf_key.u.rsa.pub.len;
				r = ember_rsa_pss_sign(&leaf_key.u.rsa, sha256, NULL, NULL, 32, dg, 32, sig, sig_len);
				break;
			case EMBER_PKEY_ED25519:
				sig_len = EMBER_ED25519_SIG_LEN;
				r = ember_ed25519_sign(&leaf_key.u.ed25519, sig, msg, sizeof(msg));
				break;
			default:
				sig_len = EMBER_MLDSA65_SIG_LEN;
				r = ember_mldsa_sign(65, sig, sig_len, leaf_key.u.mldsa.sk, EMBER_MLDSA65_SK_LEN, msg, sizeof(msg),
				    NULL, 0);
				break;
			}
			if (strcmp(what, "verify") == 0)
				i = -1; /* the signature was made, once: now N verifications */
		} else if (strcmp(what, "verify") == 0) {
			/* as tls13_verify: the leaf's SPKI read, the digest, the verification */
			ember_pkey pk;

			r = ember_pkey_read(&pk, leaf.spki, leaf.spki_len);
			if (r)
				break;
			switch (pk.type) {
			case EMBER_PKEY_EC:
				ember_hash(ec_hash, dg, msg, sizeof(msg));
				r = ember_ecdsa_verify_der(&pk.u.ec, dg, ec_hash->digest_len, sig, sig_len);
				break;
			case EMBER_PKEY_RSA:
				ember_hash(sha256, dg, msg, sizeof(msg));
				r = ember_rsa_pss_verify(&pk.u.rsa.pub, sha256, NULL, 32, dg, 32, sig, sig_len);
				break;
			case EMBER_PKEY_ED25519:
				r = ember_ed25519_verify(pk.u.ed25519.pub, msg, sizeof(msg), sig, sig_len);
				break;
			default:
				r = ember_mldsa_verify(65, pk.u.mldsa.pk, EMBER_MLDSA65_PK_LEN, msg, sizeof(msg), NULL, 0, sig,
				    sig_len);
				break;
			}
			ember_pkey_clear(&pk);
		} else if (strcmp(what, "chain") == 0) {
			r = ember_x509_verify_chain(chain, chain_lens, 2, &vp, &leaf, &reason);
		} else if (strcmp(what, "spki") == 0) {
			/* the first step of "verify" alone: the leaf's public key read */
			ember_pkey pk;

			r = ember_pkey_read(&pk, leaf.spki, leaf.spki_len);
			ember_pkey_clear(&pk);
		} else if (strcmp(what, "p256-reload") == 0) {
			/* what a P-256 client's tls13_share_finish does before the ECDH: the key from d (Q recomputed) */
			ember_ecc_key e;

			r = ember_ecc_key_from_private(&e, EMBER_ECC_P256, k.d, k.len);
			ember_ecc_key_clear(&e);
		} else {
			die("prim", "unknown primitive");
		}
	}
	if (r)
		die("prim", "primitive failed");
	printf("%s %s: %d done\n", what, key, nhs);
}

static void sizes(void)
{
	size_t s = sizeof(ember_tls13_conn), b = EMBER_TLS13_CONN_BUF;

	printf("sizeof(ember_tls13_conn) %zu\nEMBER_TLS13_CONN_BUF %zu (EMBER_TLS_MAX_RECORD %d + EMBER_TLS13_HS_BUF %d)\n"
	       "total %zu bytes = %.1f KiB\n",
	    s, b, EMBER_TLS_MAX_RECORD, EMBER_TLS13_HS_BUF, s + b, (double)(s + b) / 1024);
}

#else
/* ---------------- libssl ---------------- */
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

/* -m: libssl's live heap, and its peak since the last reset */
static size_t live, peak;
#define HDR 16

static void *m_malloc(size_t n, const char *f, int l)
{
	size_t *p = malloc(n + HDR);

	(void)f;
	(void)l;
	if (p == NULL)
		return NULL;
	*p = n;
	live += n;
	if (live > peak)
		peak = live;
	return (char *)p + HDR;
}

static void m_free(void *a, const char *f, int l)
{
	(void)f;
	(void)l;
	if (a == NULL)
		return;
	live -= *(size_t *)((char *)a - HDR);
	free((char *)a - HDR);
}

static void *m_realloc(void *a, size_t n, const char *f, int l)
{
	size_t *p, old;

	if (a == NULL)
		return m_malloc(n, f, l);
	old = *(size_t *)((char *)a - HDR);
	p = realloc((char *)a - HDR, n + HDR);
	if (p == NULL)
		return NULL;
	*p = n;
	live = live - old + n;
	if (live > peak)
		peak = live;
	return (char *)p + HDR;
}

static void ossl_die(const char *side, const char *what)
{
	ERR_print_errors_fp(stderr);
	die(side, what);
}

/* ---- one primitive, N times, as libssl 3.0 calls it (the breakdown) ---- */

static X509 *read_cert(const char *p)
{
	FILE *f = fopen(p, "r");
	X509 *x = f ? PEM_read_X509(f, NULL, NULL, NULL) : NULL;

	if (f)
		fclose(f);
	if (x == NULL)
		ossl_die("prim", p);
	return x;
}

/* a key share: generated, encoded, combined with the peer's (as ssl_generate_pkey_group and ssl_derive) */
static int ossl_kx(EVP_PKEY *peer, int x25519)
{
	EVP_PKEY *e = x25519 ? EVP_PKEY_Q_keygen(NULL, NULL, "X25519") : EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	EVP_PKEY_CTX *c = e ? EVP_PKEY_CTX_new_from_pkey(NULL, e, NULL) : NULL;
	unsigned char *enc = NULL, ss[64];
	size_t ss_len = sizeof(ss);
	int ok = c && EVP_PKEY_get1_encoded_public_key(e, &enc) > 0 && EVP_PKEY_derive_init(c) == 1 &&
	    EVP_PKEY_derive_set_peer(c, peer) == 1 && EVP_PKEY_derive(c, ss, &ss_len) == 1;

	OPENSSL_free(enc);
	EVP_PKEY_CTX_free(c);
	EVP_PKEY_free(e);
	return ok;
}

static int ossl_sig(EVP_PKEY *k, int sign, const unsigned char *msg, size_t len, unsigned char *sig, size_t *sig_len)
{
	EVP_MD_CTX *m = EVP_MD_CTX_new();
	EVP_PKEY_CTX *pc = NULL;
	const EVP_MD *md = EVP_PKEY_is_a(k, "ED25519") ? NULL : EVP_PKEY_get_bits(k) == 384 ? EVP_sha384() : EVP_sha256();
	int ok = m && (sign ? EVP_DigestSignInit(m, &pc, md, NULL, k) : EVP_DigestVerifyInit(m, &pc, md, NULL, k)) == 1;

	if (ok && EVP_PKEY_is_a(k, "RSA"))
		ok = EVP_PKEY_CTX_set_rsa_padding(pc, RSA_PKCS1_PSS_PADDING) == 1 &&
		    EVP_PKEY_CTX_set_rsa_pss_saltlen(pc, RSA_PSS_SALTLEN_DIGEST) == 1;
	if (ok)
		ok = sign ? EVP_DigestSign(m, sig, sig_len, msg, len) == 1 : EVP_DigestVerify(m, sig, *sig_len, msg, len) == 1;
	EVP_MD_CTX_free(m);
	return ok;
}

static void prim(const char *what)
{
	unsigned char msg[130], sig[1024], *leaf_der = NULL, *ca_der = NULL;
	size_t sig_len = sizeof(sig);
	X509 *leaf = read_cert(path("leaf-%s.pem", key)), *ca = read_cert(path("ca.pem", NULL));
	int leaf_len = i2d_X509(leaf, &leaf_der), ca_len = i2d_X509(ca, &ca_der);
	FILE *f = fopen(path("%s.key", key), "r");
	EVP_PKEY *k = f ? PEM_read_PrivateKey(f, NULL, NULL, NULL) : NULL;
	EVP_PKEY *px = EVP_PKEY_Q_keygen(NULL, NULL, "X25519"), *pp = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	X509_STORE *store = X509_STORE_new();
	int i, ok = 1;

	if (f)
		fclose(f);
	if (k == NULL || px == NULL || pp == NULL || store == NULL || !X509_STORE_add_cert(store, ca) || leaf_len <= 0 ||
	    ca_len <= 0)
		ossl_die("prim", "setup");
	memset(msg, 0x20, sizeof(msg));
	if (strcmp(what, "verify") == 0 && !ossl_sig(k, 1, msg, sizeof(msg), sig, &sig_len))
		ossl_die("prim", "sign");
	for (i = 0; i < nhs && ok; i++) {
		if (strcmp(what, "kx-x25519") == 0 || strcmp(what, "kx-p256") == 0) {
			ok = ossl_kx(what[3] == 'x' ? px : pp, what[3] == 'x');
		} else if (strcmp(what, "sign") == 0) {
			sig_len = sizeof(sig);
			ok = ossl_sig(k, 1, msg, sizeof(msg), sig, &sig_len);
		} else if (strcmp(what, "verify") == 0) {
			ok = ossl_sig(X509_get0_pubkey(leaf), 0, msg, sizeof(msg), sig, &sig_len);
		} else if (strcmp(what, "chain") == 0) {
			/* as the client: both certificates decoded from the wire, then the path verified with the name */
			const unsigned char *p1 = leaf_der, *p2 = ca_der;
			X509 *l = d2i_X509(NULL, &p1, leaf_len), *c = d2i_X509(NULL, &p2, ca_len);
			STACK_OF(X509) *un = sk_X509_new_null();
			X509_STORE_CTX *sc = X509_STORE_CTX_new();

			ok = l && c && un && sc && sk_X509_push(un, c) && X509_STORE_CTX_init(sc, store, l, un) == 1 &&
			    X509_STORE_CTX_set_default(sc, "ssl_server") == 1 &&
			    X509_VERIFY_PARAM_set1_host(X509_STORE_CTX_get0_param(sc), HOST, 0) == 1 && X509_verify_cert(sc) == 1;
			X509_STORE_CTX_free(sc);
			sk_X509_free(un);
			X509_free(l);
			X509_free(c);
		} else {
			die("prim", "unknown primitive");
		}
	}
	if (!ok)
		ossl_die("prim", "primitive failed");
	printf("%s %s: %d done\n", what, key, nhs);
}

static void run_side(int fd, int server)
{
	const char *side = server ? "server" : "client";
	const char *g = strcmp(group, "x25519") == 0 ? "X25519" : strcmp(group, "p256") == 0 ? "P-256" : NULL;
	SSL_CTX *ctx = SSL_CTX_new(server ? TLS_server_method() : TLS_client_method());
	size_t base = 0, hs_peak = 0, conn_live = 0;
	int i;

	if (g == NULL)
		die(side, "group not in OpenSSL 3.0");
	if (ctx == NULL || !SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION) ||
	    !SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION) ||
	    !SSL_CTX_set_ciphersuites(ctx, "TLS_AES_128_GCM_SHA256") || !SSL_CTX_set1_groups_list(ctx, g))
		ossl_die(side, "context");
	SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
	if (server) {
		/* no NewSessionTicket: Ember's server sends none, and a ticket is not the handshake */
		if (!SSL_CTX_set_num_tickets(ctx, 0) ||
		    SSL_CTX_use_certificate_chain_file(ctx, path("chain-%s.pem", key)) != 1 ||
		    SSL_CTX_use_PrivateKey_file(ctx, path("%s.key", key), SSL_FILETYPE_PEM) != 1)
			ossl_die(side, "certificate or key");
	} else {
		if (SSL_CTX_load_verify_locations(ctx, path("ca.pem", NULL), NULL) != 1)
			ossl_die(side, "ca.pem");
		SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
	}
	for (i = 0; i < nhs; i++) {
		SSL *s;
		int r;

		base = live;
		peak = live;
		s = SSL_new(ctx);
		if (s == NULL || !SSL_set_fd(s, fd))
			ossl_die(side, "SSL_new");
		if (!server && (!SSL_set_tlsext_host_name(s, HOST) || !SSL_set1_host(s, HOST)))
			ossl_die(side, "host name");
		r = server ? SSL_accept(s) : SSL_connect(s);
		if (r != 1)
			ossl_die(side, "handshake failed");
		if (!server && SSL_get_verify_result(s) != X509_V_OK)
			die(side, "chain not verified");
		hs_peak = peak - base;
		conn_live = live - base;
		if (server)
			write_all(fd, "A", 1);
		else
			read_byte(fd);
		SSL_free(s);
	}
	if (memcount)
		printf("mem %s: %zu bytes peak during the handshake, %zu bytes held once connected (last of %d)\n", side,
		    hs_peak, conn_live, nhs);
	SSL_CTX_free(ctx);
}
#endif

int main(int argc, char **argv)
{
	int sv[2], st;
	pid_t pid;

#ifndef TLS_INSN_OSSL
	if (argc == 2 && strcmp(argv[1], "-s") == 0) {
		sizes();
		return 0;
	}
#endif
	if (argc == 6 && strcmp(argv[1], "-p") == 0) {
		dir = argv[3];
		key = argv[4];
		nhs = atoi(argv[5]);
#ifndef TLS_INSN_OSSL
		load_pki();
#endif
		prim(argv[2]);
		return 0;
	}
	if (argc < 5 || argc > 6 || (argc == 6 && strcmp(argv[5], "-m") != 0)) {
		fprintf(stderr, "usage: tls-insn DIR GROUP KEY N [-m]\n");
		return 2;
	}
	dir = argv[1];
	group = argv[2];
	key = argv[3];
	nhs = atoi(argv[4]);
	memcount = argc == 6;
#ifdef TLS_INSN_OSSL
	if (memcount && !CRYPTO_set_mem_functions(m_malloc, m_realloc, m_free))
		die("setup", "CRYPTO_set_mem_functions");
#else
	load_pki();
	if (memcount)
		sizes();
#endif
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		die("setup", "socketpair");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("setup", "fork");
	if (pid == 0) {
		close(sv[0]);
		run_side(sv[1], 0);
		printf("client: %d handshakes\n", nhs);
		return 0;
	}
	close(sv[1]);
	run_side(sv[0], 1);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		die("server", "the client failed");
	printf("server: %d handshakes\n", nhs);
	return 0;
}
