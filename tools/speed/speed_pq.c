/*
 * speed_pq.c - the KEM rows of `ember speed` in the "ember" engine:
 * ML-KEM-512, ML-KEM-768, ML-KEM-1024 and X25519MLKEM768, as openssl 3.5's
 * speed names and times them (apps/speed.c, its KEM loop):
 *   keygen   a fresh key pair from the system's random source each time
 *            (openssl: EVP_PKEY_keygen);
 *   encaps   one encapsulation to the key made before timing, fresh
 *            randomness each time (EVP_PKEY_encapsulate); for
 *            X25519MLKEM768 also the server's ephemeral X25519 key pair and
 *            its shared secret, as openssl's hybrid encapsulation;
 *   decaps   the decapsulation of the ciphertext made before timing
 *            (EVP_PKEY_decapsulate).
 * Like openssl, the secret of that one encapsulation must come back from
 * decapsulation before anything is timed (speed_pq_selftest adds more).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hybrid.h"
#include "ember/mlkem.h"
#include "ember/util.h"
#include "ember/x25519.h"
#include "speed_pq.h"
#include "speed_keys.h"

#define HYBRID 0 /* the set of X25519MLKEM768 in the table below: not an ML-KEM set */

static const struct pq_word {
	const char *word;
	int set;             /* EMBER_MLKEM*, or HYBRID */
	size_t ek_len, dk_len, ct_len, ss_len;
} pq_words[] = {
	{ "ML-KEM-512", EMBER_MLKEM512, EMBER_MLKEM512_EK_LEN, EMBER_MLKEM512_DK_LEN, EMBER_MLKEM512_CT_LEN,
	    EMBER_MLKEM_SS_LEN },
	{ "ML-KEM-768", EMBER_MLKEM768, EMBER_MLKEM768_EK_LEN, EMBER_MLKEM768_DK_LEN, EMBER_MLKEM768_CT_LEN,
	    EMBER_MLKEM_SS_LEN },
	{ "ML-KEM-1024", EMBER_MLKEM1024, EMBER_MLKEM1024_EK_LEN, EMBER_MLKEM1024_DK_LEN, EMBER_MLKEM1024_CT_LEN,
	    EMBER_MLKEM_SS_LEN },
	{ "X25519MLKEM768", HYBRID, EMBER_X25519MLKEM768_CLIENT_SHARE_LEN, EMBER_X25519MLKEM768_PRIV_LEN,
	    EMBER_X25519MLKEM768_SERVER_SHARE_LEN, EMBER_X25519MLKEM768_SS_LEN },
};
#define NWORDS (sizeof(pq_words) / sizeof(pq_words[0]))

/* Room for every row: ML-KEM-1024's keys and ciphertext are the largest. */
#define EK_MAX EMBER_MLKEM_EK_MAX
#define DK_MAX EMBER_MLKEM_DK_MAX
#define CT_MAX EMBER_MLKEM_CT_MAX
typedef char speed_pq_room_check[EMBER_X25519MLKEM768_CLIENT_SHARE_LEN <= EK_MAX &&
        EMBER_X25519MLKEM768_PRIV_LEN <= DK_MAX && EMBER_X25519MLKEM768_SERVER_SHARE_LEN <= CT_MAX ? 1 : -1];

struct speed_pq {
	const struct pq_word *w;
	uint8_t ek[EK_MAX], dk[DK_MAX], ct[CT_MAX], ss[EMBER_X25519MLKEM768_SS_LEN]; /* the timed key and ciphertext */
	uint8_t tek[EK_MAX], tdk[DK_MAX], tct[CT_MAX], tss[EMBER_X25519MLKEM768_SS_LEN]; /* the operations' outputs */
};

static const struct pq_word *find_word(const char *word)
{
	return speed_word_find(pq_words, NWORDS, sizeof(pq_words[0]), word);
}

int speed_pq_known(const char *word)
{
	return find_word(word) != NULL;
}

static int keygen(const struct pq_word *w, uint8_t *ek, uint8_t *dk)
{
	if (w->set == HYBRID)
		return ember_x25519mlkem768_keygen(ek, dk);
	return ember_mlkem_keygen(w->set, ek, w->ek_len, dk, w->dk_len);
}

static int encaps(const struct pq_word *w, uint8_t *ct, uint8_t *ss, const uint8_t *ek)
{
	if (w->set == HYBRID)
		return ember_x25519mlkem768_encaps(ct, ss, ek, w->ek_len);
	return ember_mlkem_encaps(w->set, ct, w->ct_len, ss, ek, w->ek_len);
}

static int decaps(const struct pq_word *w, uint8_t *ss, const uint8_t *dk, const uint8_t *ct)
{
	if (w->set == HYBRID)
		return ember_x25519mlkem768_decaps(ss, dk, ct, w->ct_len);
	return ember_mlkem_decaps(w->set, ss, dk, w->dk_len, ct, w->ct_len);
}

int speed_pq_op(speed_pq *k, int op)
{
	switch (op) {
	case SPEED_KEM_KEYGEN:
		return keygen(k->w, k->tek, k->tdk);
	case SPEED_KEM_ENCAPS:
		return encaps(k->w, k->tct, k->tss, k->ek);
	case SPEED_KEM_DECAPS:
		return decaps(k->w, k->tss, k->dk, k->ct);
	default:
		return EMBER_EINVAL;
	}
}

