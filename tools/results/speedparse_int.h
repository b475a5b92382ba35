/*
 * speedparse_int.h - what the files of the speed-result reader share (for
 * tools/results/speedparse*.c only; speedparse.h is the interface): the
 * parser state and the functions one file calls in another. Calls go one
 * way: speedparse_load.c calls the readers, speedparse_text.c and
 * speedparse_json.c; speedparse_text.c calls speedparse_mr.c (the -mr
 * records and the header lines), speedparse_json.c calls speedparse_stime.c
 * (s_time's document); and all five call speedparse.c, which calls none
 * of them.
 */
#ifndef EMBER_TOOL_SPEEDPARSE_INT_H
#define EMBER_TOOL_SPEEDPARSE_INT_H

#include "speedparse.h"

#define SP_MAX_SIZES 16
#define SP_MAX_TOKENS 64
/* Warnings are held until the file is known to load: a refused file gets one error line, nothing more. */
#define SP_MAX_HELD 10
/* openssl 3.5's KEM and signature lists (its MAX_KEM_NUM and MAX_SIG_NUM are 111), and a name's room */
#define SP_MAX_KS 112
#define SP_KS_NAME 40

/* What the parser keeps per row besides the row itself. */
typedef struct sp_rowx {
	size_t nstored;       /* samples in row->samples, never above row->cap */
	unsigned spread_line; /* line of a JSON entry that gave min/max instead of samples, else 0 */
} sp_rowx;

/* What the text reader is in: the tables of `ember speed` that are not rates are read past. */
enum sp_section {
	SP_SEC_RATES,   /* openssl's and ember's tables, -mr records */
	SP_SEC_SKIP,    /* ember's spread, cycles-per-byte and -impl all ratio tables: not rates */
	SP_SEC_SBS,     /* ember's side-by-side table of engines */
	SP_SEC_SBS_PK   /* its public-key part */
};

typedef struct sp_state {
	sp_file *f;
	const char *name;
	FILE *warn;
	char *err;
	size_t err_len;
	unsigned line;
	unsigned sizes[SP_MAX_SIZES];
	size_t nsizes;       /* from the last "type" or "+H" header; 0 when none seen */
	char pkops[8][16];   /* ops of the last public-key header */
	size_t npkops;
	int mr, text, maxcols;
	char held[SP_MAX_HELD][160]; /* the first warnings, printed only when the file loads */
	unsigned nheld, nwarn;
	char first_bad[200];  /* the first row that could not be read: the error when nothing else loads */
	int ember;            /* the file is Ember's: its version line or +EMBER records */
	int section;          /* enum sp_section */
	int engine_tables;    /* "engine NAME:" tables seen: the side-by-side table repeats them */
	char engine[64];      /* the engine of the table being read ("engine NAME:", "+EMBER:ENGINE:NAME") */
	char hdr_engine[64];  /* the engine of the first "engine:" header line */
	unsigned nhdr_engines;
	char sbs_name[96];    /* the side-by-side row being continued by its other engines' lines */
	int sbs_impl;         /* the side-by-side table has an implementation column */
	int sbs_kem;          /* its public-key rows are KEMs ("KEM engine keygen/s ..."; 1) or ML-DSA ("signature engine keygen/s"; 2): three figures; or handshakes ("TLS 1.3 handshake engine server hs/s ..."; 3): two, server and client */
	unsigned bad_header;  /* line of a 'type' or '+H' header that could not be read: its rows are skipped */
	/*
	 * openssl 3.5's KEM (+F9) and signature (+F10) records name their row
	 * by an index into a list openssl builds at run time from its
	 * providers: the names come from the +R15 (+R18) progress records, in
	 * the same order (standard error), or from Ember's "+EMBER:KEM:k:name"
	 * ("+EMBER:SIG:k:name") records. [0] KEMs, [1] signatures.
	 */
	char ks_seen[2][SP_MAX_KS][SP_KS_NAME]; /* distinct names of the +R15 / +R18 records, in order */
	size_t ks_nseen[2];
	size_t ks_used[2];    /* +F9 / +F10 records that took a name from ks_seen */
	char ks_named[2][SP_MAX_KS][SP_KS_NAME]; /* by index, from the +EMBER records ("" when none) */
	sp_rowx *x;          /* parallel to f->rows, f->cap of them */
	size_t *slot;        /* open-addressing index of f->rows by key: row + 1, 0 when free */
	size_t nslot;        /* a power of two, at least twice f->nrows */
	size_t nsamples;     /* over all rows */
} sp_state;

