/*
 * speedparse_load.c - sp_load and sp_parse: a file into memory (bounded),
 * its format told from its first non-blank byte ('{': the ember JSON, else
 * text), the reader for that format, then the rows finished (engine and
 * implementation tags, medians, an Ember file's implementation list) and the
 * held warnings printed once the file has loaded.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "speedparse_int.h"

#define SP_MAX_FILE (64u << 20)

int sp_parse(const char *name, const char *data, size_t len, sp_file *f, FILE *warn,
    char *err, size_t err_len)
{
	sp_state st;
	char *copy;
	size_t i = 0;
	int rc;
	char fmt[64];

	memset(f, 0, sizeof(*f));
	memset(&st, 0, sizeof(st));
	st.f = f;
	st.name = name;
	st.warn = warn;
	st.err = err;
	st.err_len = err_len;
	if (err_len)
		err[0] = 0;
	f->path = sp_xstrdup(name);
	if (f->path == NULL)
		return sp_perr(&st, "out of memory");
	if (len == 0) {
		sp_perr(&st, "empty file");
		sp_free(f);
		return -1;
	}
	while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
		i++;
	if (i < len && data[i] == '{') {
		rc = sp_parse_json(&st, data, len);
		snprintf(fmt, sizeof(fmt), "ember json");
	} else {
		copy = malloc(len + 1);
		if (copy == NULL) {
			sp_free(f);
			return sp_perr(&st, "out of memory");
		}
		memcpy(copy, data, len);
		copy[len] = 0;
		rc = sp_parse_text(&st, copy, len);
		free(copy);
		snprintf(fmt, sizeof(fmt), "%s%s%s",
		    st.ember || (f->version && strncmp(f->version, "Ember", 5) == 0) ? "ember" :
		    st.maxcols == 5 ? "openssl 0.9.8/1.0.x" : st.maxcols >= 6 ? "openssl 1.1.x/3.x" : "openssl",
		    st.text ? " text" : "", st.mr ? " -mr" : "");
	}
	if (rc == 0 && f->nrows == 0) {
		/* rows were there but none could be read: the first says why */
		st.line = 0;
		if (st.first_bad[0])
			snprintf(err, err_len, "%s", st.first_bad);
		else
			sp_perr(&st, "no speed results found");
		rc = -1;
	}
	if (rc == 0 && st.ember && st.text)
		rc = sp_fill_impls(&st);
	if (rc == 0)
		rc = sp_tag_rows(&st);
	if (rc == 0) {
		f->format = sp_xstrdup(fmt);
		if (f->format == NULL)
			rc = sp_perr(&st, "out of memory");
	}
	/* an Ember file's implementations go where openssl's options go */
	if (rc == 0 && sp_is_ember(f) && f->options == NULL)
		rc = sp_impl_list(&st);
	if (rc == 0)
		sp_finish_rows(&st);
	free(st.x);
	free(st.slot);
	if (rc != 0) {
		sp_free(f);
		return -1;
	}
	sp_flush_warnings(&st);
	return 0;
}

int sp_load(const char *path, sp_file *f, FILE *warn, char *err, size_t err_len)
{
	FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *data = NULL;
	size_t len = 0, cap = 0;
	struct stat sb;
	int rc, rerr = 0;

	memset(f, 0, sizeof(*f));
	if (in == NULL) {
		snprintf(err, err_len, "%s: %s", path, strerror(errno));
		return -1;
	}
	/* A regular file's size is known: refuse a huge one before reading any of it. */
	if (in != stdin && fstat(fileno(in), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > (off_t)SP_MAX_FILE) {
		snprintf(err, err_len, "%s: larger than %u MiB: not a speed result", path, SP_MAX_FILE >> 20);
		fclose(in);
		return -1;
	}
	for (;;) {
		size_t got;
		if (len == cap) {
			char *nd;
			if (cap >= SP_MAX_FILE) {
				snprintf(err, err_len, "%s: larger than %u MiB: not a speed result", path, SP_MAX_FILE >> 20);
				free(data);
				if (in != stdin)
					fclose(in);
				return -1;
			}
			cap = cap ? cap * 2 : 65536;
			nd = realloc(data, cap);
			if (nd == NULL) {
				snprintf(err, err_len, "%s: out of memory", path);
				free(data);
				if (in != stdin)
					fclose(in);
				return -1;
			}
			data = nd;
		}
		errno = 0;
		got = fread(data + len, 1, cap - len, in);
		rerr = errno;
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(in)) {
		snprintf(err, err_len, "%s: read error: %s", path, rerr ? strerror(rerr) : "unknown");
		free(data);
		if (in != stdin)
			fclose(in);
		return -1;
	}
	if (in != stdin)
		fclose(in);
	rc = sp_parse(path, data ? data : "", len, f, warn, err, err_len);
	free(data);
	return rc;
}
