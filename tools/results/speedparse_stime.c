/*
 * speedparse_stime.c - `ember s_time -format json` ("format":
 * "ember-s_time") as rows of the speed-result set, so `ember compare`
 * and `ember report` put two runs side by side with the machinery of
 * speed results. One document is one configuration, two public-key-style
 * rows named "s_time:tls13:GROUP:SIG" or, for a "protocol" of "TLSv1.2",
 * "s_time:tls12:GROUP:SIG" (GROUP in `ember speed`'s words: x25519, p256,
 * p384, x25519mlkem768; SIG the signature scheme's RFC name):
 *
 *   op "conn"         conn_per_sec_wall, connections per second of wall clock
 *   op "median-rate"  1000 / latency_ms.median: handshakes per second at
 *                     the median latency, so that higher is better as in
 *                     every other row and compare's verdicts keep their sense
 *
 * The document's "connect" (and "www") go where a speed file names its
 * engine, for the header line; they do not take part in matching: a run
 * against a laptop's server and one against a router's are the point.
 */
#include <ctype.h>
#include <string.h>

#include "json.h"
#include "speedparse_int.h"

/* A string member for a terminal: none of C0, DEL, C1 (as speedparse_json.c's). */
static int str_ok(sp_state *st, const json *root, const char *key, const char **out)
{
	const json *v = json_get(root, key);
	const unsigned char *u;

	*out = NULL;
	if (v == NULL || v->type != JSON_STR)
		return 0;
	for (u = (const unsigned char *)v->u.str; *u; u++)
		if (*u < 0x20 || *u == 0x7f || (u[0] == 0xc2 && u[1] >= 0x80 && u[1] < 0xa0)) {
			st->line = v->line;
			return sp_perr(st, "control character in \"%s\"", key);
		}
	*out = v->u.str;
	return 0;
}

/* "P-256" -> "p256", "ecdsa_secp256r1_sha256" kept: lower case, letters, digits and '_' only. */
static int word(const char *in, char *out, size_t cap)
{
	size_t n = 0;

	for (; *in; in++) {
		unsigned char ch = (unsigned char)*in;
		if (ch == '-')
			continue;
		if (!isalnum(ch) && ch != '_')
			return -1;
		if (n + 1 >= cap)
			return -1;
		out[n++] = (char)tolower(ch);
	}
	out[n] = 0;
	return n ? 0 : -1;
}

int sp_parse_stime(sp_state *st, const json *root)
{
	const json *lat = json_get(root, "latency_ms");
	const char *group, *sig, *connect, *www, *version, *proto;
	char g[32], s[48], name[96], v[96], about[600];
	double rate, median, n;

	if (str_ok(st, root, "group", &group) || str_ok(st, root, "sigalg", &sig) ||
	    str_ok(st, root, "connect", &connect) || str_ok(st, root, "www", &www) ||
	    str_ok(st, root, "version", &version) || str_ok(st, root, "protocol", &proto))
		return -1;
	st->line = root->line;
	if (group == NULL || sig == NULL || word(group, g, sizeof(g)) || word(sig, s, sizeof(s)))
		return sp_perr(st, "s_time document without a readable \"group\" and \"sigalg\"");
	if (!json_num(root, "conn_per_sec_wall", &rate) || !(rate >= 0 && rate < 1e15)) /* NaN and inf refused too */
		return sp_perr(st, "s_time document without \"conn_per_sec_wall\"");
	if (!json_num(lat, "median", &median) || !(median >= 1e-9 && median < 1e15)) /* 1000 / median stays finite */
		return sp_perr(st, "s_time document without \"latency_ms\": {\"median\"}");
	if (proto && strcmp(proto, "TLSv1.3") != 0 && strcmp(proto, "TLSv1.2") != 0)
		return sp_perr(st, "s_time document of protocol \"%.20s\" (TLSv1.3 or TLSv1.2)", proto);
	if (json_num(root, "connections", &n) && n < 1)
		return sp_perr(st, "s_time document of no connection");
	snprintf(v, sizeof(v), "Ember %s", version ? version : "");
	if (sp_set_meta(st, &st->f->version, v))
		return -1;
	if (connect) {
		snprintf(about, sizeof(about), "s_time -connect %s%s%s", connect, www ? " -www " : "", www ? www : "");
		if (sp_set_meta(st, &st->f->engine, about))
			return -1;
	}
	snprintf(name, sizeof(name), "s_time:%s:%s:%s", proto && strcmp(proto, "TLSv1.2") == 0 ? "tls12" : "tls13", g, s);
	if (sp_add_sample(st, name, NULL, NULL, "conn", 0, rate, NULL) ||
	    sp_add_sample(st, name, NULL, NULL, "median-rate", 0, 1000.0 / median, NULL))
		return -1;
	return 0;
}
