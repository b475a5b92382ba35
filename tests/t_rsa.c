/*
 * t_rsa.c - RSA known answers and properties:
 *   NIST CAVP SigGen15 / SigGenPSS (186-2 and 186-3: exact signatures),
 *   SigVer15 / SigVerPSS (accept / reject), RSA Laboratories' PKCS#1
 *   v1.5 and PSS vectors (CRT keys), key generation -> sign -> verify
 *   round trips with bit flips, and malformed-signature rejection.
 * Cases whose digest is not in this build are skipped (counted per file).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ember/rsa.h"
#include "test.h"

/* "SHA256", "SHA-256", "sha256" -> the registered descriptor, or NULL. */
static const ember_hash_desc *find_hash(const char *name)
{
	char buf[32];
	size_t i, j = 0;

	for (i = 0; name[i] && j + 1 < sizeof(buf); i++) {
		if (name[i] == '-' && !(i >= 6 && isdigit((unsigned char)name[i + 1]) && j >= 6))
			continue;
		buf[j++] = (char)tolower((unsigned char)name[i]);
	}
	buf[j] = 0;
	return ember_hash_find(buf, NULL);
}

typedef struct bytes {
	uint8_t *p;
	size_t len;
} bytes;

static void set_hex(bytes *b, const char *hex)
{
	free(b->p);
	b->p = NULL;
	b->len = 0;
	/* NIST writes some integers with an odd number of digits ("e = 9ffbd") */
	if (strlen(hex) % 2) {
		char *even = malloc(strlen(hex) + 2);
		even[0] = '0';
		strcpy(even + 1, hex);
		if (t_hex(even, &b->p, &b->len) != 0)
			b->p = NULL;
		free(even);
		return;
	}
	if (t_hex(hex, &b->p, &b->len) != 0)
		b->p = NULL;
}

typedef struct counts {
	unsigned ok, skipped;
} counts;

