/*
 * speedparse_int.h - what the files of the speed-result reader share (for
 * tools/results/speedparse*.c only; speedparse.h is the interface): the
 * parser state and the functions one file calls in another. Calls go one
 * way: speedparse_load.c calls the readers, speedparse_text.c and
 * speedparse_json.c, and all three call speedparse.c, which calls none of
 * them.
 */
#ifndef EMBER_TOOL_SPEEDPARSE_INT_H
#define EMBER_TOOL_SPEEDPARSE_INT_H

#include "speedparse.h"

#define SP_MAX_SIZES 16
/* Warnings are held until the file is known to load: a refused file gets one error line, nothing more. */
#define SP_MAX_HELD 10

/* What the parser keeps per row besides the row itself. */
typedef struct sp_rowx {
	size_t nstored;       /* samples in row->samples, never above row->cap */
	unsigned spread_line; /* line of a JSON entry that gave min/max instead of samples, else 0 */
} sp_rowx;

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
void sp_flush_warnings(const sp_state *st);
int sp_add_sample(sp_state *st, const char *name, const char *impl, const char *op,
    unsigned size, double v, size_t *at);
void sp_finish_rows(sp_state *st);
int sp_tag_impls(sp_state *st);
/* Sets a metadata field of the file (leading blanks dropped). */
int sp_set_meta(sp_state *st, char **slot, const char *v);

/* speedparse_text.c: openssl and ember text tables and -mr records, in place in |data|. */
int sp_parse_text(sp_state *st, char *data, size_t len);

/* speedparse_json.c: the ember JSON document. */
int sp_parse_json(sp_state *st, const char *data, size_t len);

#endif
