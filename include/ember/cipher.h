/*
 * cipher.h - block and stream ciphers.
 *
 * Two layers:
 *
 *  - Per-algorithm calls, ember_<algo>[_<impl>]_<op>, each section below.
 *  - The generic layer: one ember_block_desc per implementation (the
 *    benchmark and tests name each one), and ember_cipher_spec, the openssl
 *    cipher names ("aes-128-cbc", "des-ede3", "rc5-cbc" ...) mapped to an
 *    algorithm, key length, mode and parameter.
 *
 * Constant-time policy: the default AES is the constant-time one for this
 * CPU (AES-NI, ARMv8, or bitsliced "ct"); the table implementation "tab" is
 * never chosen by default. DES, Blowfish, CAST5, Camellia, RC2 and RC4 are
 * table-driven by nature and flagged not constant-time; see docs/SECURITY.md.
 */
#ifndef EMBER_CIPHER_H
#define EMBER_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_MAX_BLOCK_LEN 16
#define EMBER_MAX_KEY_LEN 256

/* Modes of the generic layer. */
enum ember_mode {
	EMBER_MODE_ECB = 1,
	EMBER_MODE_CBC = 2,
	EMBER_MODE_CTR = 3,
	EMBER_MODE_STREAM = 4
};

/*
 * ember_block_desc describes one implementation of one cipher. Block ciphers
 * fill encrypt/decrypt (ECB over |nblocks| whole blocks, in place allowed)
 * and may fill cbc_encrypt/cbc_decrypt (|iv| is updated for chaining across
 * calls) and ctr; the generic layer supplies CBC from ECB when they are NULL.
 * A stream cipher has block_len 1 and fills only stream. set_key prepares
 * both directions; |param| is algorithm-specific (RC2 effective key bits,
 * RC5 rounds; 0 = the default) and is ignored by the others.
 */
