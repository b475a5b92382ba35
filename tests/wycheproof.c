/*
 * wycheproof.c - loading a Wycheproof file from the vectors directory (-s),
 * for the test units. Apart from testutil.c because it needs the runner
 * (t_shared_dir, t_skip), which the fuzz targets linking testutil.o lack.
 */
#include <stdio.h>

#include "test.h"

tj *t_wycheproof_load(const char *name)
{
	char rel[128];
	tj *j;

	snprintf(rel, sizeof(rel), "wycheproof/testvectors_v1/%s", name);
	if (t_shared_dir == NULL || (j = tj_load(t_path(t_shared_dir, rel))) == NULL) {
		t_skip("Wycheproof %s: not found under %s", name, t_shared_dir ? t_shared_dir : "(no -s)");
		return NULL;
	}
	return j;
}
