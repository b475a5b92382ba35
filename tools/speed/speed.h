/*
 * speed.h - what the files of `ember speed` share: the rows of openssl
 * speed's table, the engine interface, the timer, and the results that the
 * text, -mr, JSON and CSV writers print.
 *
 * tools/speed/ (the harness):
 *   speed.c         command line (the harness's own files share speed_int.h)
 *   select.c        openssl speed's rows and words, the engine list, selection
 *   run.c           running; -impl all's fastest marks; how long a run takes (run_multi.c: -multi)
 *   print.c         the header and openssl's text tables (print_int.h: what the writers share);
 *                   print_mr.c -mr records, print_ember.c Ember's tables (-impl all, -repeat,
 *                   -cycles), print_side.c engines side by side, print_list.c -list
 *   speed_hmac.c    HMAC rows: the library's HMAC (ember/mac.h) under a fixed key
 *   speed_timer.c   clocks, the timing loop, cycle counters
 *   speed_report.c  -format json and csv
 *   speed_stack.c   -stack: one operation's peak stack on a painted region, and its heap (speed_stack.h)
 *   speed_pk.c      public-key operations: rsa, dsa (speed_pk.h)
 *   speed_ec.c      the curves: ecdsa, ecdh, x25519, ed25519, per backend (speed_ec.h)
 *   speed_sig.c     the signatures of openssl 3.5's SIG table: ML-DSA-44/65/87 (speed_sig.h)
 *   speed_pq.c      the KEMs of openssl 3.5's table: ML-KEM-512/768/1024, X25519MLKEM768 (speed_pq.h)
 *   speed_keys.c    what those four share: finding a word, allocating its key (speed_keys.h)
 *   speed_tls.c     the handshake rows tls13:GROUP:SIG, tls12:GROUP:SIG: words, options, the PKI (speed_tls.h)
 * tools/engines/ (one file per engine, each a speed_engine below):
 *   speed_kat.c     the known answers every engine is checked against, and the
 *                   record (nonce, AAD, tag) of the AEAD rows
 *   speed_engine.c  the "ember" engine: digests, HMAC, ciphers, AEADs, GMAC via
 *                   the registry, each checked against a known answer before it is timed
 *   speed_openssl.c the "openssl" engine: the system's libcrypto (dlopen, ossl.c)
 *   speed_afalg.c   the "afalg" engine: the kernel's crypto API (AF_ALG, kengine.c)
 *   speed_cryptodev.c the "cryptodev" engine: /dev/crypto (kengine.c)
 *   speed_sodium.c  the "sodium" engine: libsodium (dlopen)
 *   tls_wolfssl.c   the "wolfssl" engine: wolfSSL's TLS 1.3 and 1.2 handshakes only (dlopen, wolf_tls.c)
 * See docs/ENGINES.md for the engines.
 */
#ifndef EMBER_SPEED_H
#define EMBER_SPEED_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ember/hash.h"
#include "ember/mac.h"
#include "speed_tls.h"

/* ---- rows ---- */

/*
 * SPEED_AEAD: one whole record per operation (nonce, AAD, payload, tag):
 * seal, or with -decrypt open with a valid tag. SPEED_GMAC: openssl's
 * "ghash" row, the GMAC (AES-128-GCM tag of the data as AAD, no payload)
 * of each operation's bytes.
 */
enum speed_kind { SPEED_HASH = 1, SPEED_HMAC, SPEED_CIPHER, SPEED_AEAD, SPEED_GMAC };

/* openssl 3.0's algorithm numbers (the k of "+F:k:name"), for the rows we have. */
enum {
	SPEED_D_MD2 = 0, SPEED_D_MDC2 = 1, SPEED_D_MD4 = 2, SPEED_D_MD5 = 3, SPEED_D_SHA1 = 4,
	SPEED_D_RMD160 = 5, SPEED_D_SHA256 = 6, SPEED_D_SHA512 = 7, SPEED_D_HMAC = 9,
	SPEED_D_EVP = 25, SPEED_D_GHASH = 26
};

/* One row of the table: what openssl speed prints, and what Ember runs for it. */
typedef struct speed_row {
	int index;        /* openssl's algorithm number */
	char name[64];    /* row name as openssl prints it: "des-ede3", "hmac(md5)" */
	int kind;         /* enum speed_kind */
	char target[48];  /* registry name: digest, cipher spec ("des-ede3-cbc") or AEAD spec ("aes-128-gcm") */
	size_t aad_len;   /* SPEED_AEAD: AAD bytes per record (SPEED_AEAD_AAD_LEN with -aead, else 0) */
} speed_row;

