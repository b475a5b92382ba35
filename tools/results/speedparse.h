/*
 * speedparse.h - reads speed results of every format users post into one
 * in-memory set: `ember speed` text, -mr and JSON; `openssl speed` text and
 * -mr from 0.9.8 to 3.x (five or six size columns, names with spaces, values
 * with or without the "k" suffix, public-key tables), also when only the
 * table survived a paste into mail or a wiki.
 *
 * Parsing is strict about numbers (full consumption, finite, in range) and
 * tolerant about layout: lines that are not results are skipped with a
 * warning naming file and line (the first few, printed once the file has
 * loaded: a refused file gives its one error and nothing else). A text row
 * that cannot be read (a bad number, too few values) is skipped the same
 * way, after the reader has tried to rejoin what a mail client wrapped; a
 * rate of 0 (openssl's "0.00" for what was not built) is not a measurement
 * and is left out. A file that yields nothing is an error, naming the first
 * row that could not be read when there was one; binary data, control
 * characters and a malformed JSON document refuse the whole file.
 *
 * Rows are kept apart by engine (`ember speed -engine ember,openssl`: the
 * per-engine tables, the side-by-side table, "+EMBER:ENGINE" records, JSON
 * "engine" fields) and by implementation (`-impl all`: "md5/ref" labels,
 * JSON "impl"), never averaged as repeats of one another.
 */
#ifndef EMBER_TOOL_SPEEDPARSE_H
#define EMBER_TOOL_SPEEDPARSE_H

#include <stddef.h>
#include <stdio.h>

typedef struct sp_row {
	/*
	 * normalised: "aes-128-cbc", "rsa2048", "ecdsa(nistp256)"; with a tag when
	 * the file holds the algorithm through several engines or implementations:
	 * "aes-128-cbc[x86ni]", "sha256[openssl]", "sha256[ember:ref]"
	 */
	char *name;
	char *algo;       /* the name without its tag */
	char *impl;       /* implementation tag ("x86ni", "evp"), or NULL when the file does not say */
	char *engine;     /* engine that measured the row ("ember", "openssl"), or NULL when the file does not say */
	char *op;         /* public-key rows: "sign", "verify", "op" ...; NULL otherwise */
	unsigned size;    /* block size in bytes; 0 for public-key rows */
	double value;     /* bytes per second (ops per second for public-key rows) */
	double lo, hi;    /* measured spread: min and max over the samples */
	size_t runs;      /* runs the figures summarise: 1 unless the input carries repeats */
	unsigned line;    /* line of the first appearance */
	double *samples;  /* the samples, or NULL when only lo/hi were given */
	size_t nsamples;  /* samples stored: runs, or 0 when only lo/hi were given; never above cap */
	size_t cap;
} sp_row;

typedef struct sp_file {
	char *path;
	char *format;     /* "openssl 3.x text", "openssl 0.9.8/1.0.x -mr", "ember json" ... */
	char *version;    /* "OpenSSL 3.0.19", "Ember 0.1.0", or NULL */
	/*
	 * options: openssl's "options:" line; for an Ember file its list of
	 * implementations ("md5:avx512 sha256:x86shani"), which `ember speed`
	 * prints on that line. engine: the engines the file names, with what
	 * each is ("ember; openssl (OpenSSL 3.0.22 ...)").
	 */
	char *built_on, *options, *compiler, *cpuinfo, *platform, *engine;
	char **engines;   /* the distinct engines of the rows, in order of first appearance */
	size_t nengines;
	sp_row *rows;
	size_t nrows, cap;
	unsigned warnings; /* lines skipped: not results, or rows that could not be read */
	/*
	 * 1 when the file says its cipher and AEAD rows time decryption (Ember's
	 * JSON, "decrypt": true: each AEAD record opened with its valid tag);
	 * 0 when it says they encrypt or does not say (openssl's text and -mr
	 * never do)
	 */
	int decrypt;
} sp_file;

/*
 * Reads |path| (or standard input for "-") into |f|. Warnings go to |warn|
 * (may be NULL). Returns 0, or -1 with "file:line: reason" in |err|.
 */
int sp_load(const char *path, sp_file *f, FILE *warn, char *err, size_t err_len);
/* The same from memory; |name| is used in messages. */
int sp_parse(const char *name, const char *data, size_t len, sp_file *f, FILE *warn,
    char *err, size_t err_len);
void sp_free(sp_file *f);

/* The row with this key, or NULL. |op| is NULL for throughput rows. */
const sp_row *sp_find(const sp_file *f, const char *name, const char *op, unsigned size);

/* Canonical algorithm name: "aes-128 cbc" -> "aes-128-cbc", "blowfish cbc" -> "bf-cbc". */
void sp_normalise(const char *raw, char *out, size_t out_len);

/*
 * Strict number: digits, one '.', optional exponent, optionally a trailing
 * 'k' (times 1000) when |allow_k|; finite, non-negative, no overflow.
 * Returns 0 or -1.
 */
int sp_number(const char *tok, int allow_k, double *out);

/*
 * A short description of the file: "OpenSSL 3.0.19, options: bn(64,64)",
 * "Ember 0.1.0, engine ember; openssl (...), implementations: md5:avx512".
 */
void sp_describe(const sp_file *f, char *buf, size_t len);
/* 1 when the file was written by Ember (its text, -mr or JSON). */
int sp_is_ember(const sp_file *f);
/* The file's base name. */
const char *sp_basename(const sp_file *f);

#endif
