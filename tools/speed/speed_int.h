/*
 * speed_int.h - what the files of the speed harness share that the engines
 * do not need (speed.h is the engines' interface):
 *
 *   speed.c   the command line: options, algorithm words, engines, output format
 *   select.c  openssl speed's rows and words, the engine list; the jobs of each run
 *   run.c     running one engine's jobs, progress on stderr (run_multi.c: -multi); the fastest
 *             implementation of each row (-impl all); how long a run will take
 *   print.c   the header and tables; print_mr.c the -mr records, print_ember.c
 *             Ember's tables, print_side.c side by side, print_list.c -list
 *             (print_int.h: what these share)
 *   speed_stack.c  -stack: the measurement, its tables and records (speed_stack.h)
 */
#ifndef EMBER_SPEED_INT_H
#define EMBER_SPEED_INT_H

#include <stddef.h>
#include <stdio.h>

#include "speed.h"

#define CMD "speed"

/* ---- openssl speed's rows and words (select.c) ---- */

/* One row of openssl speed's table. */
struct speed_row_def {
	int index;
	const char *name;   /* openssl 3.0's row name */
	int kind;
	const char *target; /* registry digest or cipher spec */
};
extern const struct speed_row_def speed_row_defs[];
extern const size_t speed_nrows;

/* A word openssl speed accepts, and the rows (openssl indices) it selects. */
struct speed_word {
	const char *word;
	int rows[3];
	int n;
};
extern const struct speed_word speed_words[];
extern const size_t speed_nwords;

/* Ember's words for rows openssl reaches through -evp (aes-128-gcm, sha3-256 ...) and its ghash row. */
struct speed_extra_def {
	const char *word;
	int index;          /* openssl's number: 25 (-evp) or 26 (ghash) */
	const char *name;   /* the row as openssl prints it: "AES-128-GCM", "sha3-256", "ghash" */
	int kind;
	const char *target;
};
extern const struct speed_extra_def speed_extra_defs[];
extern const size_t speed_nextra;
#define SPEED_MAX_EXTRA 32

/* The public-key words (rsa512 ... dsa2048, the curves, the KEMs, the signatures, then Ember's handshakes),
 * SPEED_NPK of them, in openssl's table order. */
struct speed_pk_def {
	const char *word;   /* "rsa2048", "ecdsap256", "ecdhx25519", "ed25519" */
	int family;         /* enum speed_pk_family */
	int index;          /* openssl 3.0's k (speed_pk_job.index) */
	unsigned bits;      /* as openssl prints them: 253 for X25519 and Ed25519 */
	const char *curve;  /* openssl's curve name ("nistp256", "X25519", "Ed25519"), "" for rsa, dsa */
};
#define SPEED_NPK 54
extern const struct speed_pk_def speed_pk_defs[];
/* What a word's family is called in openssl's groups (rsa dsa ecdsa ecdh eddsa). */
const char *speed_pk_family_name(int family);
/* openssl speed's curve words that Ember has no curve for (ecdhp521, ed448 ...): NULL-terminated. */
extern const char *const speed_pk_absent[];
/*
 * A public-key job's key and its operations: the engine's (pk_new,
 * pk_sign, pk_verify, pk_selftest, pk_free), or for a KEM word, which only
 * Ember's engine has (the engine interface has two operations, a KEM
 * three), speed_pq.h's: key NULL with a reason in |err| for another engine.
 * |op| 0 sign (or private, derive, keygen), 1 verify (public, encaps), 2 decaps.
 */
void *speed_pk_key_new(const speed_engine *e, const char *word, char *err, size_t err_len);
int speed_pk_key_op(const speed_engine *e, int family, void *key, int op);
int speed_pk_key_selftest(const speed_engine *e, int family, void *key);
void speed_pk_key_free(const speed_engine *e, int family, void *key);
/*
 * The harness's side of a handshake job: the engine's handle and what it
 * reported. speed_tls_job_new returns NULL with a reason when the engine
 * has no handshakes or the word cannot run. speed_tls_job_run runs one
 * handshake (0 or EMBER_E*), speed_tls_job_sides takes what the engine
 * measured since the last call.
 */
