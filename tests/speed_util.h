/*
 * speed_util.h - what the tests of `ember speed` (t_speed_*.c) share:
 * running the command, finding a line of its output, reading it back
 * through the results reader, and the shape of openssl 3.5's KEM and SIG
 * rows. It needs the runner (t_phase, t_ember_bin, t_run_cmd), so, like
 * testcli.c, it stays out of testutil.c, which the fuzz targets link.
 */
#ifndef EMBER_SPEED_UTIL_H
#define EMBER_SPEED_UTIL_H

/*
 * `ember ARGS` (under EMBER_CPUCAP=none in phase 2): its exit status, its
 * standard output and standard error malloc'd (free both; either may be
 * NULL to discard), as t_run_cmd.
 */
int ts_ember(const char *args, char **out, char **err);
/* `ember speed ARGS`, as ts_ember. */
int ts_speed(const char *args, char **out, char **err);
/* 1 when the runner was given the ember binary (-e); else 0, the group skipped as "no ember binary (-e)". */
int ts_have_ember(void);
/* The first line of |text| starting with |prefix|, or NULL. */
const char *ts_line_with(const char *text, const char *prefix);
/*
 * Reads |text| as a result file: the rate of row |name|'s |op| (NULL: any;
 * size 0), -1 when there is no such row, -2 when the file did not load;
 * the reader's warnings in |*warnings| when not NULL.
 */
double ts_parsed_w(const char *text, const char *name, const char *op, unsigned *warnings);
double ts_parsed(const char *text, const char *name, const char *op);
/*
 * 1 when |line| (NULL: 0) is a row of openssl 3.5's KEM or SIG table for
 * |name|: "%27s %8.6fs %8.6fs %8.6fs %9.1f %9.1f %9.1f", its rates positive.
 */
int ts_row35_shape(const char *line, const char *name);
/*
 * The JSON file |path| against docs/ember-speed.schema.json, through
 * python3-jsonschema (skipped when it is not installed): one check, its
 * failure naming |what|.
 */
void ts_check_schema(const char *path, const char *what);

#endif
