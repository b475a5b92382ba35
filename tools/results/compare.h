/*
 * compare.h - the arithmetic of `ember compare`, shared with its tests.
 */
#ifndef EMBER_TOOL_COMPARE_H
#define EMBER_TOOL_COMPARE_H

#include "speedparse.h"

enum cmp_status {
	CMP_SAME,         /* within the threshold */
	CMP_NOISE,        /* beyond the threshold but inside the measured spread (repeats) */
	CMP_REGRESSION,   /* significantly slower */
	CMP_IMPROVEMENT,  /* significantly faster */
	CMP_NA            /* the baseline is zero: no percentage */
};

/*
 * Change of |other| against |base| in percent, (other - base) / base * 100,
 * and its status: significant when |change| >= threshold AND, when either
 * row carries repeats, beyond the measured spread ([min, max] ranges
 * disjoint, or the single value outside the other's range). Within the
 * threshold: CMP_SAME; beyond it but inside the spread: CMP_NOISE.
 */
enum cmp_status cmp_classify(const sp_row *base, const sp_row *other, double threshold, double *change);
const char *cmp_status_name(enum cmp_status s);
/*
 * The change as the table prints it: "-4.9 %", "+87.0 %", and beyond +100 %
 * the ratio other / base with an ASCII 'x' ("x2.37", "x137.0"), which keeps
 * one byte per column on any terminal; "n/a" without a baseline.
 */
void cmp_format_change(enum cmp_status st, double change, char *buf, size_t len);

#endif