typedef struct speed_tls_job speed_tls_job;
speed_tls_job *speed_tls_job_new(const speed_engine *e, const char *word, char *err, size_t err_len);
int speed_tls_job_run(speed_tls_job *j);
int speed_tls_job_selftest(speed_tls_job *j);
void speed_tls_job_sides(speed_tls_job *j, speed_tls_sides *out);
const char *speed_tls_job_suite(const speed_tls_job *j);
void speed_tls_job_free(speed_tls_job *j);

/* The most jobs one public-key word can have in one run (-impl all). */
#define SPEED_MAX_PK_IMPLS 8

/* The engines of this build, as -engine names them. */
extern const speed_engine *const speed_engines[];
extern const size_t speed_nengines;

#define SPEED_MAX_RUNS 8 /* engines in one command */
#define SPEED_MAX_MISALIGN 63

/* ---- selection (select.c) ---- */

/* "openssl: " before an engine's messages, except for Ember's own engine run alone. */
const char *speed_run_prefix(const speed_run *r);
/* What the algorithm words selected: openssl's rows (by number), Ember's extra rows, public-key words. */
typedef struct speed_selection {
	int rows[32];
	int extra[SPEED_MAX_EXTRA];
	int pk[SPEED_NPK];
	int absent[64];     /* indices into speed_pk_absent of the words named */
	int nabsent;
	int any_word;
} speed_selection;
/* Fills every run's jobs from the words (or the defaults). Returns 0, or 1 after printing an error. */
int speed_select_all(speed_run *runs, int nrun, int nel, speed_selection *sel, int skip_missing,
    const char *impl, const char *evp, const char *hmac);

/* ---- running (run.c) ---- */

/* Runs the jobs of |r|; progress on stderr as -mr records when |mr|. */
void speed_run_all(speed_run *r, int mr);
/* -multi: returns 1 in a child (which then runs and reports), 0 in the parent once all children are read. */
int speed_do_multi(speed_run *r);
/* What a child sends besides openssl's records, so that the parent can fill JSON and CSV too. */
void speed_child_records(FILE *f, const speed_run *r);
/*
 * -impl all: marks each job's sizes (speed_job.mark) where it is the fastest
 * implementation of its row, or the fastest constant-time one where the
 * fastest is not; on |warn| (NULL: quiet), one line per row where a
 * constant-time implementation beats the default by more than 5 % and the
 * measured spread (-repeat). Returns the number of rows warned about.
 */
int speed_mark_fastest(speed_run *r, FILE *warn);
/* The seconds the runs will take (0 with -count), and the terms in |what|:
 * "23 rows x 6 sizes x 3s + 8 key sizes x 2 operations x 10s". */
double speed_estimate(const speed_run *runs, int nrun, char *what, size_t len);

/* ---- text and -mr output (print.c, print_side.c, print_list.c) ---- */

void speed_print_header(FILE *f, const speed_run *runs, int nrun, int nel, const speed_missing *miss,
    int nmiss);
/* openssl's tables of one run (its +H and +F records with -mr), then Ember's. */
void speed_print_tables(FILE *f, const speed_run *r);
/* Every engine's rate for each row and size, with the ratio to the first engine's. */
void speed_print_side_by_side(FILE *f, const speed_run *runs, int nrun, const speed_missing *miss,
    int nmiss);
/* -list: the rows and public-key words |e| can run, the registry, the engines. */
int speed_list_all(const speed_engine *e);
/* A ratio as the tables print it: "x1.44", "x12.34", "x137.0", "x2048" (at most 6 characters). */
const char *speed_ratio_text(double v, char *buf, size_t len);

#endif
