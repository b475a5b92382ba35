/*
 * t_dsa.c - DSA known answers and properties:
 *   RFC 6979 appendix A.2 (tests/vectors/dsa_rfc6979.txt): k, r and s exact;
 *   NIST CAVP SigGen (given K: exact r, s) and SigVer (accept / reject);
 *   parameter and key generation, sign/verify round trips, bit flips.
 * Cases whose digest is not in this build are skipped (counted per file).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ember/dsa.h"
#include "test.h"

/* "SHA-256" -> "sha256" -> descriptor (NULL when not built). */
static const ember_hash_desc *find_hash(const char *name)
{
	char buf[32];
	size_t i, j = 0;

	for (i = 0; name[i] && j + 1 < sizeof(buf); i++)
		if (name[i] != '-')
			buf[j++] = (char)tolower((unsigned char)name[i]);
	buf[j] = 0;
	return ember_hash_find(buf, NULL);
}

static int get_hex(const t_vec *v, const char *key, uint8_t **p, size_t *len)
{
	return t_vec_bytes(v, key, p, len);
}

EMBER_TEST(dsa_rfc6979)
{
	t_vec v;
	ember_dsa_key *keys = calloc(2, sizeof(*keys));
	char names[2][32] = { "", "" };
	int nkeys = 0;
	unsigned run = 0, skipped = 0;

	if (!CHECK(t_vec_open(&v, t_path(t_vec_dir, "dsa_rfc6979.txt")) == 0, "cannot open dsa_rfc6979.txt")) {
		free(keys);
		return;
	}
	while (t_vec_next(&v)) {
		const char *kname = t_vec_get(&v, "DSAKey");
		const char *sname = t_vec_get(&v, "DSASig");
		if (kname != NULL && nkeys < 2) {
			uint8_t *p, *q, *g, *x, *y;
			size_t pl, ql, gl, xl, yl;
			get_hex(&v, "P", &p, &pl);
			get_hex(&v, "Q", &q, &ql);
			get_hex(&v, "G", &g, &gl);
			get_hex(&v, "X", &x, &xl);
			get_hex(&v, "Y", &y, &yl);
			CHECK(ember_dsa_key_init(&keys[nkeys], p, pl, q, ql, g, gl, y, yl, x, xl) == 0,
			    "%s: key rejected", kname);
			/* y computed from x must be the stated y */
			{
				ember_dsa_key k2;
				CHECK(ember_dsa_key_init(&k2, p, pl, q, ql, g, gl, NULL, 0, x, xl) == 0 &&
				          memcmp(k2.y, keys[nkeys].y, sizeof(k2.y)) == 0,
				    "%s: g^x != y", kname);
			}
			snprintf(names[nkeys], sizeof(names[0]), "%s", kname);
			nkeys++;
			free(p), free(q), free(g), free(x), free(y);
		} else if (sname != NULL) {
			const ember_hash_desc *hd = ember_hash_find(t_vec_get(&v, "SigHash"), NULL);
			uint8_t *msg, *kk, *r, *s, md[EMBER_MAX_DIGEST_LEN], sig[EMBER_DSA_MAX_SIG_LEN], kout[64];
			size_t ml, kl, rl, sl;
			int i = strcmp(sname, names[0]) == 0 ? 0 : 1;
			const ember_dsa_key *k = &keys[i];

			if (hd == NULL) {
				skipped++;
				continue;
			}
			get_hex(&v, "Msg", &msg, &ml);
			get_hex(&v, "K", &kk, &kl);
			get_hex(&v, "R", &r, &rl);
			get_hex(&v, "S", &s, &sl);
			ember_hash(hd, md, msg, ml);
			CHECK(ember_dsa_rfc6979_k(k, hd, md, hd->digest_len, kout) == 0 && kl == k->qlen &&
			          memcmp(kout, kk, kl) == 0,
			    "%s:%u: k differs: %s", v.path, v.line, t_tohex(kout, k->qlen));
			CHECK(ember_dsa_sign(k, hd, md, hd->digest_len, sig, 2 * k->qlen) == 0 &&
			          memcmp(sig, r, rl) == 0 && memcmp(sig + k->qlen, s, sl) == 0,
			    "%s:%u: signature differs: %s", v.path, v.line, t_tohex(sig, 2 * k->qlen));
			CHECK(ember_dsa_verify(k, md, hd->digest_len, sig, 2 * k->qlen) == 0, "%s:%u: verify",
			    v.path, v.line);
			sig[5] ^= 1;
			CHECK(ember_dsa_verify(k, md, hd->digest_len, sig, 2 * k->qlen) == EMBER_EVERIFY,
			    "%s:%u: flipped r accepted", v.path, v.line);
			run++;
			free(msg), free(kk), free(r), free(s);
		}
	}
	t_vec_close(&v);
	t_note("dsa_rfc6979.txt: %u signatures reproduced, %u skipped (digest not in this build)", run, skipped);
	CHECK(run > 0, "no RFC 6979 signature could be checked");
	ember_dsa_key_clear(&keys[0]);
	ember_dsa_key_clear(&keys[1]);
	free(keys);
}

