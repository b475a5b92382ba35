/*
 * compare.c - `ember compare [options] BASELINE OTHER...`: for every
 * algorithm and block size (and public-key operation) present in the
 * baseline and another file, the values and the change in percent (a ratio
 * beyond +100 %), as a text, markdown, CSV or JSON table. Inputs are read by
 * speedparse.c.
 *
 * Rows match by algorithm, size or operation; engines are never mixed (a
 * multi-engine file is narrowed to one engine with -engine, or matched
 * engine to engine against another multi-engine file); implementation tags
 * do not prevent a match when each side has one implementation of the row,
 * and decide it when a side has several.
 *
 * The command is three files that call downwards only. This one: the
 * command line, which engine of each file is compared, the output file and
 * the exit status. compare_print.c prints the table (text, markdown, CSV,
 * JSON) and the rows not compared; compare_match.c indexes the files, finds
 * each baseline row's partners, classifies the changes (compare.h) and
 * orders the table's lines. compare_int.h is what they share.
 */
#include <stdlib.h>
#include <string.h>

#include "compare_int.h"
#include "tool.h"

enum { FMT_TEXT, FMT_MD, FMT_CSV, FMT_JSON };

/* The files' engines joined: "ember, openssl". */
static void engine_list(const sp_file *f, char *buf, size_t len)
{
	size_t i, used;

	buf[0] = 0;
	for (i = 0; i < f->nengines; i++) {
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", i ? ", " : "", f->engines[i]);
	}
}

static int has_engine(const sp_file *f, const char *e)
{
	size_t i;

	for (i = 0; i < f->nengines; i++)
		if (strcmp(f->engines[i], e) == 0)
			return 1;
	return 0;
}

/*
 * Which rows of each file take part. -engine NAME: NAME's rows of every
 * file that has it; a file without it is taken whole when it holds one
 * engine (or does not say), refused when it holds several. Without
 * -engine: a file of several engines meets a file of one engine E through
 * its E rows; files that all hold several engines are matched engine to
 * engine; anything else needs -engine. Returns 0, or -1 after the error.
 */
static int choose_engines(cmp_ctx *c, const char *want)
{
	size_t k, multi = 0, single = 0;
	const char *e = NULL;
	char list[512];

	for (k = 0; k < c->nfiles; k++)
		multi += c->files[k].nengines > 1;
	if (want) {
		size_t found = 0;
		for (k = 0; k < c->nfiles; k++) {
			const sp_file *f = &c->files[k];
			if (has_engine(f, want)) {
				c->engine[k] = want;
				found++;
			} else if (f->nengines > 1) {
				engine_list(f, list, sizeof(list));
				tool_error("compare", "%s has no engine %s (it holds %s)", f->path, want, list);
				return -1;
			}
		}
		if (found == 0) {
			tool_error("compare", "no file has engine %s", want);
			return -1;
		}
		return 0;
	}
	if (multi == 0)
		return 0;
	for (k = 0; k < c->nfiles; k++) {
		const sp_file *f = &c->files[k];
		if (f->nengines > 1)
			continue;
		single++;
		if (f->nengines == 0 || (e && strcmp(e, f->engines[0]) != 0)) {
			e = NULL;
			break;
		}
		e = f->engines[0];
	}
	if (single == 0) {
		c->by_engine = 1;
		return 0;
	}
	for (k = 0; e && k < c->nfiles; k++)
		if (!has_engine(&c->files[k], e))
			e = NULL;
	if (e == NULL) {
		for (k = 0; c->files[k].nengines < 2; k++)
			;
		engine_list(&c->files[k], list, sizeof(list));
		tool_error("compare", "%s holds several engines (%s) and the other files not one of them: choose one "
		    "with -engine NAME", c->files[k].path, list);
		return -1;
	}
	for (k = 0; k < c->nfiles; k++)
		c->engine[k] = e;
	return 0;
}

