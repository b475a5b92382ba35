/*
 * speed_util.c - what the tests of `ember speed` share (speed_util.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed_util.h"
#include "speedparse.h"
#include "test.h"

/* `ember SUB ARGS` (|sub| "" or a command and a blank), as ts_ember. */
static int run(const char *sub, const char *args, char **out, char **err)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), "%s'%s' %s%s", t_phase == 2 ? "EMBER_CPUCAP=none " : "", t_ember_bin, sub, args);
	return t_run_cmd(cmd, out, err);
}

int ts_ember(const char *args, char **out, char **err)
{
	return run("", args, out, err);
}

int ts_speed(const char *args, char **out, char **err)
{
	return run("speed ", args, out, err);
}

int ts_have_ember(void)
{
	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return 0;
	}
	return 1;
}

const char *ts_line_with(const char *text, const char *prefix)
{
	const char *p = text;
	size_t n = strlen(prefix);

	while (p && *p) {
		if (strncmp(p, prefix, n) == 0)
			return p;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

double ts_parsed_w(const char *text, const char *name, const char *op, unsigned *warnings)
{
	sp_file f;
	char err[256];
	const sp_row *r;
	double v = -1;

	memset(&f, 0, sizeof(f));
	if (sp_parse("speed-output", text, strlen(text), &f, NULL, err, sizeof(err)) != 0)
		return -2;
	r = sp_find(&f, name, op, 0);
	if (r != NULL)
		v = r->value;
	if (warnings)
		*warnings = f.warnings;
	sp_free(&f);
	return v;
}

double ts_parsed(const char *text, const char *name, const char *op)
{
	return ts_parsed_w(text, name, op, NULL);
}

int ts_row35_shape(const char *line, const char *name)
{
	char want[32];
	double t[3], r[3];

	snprintf(want, sizeof(want), "%27s ", name);
	if (line == NULL || strncmp(line, want, strlen(want)) != 0)
		return 0;
	if (sscanf(line + strlen(want), "%lfs %lfs %lfs %lf %lf %lf", &t[0], &t[1], &t[2], &r[0], &r[1], &r[2]) != 6)
		return 0;
	return r[0] > 0 && r[1] > 0 && r[2] > 0 && line[27 + 1 + 8] == 's';
}

void ts_check_schema(const char *path, const char *what)
{
	char schema[1024], cmd[3072];

	snprintf(schema, sizeof(schema), "%s/../../docs/ember-speed.schema.json", t_vec_dir);
	if (system("python3 -c 'import jsonschema' >/dev/null 2>&1") != 0) {
		t_skip("python3 jsonschema not installed: schema validation not run");
		return;
	}
	snprintf(cmd, sizeof(cmd),
	    "python3 -c 'import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])),"
	    " json.load(open(sys.argv[2])))' '%s' '%s'",
	    path, schema);
	CHECK(system(cmd) == 0, "%s does not validate against %s", what, schema);
}