typedef struct bytes {
	uint8_t *p;
	size_t len;
} bytes;

static void set_hex(bytes *b, const char *hex)
{
	char *even = malloc(strlen(hex) + 2);

	free(b->p);
	b->p = NULL;
	b->len = 0;
	even[0] = '0';
	strcpy(even + 1, hex);
	if (t_hex(strlen(hex) % 2 ? even : hex, &b->p, &b->len) != 0)
		b->p = NULL;
	free(even);
}

/* NIST DSA SigGen (|gen|: K given, r and s exact) or SigVer (Result). */
static void nist_file(const char *name, int gen)
{
	const char *path = t_path(t_shared_dir, name);
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[8192], alg[32] = "SHA-1";
	bytes P = { 0 }, Q = { 0 }, G = { 0 }, X = { 0 }, Y = { 0 }, K = { 0 }, R = { 0 }, S = { 0 }, M = { 0 };
	unsigned run = 0, skipped = 0, lineno = 0;
	ember_dsa_key *key = malloc(sizeof(*key));

	if (f == NULL) {
		t_skip("%s: not found", name);
		free(key);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char *eq, *k, *v, *end;

		lineno++;
		if (line[0] == '[') {
			/* [mod = L=1024, N=160, SHA-1]; 186-2 files have SHA-1 only */
			char *sha = strstr(line, "SHA-");
			if (sha) {
				sha[strcspn(sha, "]\r\n")] = 0;
				snprintf(alg, sizeof(alg), "%s", sha);
			}
			continue;
		}
		if (line[0] == '#' || (eq = strchr(line, '=')) == NULL)
			continue;
		*eq = 0;
		for (k = line; isspace((unsigned char)*k); k++)
			;
		for (end = eq; end > k && isspace((unsigned char)end[-1]); end--)
			end[-1] = 0;
		for (v = eq + 1; isspace((unsigned char)*v); v++)
			;
		for (end = v + strlen(v); end > v && isspace((unsigned char)end[-1]); end--)
			end[-1] = 0;
		if (strcmp(k, "P") == 0)
			set_hex(&P, v);
		else if (strcmp(k, "Q") == 0)
			set_hex(&Q, v);
		else if (strcmp(k, "G") == 0)
			set_hex(&G, v);
		else if (strcmp(k, "X") == 0)
			set_hex(&X, v);
		else if (strcmp(k, "Y") == 0)
			set_hex(&Y, v);
		else if (strcmp(k, "K") == 0)
			set_hex(&K, v);
		else if (strcmp(k, "R") == 0)
			set_hex(&R, v);
		else if (strcmp(k, "S") == 0)
			set_hex(&S, v);
		else if (strcmp(k, "Msg") == 0)
			set_hex(&M, v);
		if (strcmp(k, gen ? "S" : "Result") != 0)
			continue;
		{
			const ember_hash_desc *hd = find_hash(alg);
			uint8_t md[EMBER_MAX_DIGEST_LEN], sig[EMBER_DSA_MAX_SIG_LEN], want[EMBER_DSA_MAX_SIG_LEN];
			int r;

			if (hd == NULL) {
				skipped++;
				continue;
			}
			r = ember_dsa_key_init(key, P.p, P.len, Q.p, Q.len, G.p, G.len, Y.p, Y.len, X.p, X.len);
			if (!gen && r != 0) {
				CHECK(v[0] == 'F', "%s:%u: key refused (%d) but Result = %s", name, lineno, r, v);
				run++;
				continue;
			}
			if (!CHECK(r == 0, "%s:%u: key rejected (%d)", name, lineno, r))
				continue;
			ember_hash(hd, md, M.p, M.len);
			memset(want, 0, sizeof(want));
			if (R.len > key->qlen || S.len > key->qlen) {
				CHECK(!gen && v[0] == 'F', "%s:%u: r or s too long", name, lineno);
				run++;
				continue;
			}
			memcpy(want + key->qlen - R.len, R.p, R.len);
			memcpy(want + 2 * key->qlen - S.len, S.p, S.len);
			if (gen) {
				r = ember_dsa_sign_k(key, K.p, K.len, md, hd->digest_len, sig, 2 * key->qlen);
				CHECK(r == 0 && memcmp(sig, want, 2 * key->qlen) == 0, "%s:%u: %s signature differs",
				    name, lineno, alg);
				CHECK(ember_dsa_verify(key, md, hd->digest_len, want, 2 * key->qlen) == 0,
				    "%s:%u: not verified", name, lineno);
			} else {
				r = ember_dsa_verify(key, md, hd->digest_len, want, 2 * key->qlen);
				CHECK((r == 0) == (v[0] == 'P'), "%s:%u: %s verify gave %d, want %s", name, lineno, alg,
				    r, v);
			}
			run++;
		}
	}
	fclose(f);
	t_note("%s: %u cases run, %u skipped (digest not in this build)", name, run, skipped);
	CHECK(run + skipped > 0, "%s: no vectors read", name);
	if (run == 0 && skipped > 0)
		t_skip("%s: every digest missing from this build", name);
	ember_dsa_key_clear(key);
	free(key);
	free(P.p), free(Q.p), free(G.p), free(X.p), free(Y.p), free(K.p), free(R.p), free(S.p), free(M.p);
}