/*
 * The record of the AEAD rows, the same in every engine: the timing key
 * (speed_task_key), an all-zero 12-byte nonce (for CCM, q = 3: records
 * below 16 MiB), openssl speed -aead's 13 bytes of AAD (0xcc, then
 * zeros: the size of a TLS record header) and a 16-byte tag.
 */
#define SPEED_AEAD_NONCE_LEN 12
#define SPEED_AEAD_TAG_LEN 16
#define SPEED_AEAD_AAD_LEN 13
void speed_aead_aad(uint8_t aad[SPEED_AEAD_AAD_LEN]);
/* The key length of an AEAD row's spec (16, 24 or 32), 0 when unknown; GMAC: 16. */
size_t speed_aead_key_len(const speed_row *row);

/*
 * -decrypt on an AEAD row opens a record that was sealed once, out of
 * place, so that every operation authenticates the same valid record:
 * speed_sealed holds it. speed_sealed_get returns the record for |size|
 * bytes (NULL when out of memory); its |fresh| is 1 when the engine must
 * seal it now: copy |size| bytes of plaintext into ct and seal them in
 * place, the tag into tag.
 */
typedef struct speed_sealed {
	uint8_t *ct;
	size_t cap, len;
	int fresh;
	uint8_t tag[SPEED_AEAD_TAG_LEN];
} speed_sealed;
speed_sealed *speed_sealed_get(speed_sealed *s, size_t size);
void speed_sealed_free(speed_sealed *s);

/* ---- engines ---- */

/* One implementation an engine offers for a row. */
typedef struct speed_impl {
	const char *name;  /* "ref", "x86ni" ... */
	unsigned flags;    /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	int supported;     /* 1 when this CPU runs it (after EMBER_CPUCAP) */
	int preferred;     /* 1 for the one chosen when no -impl is given */
} speed_impl;

typedef struct speed_task speed_task;

/*
 * An engine times rows. Adding one (openssl, afalg, cryptodev) is a new
 * const speed_engine and a line in the engine list of select.c: the harness
 * does the timing, repeats, -multi and every output format.
 */
typedef struct speed_engine {
	const char *name;
	/* 1 when the engine hands work to the kernel or a device: timed by the
	 * wall clock (-elapsed implied), since CPU time would miss the work. */
	int offloads;
	/* 0 when the engine can run on this system, else -1 with a one-line
	 * reason naming what is missing (and the errno or dlerror text). */
	int (*probe)(char *why, size_t why_len);
	/* One line about what the engine is on this system ("OpenSSL 3.0.11 ...,
	 * libcrypto.so.3"), for the header; may be NULL. Called after probe. */
	void (*describe)(char *buf, size_t len);
	/* Lists up to |max| implementations of |row|; returns how many there are
	 * (0: the engine cannot run the row at all, one-line reason in |why|). */
	size_t (*impls)(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len);
	/* Prepares |row| under implementation |impl| (NULL: the preferred one)
	 * and checks it against a known answer. Returns 0, EMBER_ENOTSUP when the
	 * row or implementation cannot run here, or EMBER_EVERIFY when the
	 * implementation gave a wrong answer; one-line reason in |err|. */
	int (*open)(const speed_row *row, const char *impl, int decrypt, speed_task **out,
	    char *err, size_t err_len);
	/* The implementation tag a task runs (for afalg: the kernel driver). */
	const char *(*impl_name)(const speed_task *t);
	/* |n| operations on |size| bytes of |buf| (room for size + 64 bytes).
	 * Ciphers work in place, chaining across calls; keys and IVs are the
	 * same in every engine (speed_task_key), so outputs can be compared. */
	void (*run)(speed_task *t, uint8_t *buf, size_t size, uint64_t n);
	/* The digest or MAC of the last operation (NULL for ciphers): lets the
	 * tests compare engines' outputs. */
	const uint8_t *(*output)(const speed_task *t, size_t *len);
	void (*close)(speed_task *t);
	/* NULL while the task runs, else why it stopped (a system call failed
	 * mid-run); may itself be NULL for engines that cannot fail once open. */
	const char *(*error)(const speed_task *t);

	/* Public-key words (NULL when the engine has none): as speed_pk.h. For
	 * an ECDH word (ecdhp256, ecdhx25519 ...) pk_sign is the one operation,
	 * a shared-secret derivation, and pk_verify is never called. The ember
	 * engine also takes "word/impl" ("ecdsap256/ref32"): a curve word under
	 * one backend of the registry (speed_ec.h lists them, for -impl). */
	void *(*pk_new)(const char *word, char *err, size_t err_len);
	int (*pk_sign)(void *k);
	int (*pk_verify)(void *k);
	int (*pk_selftest)(void *k);
	void (*pk_free)(void *k);

	/* Handshake words (tls13:GROUP:SIG, tls12:..., speed_tls.h; NULL when the engine
	 * has none). hs_new prepares the handshakes of |spec| (NULL with a
	 * one-line reason); hs_run runs one complete handshake, client and
	 * server in this process, adding each side's time (and with
	 * spec->breakdown each phase's) to the handle; hs_sides hands over what
	 * was added since the last call and starts again. */
	void *(*hs_new)(const speed_tls_spec *spec, char *err, size_t err_len);
	int (*hs_run)(void *h);
	void (*hs_sides)(void *h, speed_tls_sides *out);
	void (*hs_free)(void *h);
} speed_engine;

