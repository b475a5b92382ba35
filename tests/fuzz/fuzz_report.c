/*
 * fuzz_report.c - `ember report` on arbitrary bytes: the input is one result
 * file, or two separated by a NUL byte (no result format allows one), read
 * by sp_parse and rendered by report_write into memory as the HTML page and
 * as the bare SVG. Every page must pass report_markup_check: whatever the
 * files said, the output holds only the markup the renderer writes, and
 * every input string in it is escaped. A violation aborts.
 *
 * tests/t_report_render.c includes this file with FUZZ_REPORT_CHECK_ONLY
 * defined, so the unit test and the fuzzer judge pages by the same rules.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speedparse.h"

/* tools/report.c */
int report_write(FILE *o, const sp_file *files, size_t nfiles, const char *title, int svg);

/*
 * Elements the renderer writes. A LEAF holds text only, so markup an input
 * smuggled into one shows; VOID is HTML's <meta>, which has no end tag;
 * SHAPE elements are always closed by "/>"; SVG ones may stand in the bare SVG.
 */
#define RC_LEAF 1
#define RC_VOID 2
#define RC_SHAPE 4
#define RC_SVG 8
static const struct rc_elem {
	const char *name;
	int flags;
} rc_elems[] = {
	{ "html", 0 }, { "head", 0 }, { "meta", RC_VOID }, { "title", RC_LEAF | RC_SVG }, { "style", RC_LEAF | RC_SVG },
	{ "body", 0 }, { "h1", RC_LEAF }, { "h2", RC_LEAF }, { "table", 0 }, { "tr", 0 }, { "th", RC_LEAF },
	{ "td", RC_LEAF }, { "p", RC_LEAF }, { "section", 0 }, { "figure", 0 }, { "svg", RC_SVG }, { "g", RC_SVG },
	{ "text", RC_LEAF | RC_SVG }, { "rect", RC_SHAPE | RC_SVG }, { "line", RC_SHAPE | RC_SVG },
	{ "circle", RC_SHAPE | RC_SVG }, { "path", RC_SHAPE | RC_SVG }, { "polyline", RC_SHAPE | RC_SVG },
};

/* Attributes the renderer writes (none of them an event handler, none a URL but xmlns's constant). */
static const char *const rc_attrs[] = {
	"lang", "charset", "http-equiv", "content", "name", "colspan", "class", "xmlns", "width", "height",
	"viewBox", "role", "aria-label", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "d", "fill",
	"fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "points", "transform",
};

#define RC_DEPTH 16

static int rc_fail(char *why, size_t why_len, size_t at, const char *what)
{
	if (why && why_len)
		snprintf(why, why_len, "offset %lu: %s", (unsigned long)at, what);
	return -1;
}

static int rc_has(const char *p, size_t n, size_t at, const char *lit)
{
	size_t l = strlen(lit);

	return at + l <= n && memcmp(p + at, lit, l) == 0;
}

static int rc_has_nocase(const char *p, size_t n, const char *needle)
{
	size_t l = strlen(needle), i, j;

	for (i = 0; i + l <= n; i++) {
		for (j = 0; j < l && tolower((unsigned char)p[i + j]) == needle[j]; j++)
			;
		if (j == l)
			return 1;
	}
	return 0;
}

