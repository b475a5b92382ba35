/*
 * compare.h - the arithmetic of `ember compare`, shared with its tests.
 */
#ifndef EMBER_TOOL_COMPARE_H
#define EMBER_TOOL_COMPARE_H

#include "speedparse.h"

enum cmp_status {
	CMP_SAME,         /* within the threshold (no repeats) */
	CMP_NOISE,        /* inside the measured spread (repeats) */
	CMP_REGRESSION,   /* significantly slower */
	CMP_IMPROVEMENT,  /* significantly faster */
	CMP_NA            /* the baseline is zero: no percentage */
};

/*
 * Change of |other| against |base| in percent, (other - base) / base * 100,
 * and its status: when either row carries repeats, a change is significant
 * only outside the measured spread ([min, max] ranges disjoint, or the single
 * value outside the other's range); otherwise when |change| >= threshold.
 */
enum cmp_status cmp_classify(const sp_row *base, const sp_row *other, double threshold, double *change);
const char *cmp_status_name(enum cmp_status s);

#endif