extern const speed_engine speed_engine_ember;
extern const speed_engine speed_engine_openssl;
extern const speed_engine speed_engine_afalg;
extern const speed_engine speed_engine_cryptodev;
extern const speed_engine speed_engine_sodium;
extern const speed_engine speed_engine_wolfssl; /* tls_wolfssl.c: the handshake rows only */

/* Checks digest |d| against its known answer (or, lacking one, against the
 * other implementations): 0, or EMBER_EVERIFY with a one-line reason. */
int speed_check_hash(const ember_hash_desc *d, char *err, size_t err_len);

/*
 * The known answer every engine is checked against before it is timed
 * (speed_kat.c). Digests: out = H(in); HMAC: out = HMAC(key, in); ciphers:
 * out = the encryption of in under key and iv (iv_len 0 for ECB and
 * stream ciphers); AEADs: out = the ciphertext of in and tag its tag,
 * under key, nonce iv and aad; GMAC: tag = the tag of aad under key and
 * nonce iv (in and out empty).
 */
typedef struct speed_kat {
	uint8_t key[64];
	size_t key_len;
	uint8_t iv[16];
	size_t iv_len;
	uint8_t in[128];   /* the cross-check message is longer than one 64-byte block */
	size_t in_len;
	uint8_t out[128];
	size_t out_len;
	uint8_t aad[32];   /* AEAD, GMAC */
	size_t aad_len;
	uint8_t tag[16];   /* AEAD, GMAC */
	size_t tag_len;
	size_t block_len;  /* ciphers: 1 for a stream cipher */
	int mode;          /* ciphers: enum ember_mode */
	unsigned param;    /* ciphers: RC2 effective bits, RC5 rounds */
} speed_kat;

/* Fills |k| for |row|: 0, or EMBER_ENOTSUP (reason in |why|) when there is
 * no known answer (nor an Ember implementation to compute one). */
int speed_known_answer(const speed_row *row, speed_kat *k, char *why, size_t why_len);
/* Compares an engine's output with the known answer: 0, or EMBER_EVERIFY
 * with "ENGINE: ROW: wrong answer for the known-answer test: not timed". */
int speed_kat_compare(const char *engine, const speed_row *row, const speed_kat *k, const uint8_t *got,
    size_t got_len, char *err, size_t err_len);
/* The same for an AEAD's ciphertext and tag (GMAC: the tag alone, |got| NULL). */
int speed_kat_compare_aead(const char *engine, const speed_row *row, const speed_kat *k, const uint8_t *got,
    const uint8_t *tag, char *err, size_t err_len);

/* The timing key and IV every engine uses for a row, so that outputs agree:
 * key bytes i*7+1 (|key_len| of them), zero IV; the HMAC rows' key is
 * openssl speed's 16-byte "This is a key...". */
void speed_task_key(uint8_t *key, size_t key_len, uint8_t *iv, size_t iv_len);
#define SPEED_HMAC_KEY "This is a key..."

/* Block length of a cipher algorithm by its descriptor name (aes -> 16), 1 for rc4. */
size_t speed_cipher_block_len(const char *alg);

/* ---- HMAC over a digest descriptor (speed_hmac.c) ---- */

typedef struct speed_hmac {
	const ember_hash_desc *d;
	ember_hmac_key key; /* keyed once: H(K0 ^ ipad ...), H(K0 ^ opad ...) */
} speed_hmac;