/* At an '&': one of the five entities esc() writes, else 0. */
static size_t rc_entity(const char *p, size_t n, size_t at)
{
	static const char *const ents[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;" };
	size_t i;

	for (i = 0; i < sizeof(ents) / sizeof(ents[0]); i++)
		if (rc_has(p, n, at, ents[i]))
			return strlen(ents[i]);
	return 0;
}

/*
 * report_markup_check - 0 when |p| (|n| bytes) is a page as the renderer
 * writes it: every '<' opens or closes one of its elements, properly nested,
 * with leaves holding text only; attributes are its own, double-quoted, none
 * twice; every '&' starts one of esc()'s entities; no '>' outside a tag; no
 * NUL; no "<script", "javascript:" or " on...=" anywhere (any case); one
 * <style> element and, for HTML, one <html>, <head> and <body>. Else -1 with
 * the offset and the rule in |why|.
 */
static int report_markup_check(const char *p, size_t n, int svg, char *why, size_t why_len)
{
	size_t at = 0, depth = 0, nstyle = 0, nhtml = 0, nhead = 0, nbody = 0;
	const struct rc_elem *stack[RC_DEPTH];

	if (memchr(p, 0, n) != NULL)
		return rc_fail(why, why_len, (size_t)((const char *)memchr(p, 0, n) - p), "NUL byte");
	if (rc_has_nocase(p, n, "<script"))
		return rc_fail(why, why_len, 0, "<script in the output");
	if (svg) {
		static const char xml[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
		if (!rc_has(p, n, 0, xml))
			return rc_fail(why, why_len, 0, "no XML declaration");
		at = sizeof(xml) - 1;
	} else {
		static const char dt[] = "<!DOCTYPE html>\n";
		if (!rc_has(p, n, 0, dt))
			return rc_fail(why, why_len, 0, "no doctype");
		at = sizeof(dt) - 1;
	}
	while (at < n) {
		const struct rc_elem *e = NULL;
		size_t start = at, l, i;
		int end = 0, selfclose = 0;
		unsigned seen = 0; /* attributes seen, by index in rc_attrs (fewer than 32) */

		if (p[at] == '&') {
			if ((l = rc_entity(p, n, at)) == 0)
				return rc_fail(why, why_len, at, "'&' that starts no entity");
			at += l;
			continue;
		}
		if (p[at] == '>')
			return rc_fail(why, why_len, at, "'>' outside a tag");
		if (p[at] != '<') {
			at++;
			continue;
		}
		at++;
		if (at < n && p[at] == '/') {
			end = 1;
			at++;
		}
		for (l = 0; at + l < n && isalnum((unsigned char)p[at + l]); l++)
			;
		for (i = 0; i < sizeof(rc_elems) / sizeof(rc_elems[0]); i++)
			if (strlen(rc_elems[i].name) == l && memcmp(rc_elems[i].name, p + at, l) == 0)
				e = &rc_elems[i];
		if (e == NULL || (svg && !(e->flags & RC_SVG)))
			return rc_fail(why, why_len, start, "'<' that starts none of the renderer's elements");
		at += l;
		if (end) {
			if (at >= n || p[at] != '>')
				return rc_fail(why, why_len, start, "end tag with more than a name");
			if (depth == 0 || stack[depth - 1] != e || (e->flags & (RC_VOID | RC_SHAPE)))
				return rc_fail(why, why_len, start, "end tag that closes no open element");
			depth--;
			at++;
			continue;
		}
		if (depth > 0 && (stack[depth - 1]->flags & RC_LEAF))
			return rc_fail(why, why_len, start, "element inside a text-only element");
		/* attributes */
		for (;;) {
			size_t an;
			if (at < n && p[at] == '>') {
				at++;
				break;
			}
			if (rc_has(p, n, at, "/>")) {
				selfclose = 1;
				at += 2;
				break;
			}
			if (at >= n || p[at] != ' ')
				return rc_fail(why, why_len, at, "tag: expected ' ', '>' or '/>'");
			at++;
			for (an = 0; at + an < n && (isalnum((unsigned char)p[at + an]) || p[at + an] == '-'); an++)
				;
			if (an >= 2 && tolower((unsigned char)p[at]) == 'o' && tolower((unsigned char)p[at + 1]) == 'n')
				return rc_fail(why, why_len, at, "event-handler attribute");
			for (i = 0; i < sizeof(rc_attrs) / sizeof(rc_attrs[0]); i++)
				if (strlen(rc_attrs[i]) == an && memcmp(rc_attrs[i], p + at, an) == 0)
					break;
			if (i == sizeof(rc_attrs) / sizeof(rc_attrs[0]))
				return rc_fail(why, why_len, at, "attribute the renderer does not write");
			if (seen & (1u << i))
				return rc_fail(why, why_len, at, "attribute given twice");
			seen |= 1u << i;
			at += an;
			if (!rc_has(p, n, at, "=\""))
				return rc_fail(why, why_len, at, "attribute value not double-quoted");
			at += 2;
			/*
			 * No attribute the renderer writes takes a URL but xmlns, whose value
			 * is a constant; only aria-label carries input text, where a
			 * "javascript:" is as inert as in the text content it repeats.
			 */
			if (strcmp(rc_attrs[i], "xmlns") == 0 && !rc_has(p, n, at, "http://www.w3.org/2000/svg\""))
				return rc_fail(why, why_len, at, "xmlns other than SVG's");
			if (strcmp(rc_attrs[i], "aria-label") != 0 && strcmp(rc_attrs[i], "content") != 0) {
				size_t q = at;
				while (q < n && p[q] != '"')
					q++;
				if (rc_has_nocase(p + at, q - at, "javascript:"))
					return rc_fail(why, why_len, at, "javascript: in an attribute value");
			}
			for (; at < n && p[at] != '"'; ) {
				if (p[at] == '<' || p[at] == '>')
					return rc_fail(why, why_len, at, "'<' or '>' in an attribute value");
				if (p[at] == '&') {
					if ((l = rc_entity(p, n, at)) == 0)
						return rc_fail(why, why_len, at, "'&' that starts no entity");
					at += l;
				} else {
					at++;
				}
			}
			if (at >= n)
				return rc_fail(why, why_len, start, "unterminated attribute value");
			at++;
		}
		if (strcmp(e->name, "style") == 0)
			nstyle++;
		nhtml += strcmp(e->name, "html") == 0;
		nhead += strcmp(e->name, "head") == 0;
		nbody += strcmp(e->name, "body") == 0;
		if (selfclose != !!(e->flags & RC_SHAPE))
			return rc_fail(why, why_len, start, selfclose ? "'/>' on an element the renderer closes" :
			    "shape without '/>'");
		if (e->flags & (RC_VOID | RC_SHAPE))
			continue;
		if (depth == RC_DEPTH)
			return rc_fail(why, why_len, start, "elements nested too deep");
		stack[depth++] = e;
		if (strcmp(e->name, "style") == 0) {
			/* CSS text up to </style>: constant, but hold it to the same rules */
			const char *close = NULL;
			for (i = at; i + 8 <= n; i++)
				if (memcmp(p + i, "</style>", 8) == 0) {
					close = p + i;
					break;
				}
			if (close == NULL)
				return rc_fail(why, why_len, start, "unterminated <style>");
			for (i = at; p + i < close; i++)
				if (p[i] == '<' || p[i] == '>' || p[i] == '&')
					return rc_fail(why, why_len, i, "markup in <style>");
			at = (size_t)(close - p);
		}
	}
	if (depth != 0)
		return rc_fail(why, why_len, n, "elements left open");
	if (nstyle != 1 || (!svg && (nhtml != 1 || nhead != 1 || nbody != 1)))
		return rc_fail(why, why_len, n, "not one <style>, <html>, <head> and <body>");
	return 0;
}

#ifndef FUZZ_REPORT_CHECK_ONLY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *d = (const char *)data, *cut = memchr(d, 0, size);
	size_t lens[2], nfiles = 0, i;
	const char *parts[2];
	static const char *const names[2] = { "a/fuzz<&>'\".txt", "b/fuzz<&>'\".txt" };
	sp_file files[2];
	char err[512], why[160];
	int svg;

	parts[0] = d;
	lens[0] = cut ? (size_t)(cut - d) : size;
	parts[1] = cut ? cut + 1 : NULL;
	lens[1] = cut ? size - lens[0] - 1 : 0;
	for (i = 0; i < (cut ? 2u : 1u); i++) {
		if (sp_parse(names[i], parts[i], lens[i], &files[nfiles], NULL, err, sizeof(err)) != 0)
			break;
		nfiles++;
	}
	if (nfiles == (cut ? 2u : 1u)) {
		for (svg = 0; svg < 2; svg++) {
			char *page = NULL;
			size_t plen = 0;
			FILE *o = open_memstream(&page, &plen);
			if (o == NULL)
				abort();
			if (report_write(o, files, nfiles, "fuzz <title> & 'more'", svg) != 0)
				abort();
			if (fclose(o) != 0)
				abort();
			if (report_markup_check(page, plen, svg, why, sizeof(why)) != 0) {
				fprintf(stderr, "fuzz_report: %s page: %s\n", svg ? "svg" : "html", why);
				abort();
			}
			free(page);
		}
	}
	for (i = 0; i < nfiles; i++)
		sp_free(&files[i]);
	return 0;
}
#endif