speed_pq *speed_pq_new(const char *word, char *err, size_t err_len)
{
	const struct pq_word *w = find_word(word);
	speed_pq *k;
	int ret;

	if ((k = speed_key_alloc(w, word, "KEM word", sizeof(*k), err, err_len)) == NULL)
		return NULL;
	k->w = w;
	if ((ret = keygen(w, k->ek, k->dk)) != 0 || (ret = encaps(w, k->ct, k->ss, k->ek)) != 0 ||
	    (ret = decaps(w, k->tss, k->dk, k->ct)) != 0) {
		snprintf(err, err_len, "%s: key generation or encapsulation failed: %s", word, ember_strerror(ret));
		speed_pq_free(k);
		return NULL;
	}
	/* openssl 3.5's check before timing: "Decaps error for %s." */
	if (!ember_memeq(k->tss, k->ss, w->ss_len)) {
		snprintf(err, err_len, "%s: decapsulation does not give the encapsulated secret", word);
		speed_pq_free(k);
		return NULL;
	}
	return k;
}

/* X25519MLKEM768 from fixed seeds against its parts computed apart: K || X25519 secret, ML-KEM first. */
static int hybrid_parts(void)
{
	static uint8_t cs[EMBER_X25519MLKEM768_CLIENT_SHARE_LEN], priv[EMBER_X25519MLKEM768_PRIV_LEN];
	static uint8_t sv[EMBER_X25519MLKEM768_SERVER_SHARE_LEN], ek[EMBER_MLKEM768_EK_LEN];
	static uint8_t dk[EMBER_MLKEM768_DK_LEN], ct[EMBER_MLKEM768_CT_LEN];
	uint8_t seed[EMBER_MLKEM_SEED_LEN], m[EMBER_MLKEM_M_LEN], xc[32], xs[32], xcpub[32], xspub[32];
	uint8_t ss[EMBER_X25519MLKEM768_SS_LEN], k[32], x[32];
	size_t i;
	int ret;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (uint8_t)(i * 7 + 1);
	for (i = 0; i < 32; i++) {
		m[i] = (uint8_t)(i * 5 + 3);
		xc[i] = (uint8_t)(i * 3 + 2);
		xs[i] = (uint8_t)(i * 11 + 9);
	}
	if ((ret = ember_x25519mlkem768_keygen_seed(cs, priv, seed, xc)) != 0 ||
	    (ret = ember_x25519mlkem768_encaps_seed(sv, ss, cs, sizeof(cs), m, xs)) != 0 ||
	    (ret = ember_mlkem_keygen_seed(EMBER_MLKEM768, ek, sizeof(ek), dk, sizeof(dk), seed)) != 0 ||
	    (ret = ember_mlkem_encaps_m(EMBER_MLKEM768, ct, sizeof(ct), k, ek, sizeof(ek), m)) != 0 ||
	    (ret = ember_x25519_base(xcpub, xc)) != 0 || (ret = ember_x25519_base(xspub, xs)) != 0 ||
	    (ret = ember_x25519(x, xs, xcpub)) != 0)
		return ret;
	if (memcmp(cs, ek, sizeof(ek)) != 0 || memcmp(cs + sizeof(ek), xcpub, 32) != 0 ||
	    memcmp(sv, ct, sizeof(ct)) != 0 || memcmp(sv + sizeof(ct), xspub, 32) != 0 ||
	    memcmp(ss, k, 32) != 0 || memcmp(ss + 32, x, 32) != 0)
		return EMBER_EINTERNAL;
	return 0;
}

int speed_pq_selftest(speed_pq *k)
{
	const struct pq_word *w = k->w;
	int ret, i;

	/* the timed ciphertext decapsulates to the timed secret */
	if ((ret = decaps(w, k->tss, k->dk, k->ct)) != 0)
		return ret;
	if (!ember_memeq(k->tss, k->ss, w->ss_len))
		return EMBER_EINTERNAL;
	/* fresh key pairs and encapsulations agree, a few times */
	for (i = 0; i < 3; i++) {
		uint8_t a[EMBER_X25519MLKEM768_SS_LEN], b[EMBER_X25519MLKEM768_SS_LEN];
		if ((ret = keygen(w, k->tek, k->tdk)) != 0 || (ret = encaps(w, k->tct, a, k->tek)) != 0 ||
		    (ret = decaps(w, b, k->tdk, k->tct)) != 0)
			return ret;
		ret = ember_memeq(a, b, w->ss_len) ? 0 : EMBER_EINTERNAL;
		ember_wipe(a, sizeof(a));
		ember_wipe(b, sizeof(b));
		if (ret != 0)
			return ret;
	}
	/* a changed ciphertext: no error, another ML-KEM secret (implicit rejection) */
	memcpy(k->tct, k->ct, w->ct_len);
	k->tct[0] ^= 1;
	if ((ret = decaps(w, k->tss, k->dk, k->tct)) != 0)
		return ret;
	if (ember_memeq(k->tss, k->ss, EMBER_MLKEM_SS_LEN))
		return EMBER_EINTERNAL;
	if (w->set == HYBRID && (ret = hybrid_parts()) != 0)
		return ret;
	return 0;
}

void speed_pq_free(speed_pq *k)
{
	if (k == NULL)
		return;
	ember_wipe(k, sizeof(*k));
	free(k);
}
