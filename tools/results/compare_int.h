/*
 * compare_int.h - what the three files of `ember compare` share (for
 * tools/results/compare*.c only; compare.h is the interface shared with the
 * tests): the context of a comparison, the index of each file's rows, the
 * table's lines, and the functions one file calls in another. compare.c
 * (the command line, the engines compared) calls compare_print.c (text,
 * markdown, CSV, JSON) and compare_match.c (the index, partners, change and
 * verdict, the lines); compare_print.c calls compare_match.c. Nothing calls
 * back up.
 */
#ifndef EMBER_TOOL_COMPARE_INT_H
#define EMBER_TOOL_COMPARE_INT_H

#include <stddef.h>
#include <stdio.h>

#include "compare.h"

/*
 * Each file's rows that take part (all, or one engine's), sorted for
 * lookups in n log n instead of a linear scan per row (n rows against n
 * rows would be quadratic): by match key (algorithm, op, size, and engine
 * when engines are matched), then implementation and position; and by
 * display name, for the groups of rows "not compared" names.
 */
typedef struct cmp_index {
	const sp_row **by_key;
	const sp_row **by_name;   /* grouped by name, in file order within a group */
	size_t n;
	int by_engine;
} cmp_index;

typedef struct cmp_line {
	const sp_row *base;
	size_t algo_order;   /* first appearance of the algorithm in the baseline */
	size_t series_order; /* and of its engine and implementation */
	int pk;
	int tag_impl;        /* the baseline has several implementations of the row: name them */
} cmp_line;

typedef struct cmp_ctx {
	sp_file *files;
	cmp_index *ix;        /* per file */
	const char **engine;  /* per file: the engine compared, or NULL for all its rows */
	size_t nfiles;
	int by_engine;        /* rows are matched engine to engine */
	const char **names;   /* column names: base names, or paths when those collide */
	cmp_line *lines;
	size_t nlines;
	double threshold;
	unsigned regressions, improvements;
} cmp_ctx;

/* compare_match.c: each file's rows indexed (-1 when out of memory), partners, the table's lines */
int cmp_index_file(cmp_index *ix, const sp_file *f, const char *engine, int by_engine);
void cmp_free_index(cmp_index *ix);
/* The partner of baseline row |b| in file |k|, or NULL. */
const sp_row *cmp_partner(const cmp_ctx *c, const sp_row *b, size_t k);
/* 1 when row |r| of file |k| has a partner (the baseline's in any other file). */
int cmp_matched(const cmp_ctx *c, size_t k, const sp_row *r);
/* c->lines (room for the baseline's rows), c->regressions and c->improvements; -1 when out of memory. */
int cmp_build_lines(cmp_ctx *c);

/* compare_print.c: the table; for text and markdown, then the rows not compared */
void cmp_print_text(cmp_ctx *c, FILE *o, int md);
void cmp_print_csv(cmp_ctx *c, FILE *o);
void cmp_print_json(cmp_ctx *c, FILE *o);
void cmp_print_unmatched(cmp_ctx *c, FILE *o, int md);

#endif