/* Returns 0, or EMBER_EINVAL when the digest cannot be used for HMAC here. */
int speed_hmac_init(speed_hmac *h, const ember_hash_desc *d, const uint8_t *key, size_t key_len);
/* Writes d->digest_len bytes of HMAC(key, msg). */
void speed_hmac_mac(const speed_hmac *h, uint8_t *out, const uint8_t *msg, size_t len);
void speed_hmac_clear(speed_hmac *h);

/* ---- timer (speed_timer.c) ---- */

typedef struct speed_sample {
	uint64_t ops;
	double seconds;
	uint64_t cycles;   /* 0 when no cycle counter */
	unsigned long clock_reads;
} speed_sample;

/* Runs |n| operations; returns 0 or an error (the measurement stops). */
typedef int (*speed_op_fn)(void *arg, uint64_t n);

/* Selects the clock: wall (CLOCK_MONOTONIC) when |elapsed|, else the
 * process CPU time (CLOCK_PROCESS_CPUTIME_ID). */
void speed_timer_use(int elapsed);
const char *speed_timer_name(void);
double speed_timer_resolution(void);
/* The monotonic clock in seconds, whatever the selected clock: the handshake engines' per-side split. */
double speed_mono_now(void);
/* Seconds cost of one clock read (measured once). */
double speed_timer_read_cost(void);
/* Turns on the cycle counter; returns its name, or NULL with the reason in |why|. */
const char *speed_cycles_start(char *why, size_t why_len);
/* 1 when the counter started counts wall-clock time (the TSC ticks whether
 * or not this process runs), 0 when it counts this process's CPU time
 * (perf_event_open's per-task counter): the rates must use the same clock. */
int speed_cycles_wall(void);
/*
 * speed_measure runs |fn| for |seconds| of the selected clock (or exactly
 * |count| operations when count > 0) and fills |s|. The loop calls fn with
 * batches that grow until one takes about a millisecond, so the clock is read
 * about once a millisecond whatever the operation's cost.
 */
int speed_measure(speed_op_fn fn, void *arg, double seconds, uint64_t count, speed_sample *s);

/* ---- results ---- */

/* SPEED_SKIPPED: not run (a public-key size past the stop rule, or, with
 * several engines, a row this engine does not have: reason in error). */
enum speed_state { SPEED_NOT_RUN = 0, SPEED_OK = 1, SPEED_FAILED = -1, SPEED_SKIPPED = -2 };

typedef struct speed_result {
	int state;
	uint64_t ops;       /* summed over repeats (and over -multi processes) */
	double seconds;     /* summed over repeats (the longest process with -multi) */
	double rate;        /* median of the samples: bytes/s or operations/s */
	double min, max;
	double *samples;    /* one rate per repeat */
	int nsamples;
	uint64_t cycles;    /* summed; 0 when not measured */
	/* -stack (speed_stack.h): one operation's peak stack over an empty one's, and its heap */
	int stack_state;    /* enum speed_stack_state; 0 when not measured */
	size_t stack_bytes;
	long heap_bytes;    /* 0: checked, none; > 0: allocated; -1: not checked */
} speed_result;

#define SPEED_MAX_SIZES 32

/* One row under one implementation. */
typedef struct speed_job {
	speed_row row;
	char impl[32];       /* requested tag, "" for the preferred one */
	char impl_used[32];  /* tag actually run */
	char label[96];      /* what the table prints: row name, or name/impl with -impl */
	int state;           /* SPEED_OK once measured, SPEED_FAILED ... */
	char error[200];
	speed_result res[SPEED_MAX_SIZES];
	/* With -impl: what the engine said of the implementation (speed_impl). */
	unsigned impl_flags;  /* EMBER_IMPL_CT, EMBER_IMPL_HW */
	int is_default;       /* 1 for the one run without -impl (speed_impl.preferred) */
	/* With -impl all, per size (speed_mark_fastest): SPEED_MARK_* bits. */
	unsigned char mark[SPEED_MAX_SIZES];
} speed_job;

/* The fastest implementation of its row at that size; the fastest
 * constant-time one, where the fastest is not constant-time. */
enum { SPEED_MARK_FASTEST = 1, SPEED_MARK_FASTEST_CT = 2 };

/*
 * The public-key families, in the order of openssl's tables: 3.0's, then
 * 3.5's KEM table (ML-KEM-512 ... X25519MLKEM768: keygen, encaps, decaps;
 * tools/speed/speed_pq.h) and SIG table (ML-DSA), then Ember's TLS 1.3
 * and TLS 1.2 handshakes (tls13:GROUP:SIG, tls12:GROUP:SIG, speed_tls.h: server, client).
 */