typedef struct ember_block_desc {
	const char *name;     /* "aes", "des", "des-ede3", "bf", "cast5", "idea",
	                         "rc2", "rc5", "camellia", "rc4" */
	const char *impl;     /* "ct", "tab", "x86ni", "ref" ... */
	unsigned flags;       /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	size_t block_len;     /* 1 for a stream cipher */
	size_t min_key_len, max_key_len;
	size_t ctx_size;      /* at most EMBER_CIPHER_CTX_MAX */
	int (*supported)(void);
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len, unsigned param);
	void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	void (*decrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	void (*cbc_encrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	void (*cbc_decrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	/* CTR: |ctr| is a big-endian block counter, incremented per block and
	 * left at the next unused value; |len| need not be a block multiple
	 * (the tail of the last keystream block is discarded). */
	void (*ctr)(const void *ctx, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t len);
	void (*stream)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
} ember_block_desc;

/* Large enough for every key schedule (Blowfish's is 4168 bytes). */
#define EMBER_CIPHER_CTX_MAX 4608

/* An openssl cipher name and what it means. */
typedef struct ember_cipher_spec {
	const char *name;     /* "aes-128-cbc" */
	const char *aliases;  /* NULL or space-separated: "bf-cbc" -> "bf blowfish" */
	const char *alg;      /* descriptor name: "aes" */
	size_t key_len;       /* bytes */
	unsigned param;       /* passed to set_key */
	int mode;             /* enum ember_mode */
} ember_cipher_spec;

typedef struct ember_cipher_ctx {
	const ember_block_desc *desc;
	int mode;
	int decrypt;
	uint8_t iv[EMBER_MAX_BLOCK_LEN];
	union {
		uint64_t align;
		void *ptr;
		uint8_t bytes[EMBER_CIPHER_CTX_MAX];
	} ks;
} ember_cipher_ctx;

size_t ember_block_count(void);
const ember_block_desc *ember_block_at(size_t i);
/* As ember_hash_find: NULL impl = preferred supported, constant-time first. */
const ember_block_desc *ember_block_find(const char *name, const char *impl);
int ember_block_supported(const ember_block_desc *d);

size_t ember_cipher_spec_count(void);
const ember_cipher_spec *ember_cipher_spec_at(size_t i);
/* Looks up an openssl cipher name or alias, case-insensitive; NULL if unknown. */
const ember_cipher_spec *ember_cipher_spec_find(const char *name);

/*
 * ember_cipher_init keys |c| for |mode| with implementation |d| (which must
 * be supported). |iv| is block_len bytes for CBC and CTR (NULL there is
 * EMBER_EINVAL: there is no default IV), ignored (may be NULL) otherwise.
 * Returns 0, EMBER_EKEYLEN, EMBER_EINVAL (mode not offered, or no IV) or
 * EMBER_ENOTSUP.
 */
int ember_cipher_init(ember_cipher_ctx *c, const ember_block_desc *d, int mode,
    const uint8_t *key, size_t key_len, unsigned param, const uint8_t *iv, int decrypt);
/*
 * ember_cipher_update processes |len| bytes; for ECB and CBC |len| must be a
 * multiple of the block length (EMBER_ELEN otherwise, nothing written).
 * CBC chains across calls; CTR continues the counter but, like the desc
 * slot, discards a partial keystream block, so only the last call may be
 * short of a block multiple.
 */
int ember_cipher_update(ember_cipher_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
/* Wipes the key schedule and IV. */
void ember_cipher_clear(ember_cipher_ctx *c);

/*
 * PKCS#7 padding as a separate step. ember_pkcs7_pad writes |in_len| bytes
 * plus 1..block_len padding bytes into |out| (room for in_len + block_len)
 * and sets |*out_len|. ember_pkcs7_unpad checks the padding of |in| in time
 * independent of the padding value and sets |*out_len|, or returns EMBER_EPAD
 * (and sets |*out_len| to 0); it does not branch on the outcome itself.
 */
int ember_pkcs7_pad(uint8_t *out, size_t *out_len, const uint8_t *in, size_t in_len, size_t block_len);
int ember_pkcs7_unpad(size_t *out_len, const uint8_t *in, size_t in_len, size_t block_len);

/* ---- Per-algorithm sections follow (AES, DES, Blowfish, CAST5, IDEA, RC2, RC5, Camellia, RC4) ---- */

/*
 * ---- DES (FIPS 46-3) and DES-EDE3 (SP 800-67) ----
 * Table-driven, NOT constant-time (S-box lookups indexed by key-dependent
 * data). Parity bits are ignored. DES-EDE3 is E(K3, D(K2, E(K1, x))) with
 * the 24-byte key K1 || K2 || K3 (keying option 1; K1 = K3 gives option 2,
 * K1 = K2 = K3 single DES). set_key returns 0 or EMBER_EKEYLEN. The ECB and
 * CBC calls take whole blocks (in place allowed); CBC updates |iv| so that
 * consecutive calls chain.
 */
#define EMBER_DES_BLOCK_LEN 8
#define EMBER_DES_KEY_LEN 8
#define EMBER_DES_EDE3_KEY_LEN 24
typedef struct ember_des_ctx {
	uint32_t ks[32];
} ember_des_ctx;
int ember_des_set_key(ember_des_ctx *c, const uint8_t *key, size_t key_len);
void ember_des_ecb_encrypt(const ember_des_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_des_ecb_decrypt(const ember_des_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_des_cbc_encrypt(const ember_des_ctx *c, uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_des_cbc_decrypt(const ember_des_ctx *c, uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_des_clear(ember_des_ctx *c);

typedef struct ember_des_ede3_ctx {
	uint32_t ks[96]; /* K1, K2, K3 schedules */
} ember_des_ede3_ctx;
int ember_des_ede3_set_key(ember_des_ede3_ctx *c, const uint8_t *key, size_t key_len);
void ember_des_ede3_ecb_encrypt(const ember_des_ede3_ctx *c, uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_des_ede3_ecb_decrypt(const ember_des_ede3_ctx *c, uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_des_ede3_cbc_encrypt(const ember_des_ede3_ctx *c, uint8_t iv[8], uint8_t *out,
    const uint8_t *in, size_t nblocks);
void ember_des_ede3_cbc_decrypt(const ember_des_ede3_ctx *c, uint8_t iv[8], uint8_t *out,
    const uint8_t *in, size_t nblocks);
void ember_des_ede3_clear(ember_des_ede3_ctx *c);

/*
 * ---- Blowfish (Schneier, FSE 1993) ----
 * Table-driven, NOT constant-time (key-dependent S-boxes). Keys of 1 to 56
 * bytes (OpenSSL's EVP default is 16). Same call shapes as DES.
 */
#define EMBER_BF_BLOCK_LEN 8
#define EMBER_BF_MIN_KEY_LEN 1
#define EMBER_BF_MAX_KEY_LEN 56
typedef struct ember_bf_ctx {
	uint32_t s[4][256];
	uint32_t p[18];
} ember_bf_ctx;
int ember_bf_set_key(ember_bf_ctx *c, const uint8_t *key, size_t key_len);
void ember_bf_ecb_encrypt(const ember_bf_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_bf_ecb_decrypt(const ember_bf_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_bf_cbc_encrypt(const ember_bf_ctx *c, uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_bf_cbc_decrypt(const ember_bf_ctx *c, uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_bf_clear(ember_bf_ctx *c);

/*
 * ---- CAST-128, alias CAST5 (RFC 2144) ----
 * Table-driven, NOT constant-time (S-box lookups indexed by key-dependent
 * data). Keys of 5 to 16 bytes; keys of up to 10 bytes use 12 rounds
 * (RFC 2144, 2.5). Same call shapes as DES.
 */
#define EMBER_CAST5_BLOCK_LEN 8
#define EMBER_CAST5_MIN_KEY_LEN 5
#define EMBER_CAST5_MAX_KEY_LEN 16
typedef struct ember_cast5_ctx {
	uint32_t km[16];
	uint8_t kr[16];
	unsigned rounds; /* 12 or 16 */
} ember_cast5_ctx;
int ember_cast5_set_key(ember_cast5_ctx *c, const uint8_t *key, size_t key_len);
void ember_cast5_ecb_encrypt(const ember_cast5_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_cast5_ecb_decrypt(const ember_cast5_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_cast5_cbc_encrypt(const ember_cast5_ctx *c, uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_cast5_cbc_decrypt(const ember_cast5_ctx *c, uint8_t iv[8], uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_cast5_clear(ember_cast5_ctx *c);
/* ---- IDEA, RC2, RC5, Camellia, RC4 ----
 *
 * Common shape: ember_<algo>_set_key returns 0 or EMBER_EKEYLEN (or
 * EMBER_ERANGE for a bad parameter); the ECB calls take whole blocks and
 * may work in place; the CBC calls update |iv| (one block) so that a
 * message can be processed in several calls; ember_<algo>_clear wipes.
 * No padding here: see ember_pkcs7_pad/unpad.
 */

/*
 * IDEA (Lai and Massey), 64-bit block, 128-bit key. idea_ref.c multiplies
 * modulo 2^16+1 without branches or tables: constant-time where the CPU's
 * 32-bit multiply is (all the targets Ember supports).
 */
#define EMBER_IDEA_BLOCK_LEN 8
#define EMBER_IDEA_KEY_LEN 16
typedef struct ember_idea_ctx {
	uint16_t ek[52], dk[52];
} ember_idea_ctx;
int ember_idea_set_key(ember_idea_ctx *c, const uint8_t *key, size_t key_len);
void ember_idea_ecb_encrypt(const ember_idea_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_idea_ecb_decrypt(const ember_idea_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_idea_cbc_encrypt(const ember_idea_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_idea_cbc_decrypt(const ember_idea_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_idea_clear(ember_idea_ctx *c);

/*
 * RC2 (RFC 2268), 64-bit block, key 1..128 bytes. |effective_bits| is the
 * RFC's T1 (1..1024), independent of the key length; 0 means key_len * 8
 * (what openssl's rc2-cbc uses for a 16-byte key: 128). Not constant-time
 * (key expansion through PITABLE, and the MASH step indexes the key
 * schedule with data).
 */
#define EMBER_RC2_BLOCK_LEN 8
typedef struct ember_rc2_ctx {
	uint16_t k[64];
} ember_rc2_ctx;
int ember_rc2_set_key(ember_rc2_ctx *c, const uint8_t *key, size_t key_len, unsigned effective_bits);
void ember_rc2_ecb_encrypt(const ember_rc2_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc2_ecb_decrypt(const ember_rc2_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc2_cbc_encrypt(const ember_rc2_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc2_cbc_decrypt(const ember_rc2_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc2_clear(ember_rc2_ctx *c);

/*
 * RC5-32 (Rivest, RFC 2040): 32-bit words, 64-bit block, key 0..255 bytes,
 * |rounds| 1..255 (0 means 12, openssl's rc5-cbc default). Rotations by
 * data-dependent amounts: constant-time only where variable rotates and
 * shifts are (true of every CPU Ember targets; not of some
 * microcontrollers without a barrel shifter).
 */
#define EMBER_RC5_BLOCK_LEN 8
#define EMBER_RC5_MAX_ROUNDS 255
typedef struct ember_rc5_ctx {
	uint32_t s[2 * EMBER_RC5_MAX_ROUNDS + 2];
	unsigned rounds;
} ember_rc5_ctx;
int ember_rc5_set_key(ember_rc5_ctx *c, const uint8_t *key, size_t key_len, unsigned rounds);
void ember_rc5_ecb_encrypt(const ember_rc5_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc5_ecb_decrypt(const ember_rc5_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc5_cbc_encrypt(const ember_rc5_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc5_cbc_decrypt(const ember_rc5_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_rc5_clear(ember_rc5_ctx *c);

/*
 * Camellia (RFC 3713), 128-bit block, 16/24/32-byte keys. camellia_tab.c
 * is table-driven: NOT constant-time.
 */
#define EMBER_CAMELLIA_BLOCK_LEN 16
typedef struct ember_camellia_ctx {
	uint32_t ek[68], dk[68]; /* subkeys in order of use, (high, low) pairs */
	int grand;               /* 6-round groups: 3 (128-bit key) or 4 */
} ember_camellia_ctx;
int ember_camellia_set_key(ember_camellia_ctx *c, const uint8_t *key, size_t key_len);
void ember_camellia_ecb_encrypt(const ember_camellia_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_camellia_ecb_decrypt(const ember_camellia_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_camellia_cbc_encrypt(const ember_camellia_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_camellia_cbc_decrypt(const ember_camellia_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in,
    size_t nblocks);
void ember_camellia_clear(ember_camellia_ctx *c);

/*
 * RC4 (ARCFOUR) stream cipher, key 1..256 bytes. Broken (RFC 7465) and
 * not constant-time; for compatibility only. ember_rc4_crypt XORs the
 * keystream into |len| bytes (in place allowed), continuing across calls.
 */
typedef struct ember_rc4_ctx {
	uint32_t s[256];
	uint32_t x, y;
} ember_rc4_ctx;
int ember_rc4_set_key(ember_rc4_ctx *c, const uint8_t *key, size_t key_len);
void ember_rc4_crypt(ember_rc4_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
void ember_rc4_clear(ember_rc4_ctx *c);
/* ---- AES (FIPS 197): AES-128, AES-192, AES-256 ---- */

#define EMBER_AES_BLOCK_LEN 16

/*
 * ember_aes_ctx holds the key schedule of whichever implementation keyed it
 * (and that implementation, so later calls go to the same code). Caller
 * owned; wipe it with ember_aes_clear. Both directions are always prepared.
 */
typedef struct ember_aes_ctx {
	const ember_block_desc *impl; /* the implementation that keyed it */
	unsigned rounds;              /* 10, 12 or 14 */
	union {
		uint64_t q[120];      /* bitsliced round keys (ct) */
		uint32_t w[240];      /* encryption then decryption words (tab);
		                         bitsliced round keys (ct32) */
		uint8_t b[960];       /* encryption then decryption round keys (x86ni, avx512, armv8);
		                         encryption round keys (neon) */
	} sk;
} ember_aes_ctx;

/*
 * ember_aes_set_key keys |ctx| with a |key_len|-byte key (16, 24 or 32) using
 * the fastest constant-time implementation this CPU supports, in registry
 * order: VAES + AVX-512 ("avx512"), AES-NI ("x86ni"), ARMv8 ("armv8"),
 * 32-bit ARM NEON ("neon": S-box lookups inside registers), else the
 * bitsliced "ct32" (32-bit words, two blocks at a time) on 32-bit builds
 * and the bitsliced "ct" (64-bit words, four blocks) on 64-bit ones.
 * Returns 0 or EMBER_EKEYLEN.
 */
int ember_aes_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);

/*
 * Per-implementation keying, so each one can be named (tests, benchmarks).
 * They return 0, EMBER_EKEYLEN, or EMBER_ENOTSUP when the CPU or build
 * lacks the implementation. ember_aes_ct_set_key and ember_aes_ct32_set_key
 * select the bitsliced constant-time code in 64-bit words (four blocks per
 * call) and in 32-bit words (two blocks per call, for 32-bit cores); both
 * are always available. ember_aes_tab_set_key selects T-tables: fast
 * but NOT constant-time (cache-timing leaks of the key); never the default.
 */
int ember_aes_ct_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);
int ember_aes_ct32_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);
int ember_aes_tab_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);
int ember_aes_x86ni_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);
int ember_aes_avx512_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);
int ember_aes_armv8_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);
int ember_aes_neon_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);

/*
 * ember_aes_ecb_encrypt and ember_aes_ecb_decrypt process |len| bytes, a
 * multiple of 16 (EMBER_ELEN otherwise, nothing written); |out| may equal
 * |in|. They return 0, or EMBER_EINVAL when |ctx| was never keyed.
 */
int ember_aes_ecb_encrypt(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);
int ember_aes_ecb_decrypt(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);

/*
 * ember_aes_cbc_encrypt and ember_aes_cbc_decrypt run CBC (SP 800-38A 6.2)
 * over |len| bytes, a multiple of 16 (EMBER_ELEN otherwise, nothing
 * written). |iv| (16 bytes) is updated to the last ciphertext block, so
 * consecutive calls continue one message. |out| may equal |in|.
 */
int ember_aes_cbc_encrypt(const ember_aes_ctx *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in,
			  size_t len);
int ember_aes_cbc_decrypt(const ember_aes_ctx *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in,
			  size_t len);

/*
 * ember_aes_ctr XORs |len| bytes of |in| with the keystream of counter block
 * |ctr| (SP 800-38A 6.5; the whole 16 bytes are one big-endian counter, as
 * OpenSSL's aes-*-ctr), into |out| (may equal |in|). |ctr| is left at the
 * next unused counter; a partial last block's keystream is discarded, so
 * only the last call of a message may have |len| not a multiple of 16.
 * Encryption and decryption are the same call. Does nothing if unkeyed.
 */
void ember_aes_ctr(const ember_aes_ctx *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t len);

/* ember_aes_clear wipes the key schedule. */
void ember_aes_clear(ember_aes_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
