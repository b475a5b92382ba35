/*
 * speed_sig.c - the signature rows of `ember speed` in the "ember" engine:
 * ML-DSA-44, ML-DSA-65 and ML-DSA-87, as openssl 3.5's speed names and
 * times them (apps/speed.c, its SIG loop):
 *   keygen   a fresh key pair from the system's random source each time
 *            (openssl: EVP_PKEY_keygen);
 *   sign     a signature of a 32-byte all-zero message (openssl signs
 *            "unsigned char md[SHA256_DIGEST_LENGTH] = { 0 }") with the key
 *            made before timing, empty context, hedged (EVP_PKEY_sign);
 *   verify   the verification of the signature made before timing
 *            (EVP_PKEY_verify).
 * Like openssl, that signature must verify before anything is timed
 * (speed_sig_selftest adds more).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/mldsa.h"
#include "ember/util.h"
#include "speed_sig.h"
#include "speed_keys.h"

static const struct sig_word {
	const char *word;
	int set; /* EMBER_MLDSA* */
} sig_words[] = {
	{ "ML-DSA-44", EMBER_MLDSA44 },
	{ "ML-DSA-65", EMBER_MLDSA65 },
	{ "ML-DSA-87", EMBER_MLDSA87 },
};
#define NWORDS (sizeof(sig_words) / sizeof(sig_words[0]))
#define MSG_LEN 32 /* SHA256_DIGEST_LENGTH */

struct speed_sig {
	const struct sig_word *w;
	size_t pk_len, sk_len, sig_len;
	uint8_t msg[MSG_LEN];
	uint8_t *pk, *sk, *sig;    /* the timed key and signature */
	uint8_t *tpk, *tsk, *tsig; /* the operations' outputs */
};

static const struct sig_word *find_word(const char *word)
{
	return speed_word_find(sig_words, NWORDS, sizeof(sig_words[0]), word);
}

int speed_sig_known(const char *word)
{
	return find_word(word) != NULL;
}

static int keygen(const speed_sig *k, uint8_t *pk, uint8_t *sk)
{
	return ember_mldsa_keygen(k->w->set, pk, k->pk_len, sk, k->sk_len);
}

static int sign(const speed_sig *k, uint8_t *sig, const uint8_t *sk, const uint8_t *msg)
{
	return ember_mldsa_sign(k->w->set, sig, k->sig_len, sk, k->sk_len, msg, MSG_LEN, NULL, 0);
}

static int verify(const speed_sig *k, const uint8_t *pk, const uint8_t *msg, const uint8_t *sig)
{
	return ember_mldsa_verify(k->w->set, pk, k->pk_len, msg, MSG_LEN, NULL, 0, sig, k->sig_len);
}

int speed_sig_op(speed_sig *k, int op)
{
	switch (op) {
	case SPEED_SIG_KEYGEN:
		return keygen(k, k->tpk, k->tsk);
	case SPEED_SIG_SIGN:
		return sign(k, k->tsig, k->sk, k->msg);
	case SPEED_SIG_VERIFY:
		return verify(k, k->pk, k->msg, k->sig);
	default:
		return EMBER_EINVAL;
	}
}

speed_sig *speed_sig_new(const char *word, char *err, size_t err_len)
{
	const struct sig_word *w = find_word(word);
	speed_sig *k;
	int ret;

	if ((k = speed_key_alloc(w, word, "signature word", sizeof(*k), err, err_len)) == NULL)
		return NULL;
	k->w = w;
	k->pk_len = EMBER_MLDSA_PK_LEN(w->set);
	k->sk_len = EMBER_MLDSA_SK_LEN(w->set);
	k->sig_len = EMBER_MLDSA_SIG_LEN(w->set);
	k->pk = malloc(k->pk_len);
	k->tpk = malloc(k->pk_len);
	k->sk = malloc(k->sk_len);
	k->tsk = malloc(k->sk_len);
	k->sig = malloc(k->sig_len);
	k->tsig = malloc(k->sig_len);
	if (k->pk == NULL || k->tpk == NULL || k->sk == NULL || k->tsk == NULL || k->sig == NULL || k->tsig == NULL) {
		snprintf(err, err_len, "%s: out of memory", word);
		speed_sig_free(k);
		return NULL;
	}
	if ((ret = keygen(k, k->pk, k->sk)) != 0 || (ret = sign(k, k->sig, k->sk, k->msg)) != 0) {
		snprintf(err, err_len, "%s: key generation or signing failed: %s", word, ember_strerror(ret));
		speed_sig_free(k);
		return NULL;
	}
	/* openssl 3.5's check before timing: the signature it made verifies */
	if ((ret = verify(k, k->pk, k->msg, k->sig)) != 0) {
		snprintf(err, err_len, "%s: the signature made before timing does not verify: %s", word,
		    ember_strerror(ret));
		speed_sig_free(k);
		return NULL;
	}
	return k;
}

int speed_sig_selftest(speed_sig *k)
{
	uint8_t msg[MSG_LEN];
	int ret, i;

	/* the timed signature verifies */
	if ((ret = verify(k, k->pk, k->msg, k->sig)) != 0)
		return ret;
	/* fresh key pairs sign and verify, a few times */
	for (i = 0; i < 2; i++) {
		if ((ret = keygen(k, k->tpk, k->tsk)) != 0 || (ret = sign(k, k->tsig, k->tsk, k->msg)) != 0 ||
		    (ret = verify(k, k->tpk, k->msg, k->tsig)) != 0)
			return ret;
		/* a signature under another key is refused */
		if (verify(k, k->pk, k->msg, k->tsig) != EMBER_EVERIFY)
			return EMBER_EINTERNAL;
	}
	/* a signature with one byte flipped is refused */
	memcpy(k->tsig, k->sig, k->sig_len);
	k->tsig[k->sig_len / 2] ^= 0x01;
	if (verify(k, k->pk, k->msg, k->tsig) != EMBER_EVERIFY)
		return EMBER_EINTERNAL;
	/* another message is refused */
	memcpy(msg, k->msg, MSG_LEN);
	msg[0] ^= 0x80;
	if (verify(k, k->pk, msg, k->sig) != EMBER_EVERIFY)
		return EMBER_EINTERNAL;
	return 0;
}

void speed_sig_corrupt(speed_sig *k)
{
	if (k != NULL && k->sig != NULL)
		k->sig[0] ^= 0x01;
}

void speed_sig_free(speed_sig *k)
{
	if (k == NULL)
		return;
	if (k->sk != NULL)
		ember_wipe(k->sk, k->sk_len);
	if (k->tsk != NULL)
		ember_wipe(k->tsk, k->sk_len);
	free(k->pk);
	free(k->tpk);
	free(k->sk);
	free(k->tsk);
	free(k->sig);
	free(k->tsig);
	free(k);
}