enum speed_pk_family { SPEED_PK_RSA = 0, SPEED_PK_DSA, SPEED_PK_ECDSA, SPEED_PK_ECDH, SPEED_PK_EDDSA, SPEED_PK_KEM,
	SPEED_PK_SIG, SPEED_PK_TLS, SPEED_PK_NFAM };

/* One public-key word (under one implementation): sign (or private) and verify (or public) results. */
typedef struct speed_pk_job {
	char word[40];
	unsigned bits;
	int family;          /* enum speed_pk_family */
	int index;           /* openssl's k: rsa512 = 0 ...; dsa512 = 0 ...; ecdsa/ecdh: its curve table
	                        (nistp256 = 3, nistp384 = 4, X25519 = 22); Ed25519 = 0; KEMs: Ember's
	                        order (ML-KEM-512 = 0 ... X25519MLKEM768 = 3: openssl 3.5 makes its
	                        list at run time, so -mr names them in +EMBER:KEM records) */
	char curve[16];      /* openssl's name of the curve: "nistp256", "X25519", "Ed25519"; "" for rsa, dsa;
	                        a KEM's name as openssl 3.5 prints it ("ML-KEM-768") */
	char impl[32];       /* requested implementation, "" for the preferred one */
	char impl_used[32];  /* the one run ("x86adx"), "" when the engine names none */
	char label[64];      /* word, or word/impl with -impl */
	unsigned impl_flags; /* with -impl: EMBER_IMPL_CT, EMBER_IMPL_HW */
	int is_default;      /* with -impl: 1 for the preferred implementation */
	int state;
	char error[200];
	speed_result res[3]; /* 0 sign/private/derive/keygen, 1 verify/public/encaps (ECDH: unused), 2 decaps (KEM only);
	                        a handshake: 0 the server's, 1 the client's */
	/* SPEED_PK_TLS: the suite run, the bytes each side sent in one handshake (server, client), and
	   with -breakdown (tls_phases 1) the seconds per handshake of each side in each phase */
	char tls_suite[40];
	uint64_t tls_bytes[2];
	int tls_phases;
	double tls_phase[2][SPEED_TLS_NPHASE];
} speed_pk_job;

/* The number of timed operations of a family's word: 1 for ECDH, 3 for a KEM or an ML-DSA signature, else 2
 * (a handshake: the server's and the client's side of one measurement). */
#define SPEED_PK_NOPS(family) ((family) == SPEED_PK_ECDH ? 1 : (family) == SPEED_PK_KEM || (family) == SPEED_PK_SIG ? 3 : 2)

enum speed_format { SPEED_TEXT, SPEED_MR, SPEED_JSON, SPEED_CSV };

typedef struct speed_run {
	const speed_engine *engine;
	int nengines;              /* engines in this command (one run each) */
	double seconds, pk_seconds;
	int seconds_given;
	size_t sizes[SPEED_MAX_SIZES];
	int nsizes;
	int elapsed, multi, format, misalign, decrypt, repeat, cycles, testmode;
	int aead;                  /* -aead: AEAD records carry 13 bytes of AAD; openssl's -aead sizes by default */
	uint64_t count;
	const char *cycles_name;   /* counter in use, or NULL */
	char cycles_why[160];      /* why none */
	speed_job *jobs;
	int njobs;
	speed_pk_job *pk;
	void **keys;               /* the engine's key for each pk job (NULL: skipped) */
	int npk, pk_cap;
	int failures;
	int impl_all;              /* -impl all: every implementation, the fastest marked */
	int stack;                 /* -stack: each operation's peak stack and heap (speed_stack.c) */
	/* What made the clock wall time although -elapsed was not given: an
	 * offloading engine's name, or SPEED_BY_CYCLES (the TSC counts wall time); NULL. */
	const char *elapsed_implied;
} speed_run;

#define SPEED_BY_CYCLES "-cycles"


/* A requested engine that cannot run here (no libcrypto, no AF_ALG ...). */
typedef struct speed_missing {
	const char *engine;
	char why[240];
} speed_missing;

/* speed_report.c: one document for the runs of every engine (|n| of them). */
void speed_report_json(FILE *f, const speed_run *runs, int n, const speed_missing *miss, int nmiss);
void speed_report_csv(FILE *f, const speed_run *runs, int n);

/* Fills |d| with "median, min, max" from |r|'s samples. */
void speed_result_finish(speed_result *r);

#endif