/* An AEAD row: its -decrypt differs between openssl speed 3.0 and Ember (ember-speed(1)). */
static int aead_row(const sp_row *r)
{
	return strstr(r->algo, "-gcm") != NULL || strstr(r->algo, "-ccm") != NULL ||
	    strstr(r->algo, "chacha20-poly1305") != NULL;
}

/*
 * A file that says it opened AEAD records with their valid tag (-decrypt)
 * matched against openssl's AEAD rows: openssl speed 3.0's -aead -decrypt
 * sets a fixed wrong tag, so every open it times fails, and its text never
 * says it was -decrypt. Said once per pair on standard error (the table's
 * formats stay as they are), where the openssl file may be 3.0's: its
 * version says 3.0, or it has none (-mr).
 */
static void note_decrypt(const cmp_ctx *c)
{
	size_t i, k, j;

	for (i = 0; i < c->nfiles; i++) {
		if (!c->files[i].decrypt)
			continue;
		for (k = 0; k < c->nfiles; k++) {
			const sp_file *o = &c->files[k];
			if (k == i || sp_is_ember(o) || (o->version != NULL && strstr(o->version, "3.0") == NULL))
				continue;
			for (j = 0; j < o->nrows; j++)
				if (aead_row(&o->rows[j]) && cmp_matched(c, k, &o->rows[j]))
					break;
			if (j == o->nrows)
				continue;
			fprintf(stderr, "ember compare: note: %s opens each AEAD record with its valid tag (-decrypt); openssl "
			                "speed 3.0's -aead -decrypt sets a wrong tag, so if %s comes from it, every open it "
			                "timed failed and its AEAD rows (%s ...) are not the same work\n",
			    c->names[i], c->names[k], o->rows[j].algo);
		}
	}
}