/* One NIST RSA file: SigGen (exact S) when |gen|, else SigVer (Result). */
static void nist_file(const char *name, int gen, int pss)
{
	const char *path = t_path(t_shared_dir, name);
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[8192];
	bytes n = { 0 }, e = { 0 }, d = { 0 }, msg = { 0 }, s = { 0 }, salt = { 0 };
	char alg[32] = "";
	counts c = { 0, 0 };
	unsigned lineno = 0;
	ember_rsa_private_key *key = malloc(sizeof(*key));
	ember_rsa_public_key pub;
	int key_ok = 0, key_dirty = 1, have_s = 0;

	if (f == NULL) {
		t_skip("%s: not found", name);
		free(key);
		return;
	}
	for (;;) {
		char *eq, *k, *v, *end;
		int eof = fgets(line, sizeof(line), f) == NULL;

		lineno++;
		if (eof || line[strspn(line, " \t\r\n")] == 0) {
			/* end of a stanza: a SigGen case is complete when it had an S */
			if (gen && have_s) {
				have_s = 0;
				k = "S";
				v = "";
				goto run;
			}
			if (eof)
				break;
			continue;
		}
		if (line[0] == '#' || line[0] == '[' || (eq = strchr(line, '=')) == NULL)
			continue;
		*eq = 0;
		k = line;
		v = eq + 1;
		while (isspace((unsigned char)*k))
			k++;
		for (end = eq; end > k && isspace((unsigned char)end[-1]); end--)
			end[-1] = 0;
		while (isspace((unsigned char)*v))
			v++;
		for (end = v + strlen(v); end > v && isspace((unsigned char)end[-1]); end--)
			end[-1] = 0;
		if (strcmp(k, "n") == 0) {
			set_hex(&n, v);
			key_dirty = 1;
		} else if (strcmp(k, "e") == 0) {
			set_hex(&e, v);
			key_dirty = 1;
		} else if (strcmp(k, "d") == 0) {
			set_hex(&d, v);
			key_dirty = 1;
		} else if (strcmp(k, "SHAAlg") == 0) {
			snprintf(alg, sizeof(alg), "%s", v);
		} else if (strcmp(k, "Msg") == 0) {
			set_hex(&msg, v);
		} else if (strcmp(k, "SaltVal") == 0) {
			set_hex(&salt, strcmp(v, "00") == 0 ? "" : v);
		} else if (strcmp(k, "S") == 0) {
			set_hex(&s, v);
			have_s = 1;
		}
		/* SigVer: a case is complete at Result */
		if (gen || strcmp(k, "Result") != 0)
			continue;
run:
		{
			const ember_hash_desc *hd = find_hash(alg);
			uint8_t md[EMBER_MAX_DIGEST_LEN], sig[EMBER_RSA_MAX_LEN];
			int r;

			if (hd == NULL) {
				c.skipped++;
				continue;
			}
			if (key_dirty) {
				if (gen) {
					ember_rsa_components comp;
					memset(&comp, 0, sizeof(comp));
					comp.n = n.p;
					comp.n_len = n.len;
					comp.e = e.p;
					comp.e_len = e.len;
					comp.d = d.p;
					comp.d_len = d.len;
					key_ok = ember_rsa_private_init(key, &comp) == 0;
					ember_rsa_public_from_private(&pub, key);
				} else {
					key_ok = ember_rsa_public_init(&pub, n.p, n.len, e.p, e.len) == 0;
				}
				key_dirty = 0;
				if (gen && !CHECK(key_ok, "%s:%u: key rejected", name, lineno))
					continue;
			}
			if (!key_ok) {
				/* SigVer: a key we refuse (even e ...) must be a failing case */
				CHECK(v[0] == 'F', "%s:%u: key refused but Result = %s", name, lineno, v);
				c.ok++;
				continue;
			}
			ember_hash(hd, md, msg.p, msg.len);
			if (gen) {
				if (pss)
					r = ember_rsa_pss_sign(key, hd, NULL, salt.p ? salt.p : (const uint8_t *)"",
					    salt.len, md, hd->digest_len, sig, pub.len);
				else
					r = ember_rsa_pkcs1_sign(key, hd, md, hd->digest_len, sig, pub.len);
				CHECK(r == 0 && s.len == pub.len && memcmp(sig, s.p, s.len) == 0,
				    "%s:%u: %s signature differs (ret %d)", name, lineno, alg, r);
				r = pss ? ember_rsa_pss_verify(&pub, hd, NULL, salt.len, md, hd->digest_len, s.p, s.len)
				        : ember_rsa_pkcs1_verify(&pub, hd, md, hd->digest_len, s.p, s.len);
				CHECK(r == 0, "%s:%u: own signature not verified", name, lineno);
			} else {
				int want = v[0] == 'P';
				r = pss ? ember_rsa_pss_verify(&pub, hd, NULL, salt.len, md, hd->digest_len, s.p, s.len)
				        : ember_rsa_pkcs1_verify(&pub, hd, md, hd->digest_len, s.p, s.len);
				CHECK((r == 0) == want, "%s:%u: %s verify gave %d, want %s", name, lineno, alg, r, v);
			}
			c.ok++;
		}
	}
	fclose(f);
	t_note("%s: %u cases run, %u skipped (digest not in this build)", name, c.ok, c.skipped);
	CHECK(c.ok + c.skipped > 0, "%s: no vectors read", name);
	if (c.ok == 0 && c.skipped > 0)
		t_skip("%s: every digest missing from this build", name);
	ember_rsa_private_clear(key);
	free(key);
	free(n.p);
	free(e.p);
	free(d.p);
	free(msg.p);
	free(s.p);
	free(salt.p);
}

