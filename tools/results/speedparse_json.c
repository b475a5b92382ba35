/*
 * speedparse_json.c - the JSON reader of speedparse: an ember speed
 * document ({"format": "ember-speed", "results": [...], "pk": [...]}, as
 * docs/CONTRACTS and docs/ember-speed.schema.json describe it), its build
 * and CPU facts, and each entry's samples, median or min/max spread.
 */
#include <math.h>
#include <string.h>

#include "json.h"
#include "speedparse_int.h"

/*
 * String member |key| of |obj| into |*out| (NULL when absent or not a
 * string). A string the reader keeps or quotes reaches a terminal: one with
 * a control character (C0, DEL, C1; the JSON reader has checked the UTF-8)
 * is refused, as the text reader refuses such bytes.
 */
static int jstr(sp_state *st, const json *obj, const char *key, const char **out)
{
	const json *v = json_get(obj, key);
	const unsigned char *u;

	*out = NULL;
	if (v == NULL || v->type != JSON_STR)
		return 0;
	for (u = (const unsigned char *)v->u.str; *u; u++) {
		unsigned cp = *u;
		if (u[0] == 0xc2 && u[1] >= 0x80 && u[1] < 0xa0)
			cp = u[1];
		if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
			st->line = v->line;
			return sp_perr(st, "control character U+%04X in \"%s\"", cp, key);
		}
	}
	*out = v->u.str;
	return 0;
}

/* One result entry of the ember JSON: samples, else median, else the rate. */
static int json_entry(sp_state *st, const json *e, const char *rate_key, int pk, const char *root_engine,
    double repeat)
{
	const char *alg, *impl, *engine, *op = NULL;
	const json *samples = json_get(e, "samples");
	char norm[96];
	double size = 0, v, lo, hi;
	size_t i, at;
	sp_row *r;

	st->line = e->line;
	if (e->type != JSON_OBJ)
		return sp_perr(st, "result entry is not an object");
	if (jstr(st, e, "algorithm", &alg) || jstr(st, e, "impl", &impl) || jstr(st, e, "engine", &engine) ||
	    (pk && jstr(st, e, "op", &op)))
		return -1;
	st->line = e->line;
	if (alg == NULL)
		return sp_perr(st, "result entry without an \"algorithm\"");
	sp_normalise(alg, norm, sizeof(norm));
	/* Each entry's engine, else the document's: engines are kept apart, never repeats of one another. */
	if (engine == NULL)
		engine = root_engine;
	if (pk && op == NULL)
		return sp_perr(st, "%s: public-key entry without an \"op\"", alg);
	/* ECDH's "derive" is openssl's "op" column (its text and -mr tables) */
	if (pk && strcmp(op, "derive") == 0)
		op = "op";
	if (!pk && (!json_num(e, "size", &size) || size < 1 || size > 1u << 30 || size != floor(size)))
		return sp_perr(st, "%s: missing or bad \"size\"", alg);
	if (samples && samples->type == JSON_ARR && samples->n > 0) {
		const json *s;
		for (i = 0, s = json_first(samples); i < samples->n; i++, s = json_next(s)) {
			st->line = s->line;
			if (s->type != JSON_NUM || s->u.num < 0)
				return sp_perr(st, "%s: bad sample", alg);
			if (sp_add_sample(st, norm, impl, engine, op, (unsigned)size, s->u.num, NULL))
				return -1;
		}
		return 0;
	}
	if (!json_num(e, "median", &v) && !json_num(e, rate_key, &v))
		return sp_perr(st, "%s: no \"%s\", \"median\" or \"samples\"", alg, rate_key);
	if (v < 0)
		return sp_perr(st, "%s: negative rate", alg);
	if (sp_add_sample(st, norm, impl, engine, op, (unsigned)size, v, &at))
		return -1;
	r = &st->f->rows[at];
	if (json_num(e, "min", &lo) && json_num(e, "max", &hi) && lo <= v && v <= hi && st->x[at].nstored == 1 &&
	    (repeat > 1 || hi > lo)) {
		/*
		 * Spread without the samples: min and max as given, and the declared
		 * repeat count as the number of runs. The one sample stays the only
		 * one stored; the row takes no more (sp_add_sample refuses them).
		 */
		st->x[at].spread_line = e->line;
		r->value = v;
		r->lo = lo;
		r->hi = hi;
		r->runs = repeat >= 2 ? (size_t)repeat : 2;
	}
	return 0;
}

/*
 * What the document says of its engines: "engines": [{"name", "about"}]
 * as "ember; openssl (OpenSSL 3.0.22 ...)", else its "engine".
 */