/* speedparse.c: messages, the row store, metadata */
char *sp_xstrdup(const char *s);
/* "file:line: " and the message into the caller's buffer; returns -1. */
int sp_perr(sp_state *st, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* A warning, printed by sp_flush_warnings only when the file loads. */
void sp_hold(sp_state *st, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* A line skipped as not a result: counted in f->warnings and held. */
void sp_pwarn(sp_state *st, const char *what);
/*
 * A result row that cannot be read, skipped like sp_pwarn; the first one is
 * kept as the file's error should nothing load. Returns 0.
 */
int sp_pbad(sp_state *st, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
void sp_flush_warnings(const sp_state *st);
/*
 * One sample of the row (name, impl, engine, op, size): a row seen again in
 * the same file is a repeat. |*at| gets the row's index.
 */
int sp_add_sample(sp_state *st, const char *name, const char *impl, const char *engine, const char *op,
    unsigned size, double v, size_t *at);
void sp_finish_rows(sp_state *st);
/* The tags that keep engines and implementations of one algorithm apart, and f->engines. */
int sp_tag_rows(sp_state *st);
/* Rows of an Ember text without an implementation take the one its "options:" line lists. */
int sp_fill_impls(sp_state *st);
/* The implementation list of an Ember file without one: "md5:avx512 sha256:x86shani", per engine. */
int sp_impl_list(sp_state *st);
/* Sets a metadata field of the file (leading blanks dropped). */
int sp_set_meta(sp_state *st, char **slot, const char *v);

/* speedparse_text.c: openssl and ember text tables and -mr records, in place in |data|. */
int sp_parse_text(sp_state *st, char *data, size_t len);

/* speedparse_mr.c: the -mr records, and the headers and row labels the text tables share with them */
/* A "+" line: "+H", "+F".."+F10", "+EMBER:", progress records (+R15..+R20 name the KEM and signature rows). */
int sp_parse_mr(sp_state *st, char *line);
/* "type  16 bytes ...": the sizes from tok[first]. */
int sp_parse_type_header(sp_state *st, char **tok, size_t n, size_t first);
/* A metadata line of a header: 1 when |p| was one, 0 when not, -1 on an error. */
int sp_meta_line(sp_state *st, char *p);
/* openssl's five or six sizes, for rows without a header. */
void sp_default_sizes(size_t n, unsigned *sizes);
/* An engine's name: letters, digits, '-', '_', '.'. */
int sp_engine_word(const sp_state *st, const char *s, size_t n);
/* The engine the rows being read were measured through, or NULL. */
const char *sp_row_engine(const sp_state *st);
/* "md5/avx512": the implementation tag into |impl|, |norm| keeps the algorithm. */
void sp_split_impl(char *norm, size_t norm_len, char *impl, size_t len);
/* A public-key row from seconds per op or ops/s; zero is no row. */
int sp_pk_add(sp_state *st, const char *name, const char *op, double v, int is_seconds);

/* speedparse_json.c: the ember JSON document. */
int sp_parse_json(sp_state *st, const char *data, size_t len);
/* speedparse_stime.c: an `ember s_time -format json` document ("format": "ember-s_time"), for speedparse_json.c */
struct json;
int sp_parse_stime(sp_state *st, const struct json *root);

#endif