EMBER_TEST(rsa_nist)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "nist/rsa"))) {
		t_skip("NIST RSA vectors: ../shared/vectors/nist/rsa not found");
		return;
	}
	nist_file("nist/rsa/186-3/SigGen15_186-3.txt", 1, 0);
	nist_file("nist/rsa/186-3/SigGenPSS_186-3.txt", 1, 1);
	nist_file("nist/rsa/186-3/SigVer15_186-3.rsp", 0, 0);
	nist_file("nist/rsa/186-3/SigVerPSS_186-3.rsp", 0, 1);
	if (t_phase == 1 || t_full) {
		nist_file("nist/rsa/186-2/SigGen15_186-2.txt", 1, 0);
		nist_file("nist/rsa/186-2/SigGenPSS_186-2.txt", 1, 1);
	}
}

/*
 * RSA Laboratories' vectors (pkcs1v15sign-vectors.txt, pss-vect.txt): keys
 * with their CRT parameters, SHA-1. Sections start with "# Label:" lines
 * followed by hex octets.
 */
static void rsalabs_file(const char *name, int pss)
{
	const char *path = t_path(t_shared_dir, name);
	FILE *f = path ? fopen(path, "r") : NULL;
	char line[1024];
	const ember_hash_desc *hd = ember_hash_find("sha1", NULL);
	enum { F_NONE, F_N, F_E, F_D, F_P, F_Q, F_DP, F_DQ, F_QINV, F_MSG, F_SALT, F_SIG, F_COUNT };
	uint8_t *val[F_COUNT];
	size_t len[F_COUNT], cap = 4096;
	int field = F_NONE, in_private = 0, i;
	unsigned cases = 0;
	ember_rsa_private_key *key = malloc(sizeof(*key));
	ember_rsa_public_key pub;
	int key_ok = 0;

	if (f == NULL) {
		t_skip("%s: not found", name);
		free(key);
		return;
	}
	if (hd == NULL) {
		t_skip("%s: sha1 not in this build", name);
		fclose(f);
		free(key);
		return;
	}
	for (i = 0; i < F_COUNT; i++) {
		val[i] = malloc(cap);
		len[i] = 0;
	}
	for (;;) {
		int eof = fgets(line, sizeof(line), f) == NULL;
		if (eof || line[0] == '#') {
			/* a field just ended: act on it */
			if (field == F_SIG) {
				uint8_t md[EMBER_MAX_DIGEST_LEN], sig[EMBER_RSA_MAX_LEN];
				int r;
				if (!key_ok) {
					ember_rsa_components c;
					memset(&c, 0, sizeof(c));
					c.n = val[F_N], c.n_len = len[F_N], c.e = val[F_E], c.e_len = len[F_E];
					c.d = val[F_D], c.d_len = len[F_D], c.p = val[F_P], c.p_len = len[F_P];
					c.q = val[F_Q], c.q_len = len[F_Q], c.dp = val[F_DP], c.dp_len = len[F_DP];
					c.dq = val[F_DQ], c.dq_len = len[F_DQ], c.qinv = val[F_QINV], c.qinv_len = len[F_QINV];
					key_ok = ember_rsa_private_init(key, &c) == 0;
					CHECK(key_ok, "%s: key %zu bytes rejected", name, len[F_N]);
					ember_rsa_public_from_private(&pub, key);
				}
				if (key_ok) {
					ember_hash(hd, md, val[F_MSG], len[F_MSG]);
					r = pss ? ember_rsa_pss_sign(key, hd, NULL, val[F_SALT], len[F_SALT], md, 20, sig, pub.len)
					        : ember_rsa_pkcs1_sign(key, hd, md, 20, sig, pub.len);
					CHECK(r == 0 && len[F_SIG] == pub.len && memcmp(sig, val[F_SIG], pub.len) == 0,
					    "%s: case %u signature differs", name, cases + 1);
					r = pss ? ember_rsa_pss_verify(&pub, hd, NULL, len[F_SALT], md, 20, val[F_SIG], len[F_SIG])
					        : ember_rsa_pkcs1_verify(&pub, hd, md, 20, val[F_SIG], len[F_SIG]);
					CHECK(r == 0, "%s: case %u not verified", name, cases + 1);
					cases++;
				}
			}
			if (eof)
				break;
			field = F_NONE;
			if (strstr(line, "Private key"))
				in_private = 1;
			else if (strstr(line, "Public key"))
				in_private = 0, key_ok = 0;
			else if (strstr(line, "# Modulus:"))
				field = F_N;
			else if (strstr(line, "# Public exponent:"))
				field = F_E;
			else if (strstr(line, "# Exponent:"))
				field = in_private ? F_D : F_E;
			else if (strstr(line, "# Prime 1:"))
				field = F_P;
			else if (strstr(line, "# Prime 2:"))
				field = F_Q;
			else if (strstr(line, "# Prime exponent 1:"))
				field = F_DP;
			else if (strstr(line, "# Prime exponent 2:"))
				field = F_DQ;
			else if (strstr(line, "# Coefficient:"))
				field = F_QINV;
			else if (strstr(line, "# Message to be signed:"))
				field = F_MSG;
			else if (strstr(line, "# Salt:"))
				field = F_SALT;
			else if (strstr(line, "# Signature:"))
				field = F_SIG;
			if (field != F_NONE)
				len[field] = 0;
			continue;
		}
		if (field == F_NONE)
			continue;
		{
			char *p = line;
			while (*p) {
				unsigned x;
				if (isxdigit((unsigned char)p[0]) && isxdigit((unsigned char)p[1]) &&
				    sscanf(p, "%2x", &x) == 1) {
					if (len[field] < cap)
						val[field][len[field]++] = (uint8_t)x;
					p += 2;
				} else {
					p++;
				}
			}
		}
	}
	fclose(f);
	t_note("%s: %u signatures reproduced", name, cases);
	CHECK(cases > 0, "%s: no vectors read", name);
	for (i = 0; i < F_COUNT; i++)
		free(val[i]);
	ember_rsa_private_clear(key);
	free(key);
}