int cmd_compare(int argc, char **argv)
{
	const char *out = NULL, *fmtname = "text", *want_engine = NULL;
	char **paths;
	size_t npaths = 0, i, k;
	int fmt = FMT_TEXT, fail_on_reg = 0, a, rc = 1;
	cmp_ctx c;
	char err[512], tmp[4096];
	FILE *o;

	memset(&c, 0, sizeof(c));
	c.threshold = 5.0;
	paths = calloc((size_t)argc + 1, sizeof(*paths));
	if (paths == NULL)
		return tool_error("compare", "out of memory");
	for (a = 1; a < argc; a++) {
		const char *s = argv[a];
		if (strcmp(s, "-threshold") == 0 && a + 1 < argc) {
			if (sp_number(argv[++a], 0, &c.threshold) != 0 || c.threshold > 1e6) {
				tool_error("compare", "bad -threshold '%s' (a percentage such as 5 or 2.5)", argv[a]);
				goto done;
			}
		} else if (strcmp(s, "-fail-on-regression") == 0) {
			fail_on_reg = 1;
		} else if (strcmp(s, "-engine") == 0 && a + 1 < argc) {
			want_engine = argv[++a];
			if (want_engine[0] == 0 || strlen(want_engine) > 63 ||
			    strspn(want_engine, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") !=
			        strlen(want_engine)) {
				tool_error("compare", "bad -engine '%s' (an engine name such as ember or openssl)", want_engine);
				goto done;
			}
		} else if (strcmp(s, "-format") == 0 && a + 1 < argc) {
			fmtname = argv[++a];
			if (strcmp(fmtname, "text") == 0)
				fmt = FMT_TEXT;
			else if (strcmp(fmtname, "markdown") == 0 || strcmp(fmtname, "md") == 0)
				fmt = FMT_MD;
			else if (strcmp(fmtname, "csv") == 0)
				fmt = FMT_CSV;
			else if (strcmp(fmtname, "json") == 0)
				fmt = FMT_JSON;
			else {
				tool_error("compare", "unknown -format '%s' (text, markdown, csv, json)", fmtname);
				goto done;
			}
		} else if (strcmp(s, "-o") == 0 && a + 1 < argc) {
			out = argv[++a];
		} else if (strcmp(s, "-h") == 0 || strcmp(s, "-help") == 0 || strcmp(s, "--help") == 0) {
			printf("usage: ember compare [-threshold PCT] [-fail-on-regression] [-engine NAME]\n"
			    "                     [-format text|markdown|csv|json] [-o FILE] BASELINE OTHER...\n"
			    "  -threshold PCT        a change is significant from PCT %% (default 5), and with repeats\n"
			    "                        only beyond the measured spread as well\n"
			    "  -fail-on-regression   exit 1 when a row is significantly slower\n"
			    "  -engine NAME          compare engine NAME's rows of files measured through several\n"
			    "                        engines (ember speed -engine ember,openssl)\n"
			    "(see man ember-compare)\n");
			rc = 0;
			goto done;
		} else if (s[0] == '-' && s[1] != 0) {
			tool_error("compare", "unknown option '%s' (or missing value)", s);
			goto done;
		} else {
			paths[npaths++] = argv[a];
		}
	}
	if (npaths < 2) {
		tool_error("compare", "need a baseline and at least one other file (try 'ember compare -h')");
		goto done;
	}
	c.files = calloc(npaths, sizeof(*c.files));
	c.ix = calloc(npaths, sizeof(*c.ix));
	c.names = calloc(npaths, sizeof(*c.names));
	c.engine = calloc(npaths, sizeof(*c.engine));
	if (c.files == NULL || c.ix == NULL || c.names == NULL || c.engine == NULL) {
		tool_error("compare", "out of memory");
		goto done;
	}
	for (i = 0; i < npaths; i++) {
		if (sp_load(paths[i], &c.files[i], stderr, err, sizeof(err)) != 0) {
			tool_error("compare", "%s", err);
			goto done;
		}
		c.nfiles++;
	}
	if (choose_engines(&c, want_engine) != 0)
		goto done;
	for (i = 0; i < npaths; i++) {
		if (cmp_index_file(&c.ix[i], &c.files[i], c.engine[i], c.by_engine) != 0) {
			tool_error("compare", "out of memory");
			goto done;
		}
		c.names[i] = sp_basename(&c.files[i]);
		for (k = 0; k < npaths; k++)
			if (k != i && strcmp(sp_basename(&c.files[k]), c.names[i]) == 0)
				c.names[i] = c.files[i].path;
	}
	c.lines = calloc(c.ix[0].n + 1, sizeof(*c.lines));
	if (c.lines == NULL) {
		tool_error("compare", "out of memory");
		goto done;
	}
	if (cmp_build_lines(&c) != 0) {
		tool_error("compare", "out of memory");
		goto done;
	}
	if (c.nlines == 0) {
		tool_error("compare", "%s and the other files have no algorithm and size in common", paths[0]);
		goto done;
	}
	note_decrypt(&c);
	o = tool_out_open(out, tmp, sizeof(tmp));
	if (o == NULL) {
		tool_error("compare", "%s: cannot create the output file", out);
		goto done;
	}
	switch (fmt) {
	case FMT_CSV: cmp_print_csv(&c, o); break;
	case FMT_JSON: cmp_print_json(&c, o); break;
	default:
		cmp_print_text(&c, o, fmt == FMT_MD);
		cmp_print_unmatched(&c, o, fmt == FMT_MD);
		break;
	}
	if (tool_out_close(o, out, tmp, 1) != 0) {
		tool_error("compare", "%s: write failed", out ? out : "standard output");
		goto done;
	}
	rc = 0;
	if (fail_on_reg && c.regressions) {
		fprintf(stderr, "ember compare: %u significant regression%s\n", c.regressions,
		    c.regressions > 1 ? "s" : "");
		rc = 1;
	}
done:
	for (i = 0; i < c.nfiles; i++) {
		sp_free(&c.files[i]);
		cmp_free_index(&c.ix[i]);
	}
	free(c.files);
	free(c.ix);
	free(c.names);
	free(c.engine);
	free(c.lines);
	free(paths);
	return rc;
}
