/*
 * print_int.h - what the text and -mr writers of `ember speed` share
 * (speed_int.h declares what the rest of the harness calls):
 *
 *   print.c        the header, openssl's text tables (the rates, the
 *                  public-key tables), and the helpers below
 *   print_mr.c     the -mr records of those tables (+H, +F, +F2..+F10, +EMBER)
 *   print_ember.c  Ember's tables after openssl's: -impl all's ratios,
 *                  -repeat's spread, -cycles' cycles per byte
 *   print_side.c   the engines side by side
 *   print_list.c   -list
 */
#ifndef EMBER_PRINT_INT_H
#define EMBER_PRINT_INT_H

#include <stdio.h>

#include "speed.h"

/* 1 when the rates of |r| are in wall-clock time (-multi's children, -elapsed), 0 for CPU time. */
int speed_wall_clock(const speed_run *r);
/*
 * The width of the name column: openssl's 13, or with -impl the longest
 * label (with |suffix_default| after the default's, when not NULL).
 */
int speed_name_width(const speed_run *r, const char *suffix_default);
/* The "type  16 bytes  64 bytes ..." line of a table whose name column is |width| wide. */
void speed_print_type_line(FILE *f, const speed_run *r, int width);
/* 1 when a row of |r| ran or failed: its rate table (or +H record) has rows. */
int speed_has_rows(const speed_run *r);
/* Writes |line| without its trailing blanks, and a newline. */
void speed_put_line(FILE *f, char *line);

/* -mr: the +H and +F records of one run, its public-key records, -impl all's and -stack's (print_mr.c). */
void speed_print_records(FILE *f, const speed_run *r);

/* Ember's tables (print_ember.c), each after a blank line; |width| as speed_name_width(r, NULL). */
void speed_print_fastest(FILE *f, const speed_run *r);
void speed_print_spread(FILE *f, const speed_run *r, int width);
void speed_print_cycles(FILE *f, const speed_run *r, int width);

#endif
