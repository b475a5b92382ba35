/*
 * report_int.h - what the three files of `ember report` share. report.c
 * (the command, the page, its policy) calls report_ratio.c (the first
 * chart: who is faster, where) and report_chart.c (the escaping function,
 * text wrapping, legends, the per-algorithm charts); report_ratio.c calls
 * report_chart.c. Nothing calls back up.
 */
#ifndef EMBER_TOOL_REPORT_INT_H
#define EMBER_TOOL_REPORT_INT_H

#include <stddef.h>
#include <stdio.h>

#include "speedparse.h"

/* report_write's flags: 1 is the bare SVG, as tests/fuzz/fuzz_report.c passes it. */
#define REPORT_SVG 1
#define REPORT_LOG 2    /* every chart on a log axis */
#define REPORT_LINEAR 4 /* every chart on a linear axis; neither: log beyond RATIO_LOG */

#define RATIO_LOG 30.0  /* largest over smallest value in a chart beyond which its axis is logarithmic */

#define CH_W 600        /* chart width */
#define CH_L 72         /* left margin: y tick labels */
#define CH_R 24
#define CH_T 36         /* title */
#define CH_PH 220       /* plot height */
#define CH_B 44         /* x tick labels and axis name */
#define CH_LINE 14      /* one line of wrapped text (legends, notes) */
#define MAX_PK_OPS 16   /* operations shown per public-key chart */
#define NSTYLE 7

typedef struct rep {
	const sp_file *files;
	size_t nfiles;
	const char **names;   /* how each file is called: its base name, or its path where two agree */
	char **legends;       /* "name: description", whole, one per file */
	int *leg_lines;       /* the lines each legend wraps to */
	unsigned char *show;  /* scratch: which files a legend lists */
	int flags;            /* REPORT_LOG, REPORT_LINEAR */
	FILE *o;
} rep;

extern const char *const rep_colours[NSTYLE];

/* report_chart.c */
void rep_esc(FILE *o, const char *s);
void rep_esc_n(FILE *o, const char *s, size_t len);
int rep_wrap_count(const char *s, size_t len, double width_px, double font_px);
int rep_text_lines(FILE *o, const char *s, size_t len, double x, double y, double width_px, double font_px,
    const char *cls);
void rep_size_label(unsigned s, char *buf, size_t len);
double rep_floor125(double v);
double rep_ceil125(double v);
int rep_legend_lines(const char *s);
int rep_legend_height(const rep *r);
void rep_legend(const rep *r, double y0, int bars);
void rep_chart_open(const rep *r, int height, const char *title, const char *label, int nested, double y);
void rep_chart_close(const rep *r, int nested);
int rep_chart_height(const rep *r, const char *alg, int pk);
int rep_chart_throughput(const rep *r, const char *alg, int nested, double y_off);
int rep_chart_pk(const rep *r, const char *alg, int nested, double y_off);

/* report_ratio.c: the chart's height, or 0 when no algorithm is in two inputs; drawn only when |draw|. */
int rep_chart_ratio(const rep *r, int draw, int nested, double y_off);

#endif