EMBER_TEST(rsa_rsalabs)
{
	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "pyca-cryptography/asymmetric/RSA"))) {
		t_skip("RSA Laboratories vectors: not found under ../shared/vectors");
		return;
	}
	rsalabs_file("pyca-cryptography/asymmetric/RSA/pkcs1v15sign-vectors.txt", 0);
	rsalabs_file("pyca-cryptography/asymmetric/RSA/pkcs-1v2-1d2-vec/pss-vect.txt", 1);
}

/* Generate, sign, verify; flipped bits and wrong lengths must be rejected. */
static void roundtrip(unsigned bits)
{
	ember_rsa_private_key *k = malloc(sizeof(*k));
	ember_rsa_public_key pub;
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	uint8_t md[32], sig[EMBER_RSA_MAX_LEN], em[EMBER_RSA_MAX_LEN], back[EMBER_RSA_MAX_LEN];
	int r, i;

	r = ember_rsa_generate(k, bits, 65537);
	if (!CHECK(r == 0, "generate %u: %d", bits, r)) {
		free(k);
		return;
	}
	ember_rsa_public_from_private(&pub, k);
	CHECK(pub.bits == bits && pub.len == (bits + 7) / 8, "generate %u gave %u bits", bits, pub.bits);
	t_rand_bytes(md, sizeof(md));
	CHECK(ember_rsa_pkcs1_sign(k, hd, md, 32, sig, pub.len) == 0, "sign %u", bits);
	CHECK(ember_rsa_pkcs1_verify(&pub, hd, md, 32, sig, pub.len) == 0, "verify %u", bits);
	CHECK(ember_rsa_pkcs1_verify(&pub, hd, md, 32, sig, pub.len - 1) == EMBER_EVERIFY, "short sig");
	for (i = 0; i < 8; i++) {
		size_t bit = t_rand_below(pub.len * 8);
		sig[bit / 8] ^= (uint8_t)(1 << (bit % 8));
		CHECK(ember_rsa_pkcs1_verify(&pub, hd, md, 32, sig, pub.len) == EMBER_EVERIFY,
		    "flipped signature bit %zu accepted", bit);
		sig[bit / 8] ^= (uint8_t)(1 << (bit % 8));
		md[i] ^= 0x80;
		CHECK(ember_rsa_pkcs1_verify(&pub, hd, md, 32, sig, pub.len) == EMBER_EVERIFY,
		    "flipped digest accepted");
		md[i] ^= 0x80;
	}
	/* PSS with a random salt */
	CHECK(ember_rsa_pss_sign(k, hd, NULL, NULL, 20, md, 32, sig, pub.len) == 0, "pss sign %u", bits);
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, 20, md, 32, sig, pub.len) == 0, "pss verify %u", bits);
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, EMBER_RSA_PSS_SALT_AUTO, md, 32, sig, pub.len) == 0,
	    "pss verify auto salt %u", bits);
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, 19, md, 32, sig, pub.len) == EMBER_EVERIFY,
	    "pss wrong salt length accepted");
	CHECK(ember_rsa_pss_sign(k, hd, NULL, NULL, pub.len, md, 32, sig, pub.len) == EMBER_ELEN,
	    "pss salt too long accepted");
	CHECK(ember_rsa_pss_sign(k, hd, NULL, NULL, 20, md, 32, sig, pub.len) == 0, "pss sign %u", bits);
	sig[3] ^= 4;
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, 20, md, 32, sig, pub.len) == EMBER_EVERIFY,
	    "pss flipped bit accepted");
	/* raw: private then public gives the input back; input >= n refused */
	t_rand_bytes(em, pub.len);
	em[0] = 0;
	CHECK(ember_rsa_private_op(k, sig, em, pub.len) == 0, "private op");
	CHECK(ember_rsa_public_op(&pub, back, sig, pub.len) == 0 && memcmp(back, em, pub.len) == 0,
	    "raw round trip %u", bits);
	memset(em, 0xff, pub.len);
	CHECK(ember_rsa_private_op(k, sig, em, pub.len) == EMBER_ERANGE, "input above n accepted");
	/* a signature out of range (>= n, or one byte too short or long) never verifies */
	CHECK(ember_rsa_public_op(&pub, back, em, pub.len) == EMBER_ERANGE, "public op on a value above n");
	CHECK(ember_rsa_pkcs1_verify(&pub, hd, md, 32, em, pub.len) == EMBER_EVERIFY,
	    "signature above n accepted (%u)", bits);
	CHECK(ember_rsa_pss_verify(&pub, hd, NULL, EMBER_RSA_PSS_SALT_AUTO, md, 32, em, pub.len) == EMBER_EVERIFY,
	    "PSS signature above n accepted (%u)", bits);
	CHECK(ember_rsa_pkcs1_verify(&pub, hd, md, 32, em, pub.len - 1) == EMBER_EVERIFY,
	    "short signature accepted (%u)", bits);
	ember_rsa_private_clear(k);
	free(k);
}

EMBER_TEST(rsa_roundtrip)
{
	roundtrip(512);
	roundtrip(1024);
	if (t_phase == 1)
		roundtrip(2048);
	roundtrip(777);
}

/* A fault in a CRT half must be caught by the result check. */
EMBER_TEST(rsa_fault)
{
	ember_rsa_private_key *k = malloc(sizeof(*k));
	uint8_t em[128], sig[128];

	CHECK(ember_rsa_generate(k, 1024, 65537) == 0, "generate");
	memset(em, 0x11, sizeof(em));
	em[0] = 0;
	k->dp[0] ^= 2; /* corrupt the CRT exponent */
	CHECK(ember_rsa_private_op(k, sig, em, sizeof(em)) == EMBER_EINTERNAL, "fault not detected");
	ember_rsa_private_clear(k);
	free(k);
}