static int json_engines(sp_state *st, const json *root)
{
	const json *list = json_get(root, "engines"), *e;
	char buf[1024] = "";
	const char *name, *about;
	size_t i, used;

	if (jstr(st, root, "engine", &name))
		return -1;
	if (list == NULL || list->type != JSON_ARR || list->n == 0)
		return name ? sp_set_meta(st, &st->f->engine, name) : 0;
	for (i = 0, e = json_first(list); i < list->n; i++, e = json_next(e)) {
		if (e->type != JSON_OBJ)
			continue;
		if (jstr(st, e, "name", &name) || jstr(st, e, "about", &about))
			return -1;
		if (name == NULL)
			continue;
		used = strlen(buf);
		snprintf(buf + used, sizeof(buf) - used, "%s%s%s%s%s", used ? "; " : "", name,
		    about && about[0] ? " (" : "", about && about[0] ? about : "", about && about[0] ? ")" : "");
	}
	return buf[0] ? sp_set_meta(st, &st->f->engine, buf) : 0;
}

int sp_parse_json(sp_state *st, const char *data, size_t len)
{
	char jerr[128], v[96], cc[1024];
	unsigned jline = 0;
	json *root = json_parse(data, len, jerr, sizeof(jerr), &jline);
	const json *res, *pk, *build, *cpu, *rep, *e;
	const char *s, *tool, *root_engine, *flags;
	double d;
	size_t i;
	int rc = -1;

	if (root == NULL) {
		st->line = jline;
		return sp_perr(st, "JSON: %s", jerr);
	}
	st->line = 0;
	s = json_str(root, "format");
	if (root->type == JSON_OBJ && s != NULL && strcmp(s, "ember-s_time") == 0) {
		rc = sp_parse_stime(st, root); /* `ember s_time -format json`: its two rows */
		goto out;
	}
	if (root->type != JSON_OBJ || s == NULL || strcmp(s, "ember-speed") != 0) {
		sp_perr(st, "JSON but not an ember speed document (\"format\": \"ember-speed\")");
		goto out;
	}
	if (json_num(root, "format_version", &d) && d > 1)
		sp_hold(st, "%s: format_version %g is newer than this reader (1)", st->name, d);
	if (jstr(st, root, "tool_version", &s) || jstr(st, root, "tool", &tool) ||
	    jstr(st, root, "engine", &root_engine))
		goto out;
	snprintf(v, sizeof(v), "%s %s", tool && strcmp(tool, "ember") != 0 ? tool : "Ember", s ? s : "");
	if (sp_set_meta(st, &st->f->version, v))
		goto out;
	if (json_engines(st, root))
		goto out;
	build = json_get(root, "build");
	/*
	 * The compiler with its flags, as the text's "compiler:" line has them;
	 * "options" is left for the implementations, as on the text's "options:".
	 */
	if (jstr(st, build, "compiler", &s) || jstr(st, build, "flags", &flags))
		goto out;
	snprintf(cc, sizeof(cc), "%s%s%s", s ? s : "", s && flags ? " " : "", flags ? flags : "");
	if (cc[0] && sp_set_meta(st, &st->f->compiler, cc))
		goto out;
	if (jstr(st, build, "target", &s) || (s && sp_set_meta(st, &st->f->platform, s)))
		goto out;
	if (jstr(st, build, "date", &s) || (s && sp_set_meta(st, &st->f->built_on, s)))
		goto out;
	cpu = json_get(root, "cpu");
	if (jstr(st, cpu, "features", &s) || (s && sp_set_meta(st, &st->f->cpuinfo, s)))
		goto out;
	res = json_get(root, "results");
	pk = json_get(root, "pk");
	if ((res && res->type != JSON_ARR) || (pk && pk->type != JSON_ARR)) {
		sp_perr(st, "\"results\" and \"pk\" must be arrays");
		goto out;
	}
	/* The declared runs per row (docs/ember-speed.schema.json: an integer, at least 1). */
	d = 1;
	if ((rep = json_get(root, "repeat")) != NULL) {
		if (rep->type != JSON_NUM || rep->u.num < 1 || rep->u.num > 1e6 || rep->u.num != floor(rep->u.num)) {
			st->line = rep->line;
			sp_perr(st, "bad \"repeat\" (an integer from 1 to 1000000)");
			goto out;
		}
		d = rep->u.num;
	}
	if ((e = json_get(root, "decrypt")) != NULL && e->type == JSON_BOOL)
		st->f->decrypt = e->boolean != 0;
	for (i = 0, e = json_first(res); res && i < res->n; i++, e = json_next(e))
		if (json_entry(st, e, "bytes_per_sec", 0, root_engine, d))
			goto out;
	for (i = 0, e = json_first(pk); pk && i < pk->n; i++, e = json_next(e))
		if (json_entry(st, e, "ops_per_sec", 1, root_engine, d))
			goto out;
	rc = 0;
out:
	json_free(root);
	return rc;
}