EMBER_TEST(dsa_nist)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "nist/dsa"))) {
		t_skip("NIST DSA vectors: ../shared/vectors/nist/dsa not found");
		return;
	}
	nist_file("nist/dsa/186-3/SigGen.txt", 1);
	nist_file("nist/dsa/186-3/SigVer.rsp", 0);
	nist_file("nist/dsa/186-2/SigGen.txt", 1);
	nist_file("nist/dsa/186-2/SigVer.rsp", 0);
}

/* Parameters, key, sign, verify; bit flips and bad lengths rejected. */
EMBER_TEST(dsa_roundtrip)
{
	ember_dsa_key *k = malloc(sizeof(*k));
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	uint8_t md[32], sig[EMBER_DSA_MAX_SIG_LEN], sig2[EMBER_DSA_MAX_SIG_LEN];
	size_t i;
	int r;

	r = ember_dsa_generate_params(k, 512, 160);
	if (!CHECK(r == 0, "generate_params 512/160: %d", r)) {
		free(k);
		return;
	}
	CHECK(k->mp.bits == 512 && k->mq.bits == 160, "sizes %u/%u", k->mp.bits, k->mq.bits);
	CHECK(ember_prime_test(k->mp.m, k->mp.n, 0) == 1 && ember_prime_test(k->mq.m, k->mq.n, 0) == 1,
	    "p or q not prime");
	CHECK(ember_dsa_generate_key(k) == 0, "generate_key");
	for (i = 0; i < 4; i++) {
		t_rand_bytes(md, sizeof(md));
		CHECK(ember_dsa_sign(k, hd, md, 32, sig, 40) == 0, "sign");
		CHECK(ember_dsa_sign(k, hd, md, 32, sig2, 40) == 0 && memcmp(sig, sig2, 40) == 0,
		    "RFC 6979 signature not reproducible");
		CHECK(ember_dsa_verify(k, md, 32, sig, 40) == 0, "verify");
		CHECK(ember_dsa_verify(k, md, 32, sig, 39) == EMBER_EVERIFY, "short signature accepted");
		sig[t_rand_below(40)] ^= (uint8_t)(1 << t_rand_below(8));
		CHECK(ember_dsa_verify(k, md, 32, sig, 40) == EMBER_EVERIFY, "flipped bit accepted");
	}
	/* r = 0 and s = q are out of range */
	memset(sig, 0, 40);
	CHECK(ember_dsa_verify(k, md, 32, sig, 40) == EMBER_EVERIFY, "r = s = 0 accepted");
	ember_dsa_key_clear(k);
	free(k);
}
