/*
 * test.h - the test runner's shared state and helpers.
 *
 * A test unit is a function in tests/t_*.c written as
 *
 *     EMBER_TEST(name)
 *     {
 *             CHECK(cond, "what failed: %s", detail);
 *     }
 *
 * The Makefile registers every EMBER_TEST line with the runner; there is no
 * list to edit. The runner calls each unit twice: with every CPU feature
 * (phase 1), then with EMBER_CPUCAP=none (phase 2, t_phase == 2).
 */
#ifndef EMBER_TEST_H
#define EMBER_TEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define EMBER_TEST(name) void test_##name(void); void test_##name(void)

/* Paths given on the command line: our vectors, third-party vectors, the tool. */
extern const char *t_vec_dir;    /* tests/vectors */
extern const char *t_shared_dir; /* ../shared/vectors (may not exist) */
extern const char *t_ember_bin;  /* the ember binary, for CLI tests */
extern int t_phase;              /* 1: all features, 2: EMBER_CPUCAP=none */
extern int t_verbose;
extern int t_full;               /* run long sets (-full) */
extern int t_quick;              /* under emulation (-quick): the slowest units run a subset */

/* Record one check. t_check returns cond so callers can stop early. */
int t_check(int cond, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;
#define CHECK(cond, ...) t_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* Record a skipped group with its reason (printed, never counted as passed). */
void t_skip(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* Print a note line (shown always: per-file counts, acceptable cases). */
void t_note(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* Deterministic PRNG for property tests, seeded from the runner's seed. */
uint64_t t_rand(void);
void t_rand_bytes(uint8_t *p, size_t n);
size_t t_rand_below(size_t n);
uint64_t t_seed(void);
/* The file at |path| (its first T_READ_MAX bytes) in a malloc'd buffer, its length in *len; NULL when absent. */
#define T_READ_MAX 65536
uint8_t *t_read_path(const char *path, size_t *len);

/* Strict hex: even length, [0-9a-fA-F]. Returns 0 or -1. |*out| is malloc'd. */
int t_hex(const char *hex, uint8_t **out, size_t *out_len);
/* Lowercase hex of |n| bytes into a static buffer (for messages). */
const char *t_tohex(const uint8_t *p, size_t n);

/* Joins dir and name into a static buffer; returns NULL if dir is NULL. */
const char *t_path(const char *dir, const char *name);
/* 1 when |path| is an existing directory. */
int t_dir_exists(const char *path);

/* ---- CLI tests: scratch files and commands ---- */
/*
 * Path of |name| in the scratch folder (build/test-artifacts beside the
 * ember binary, else /tmp/ember-test-PID), made if needed. 0 or -1.
 */
int t_scratch(char *buf, size_t len, const char *name);
/* Writes |n| bytes to |path|. 0 or -1. */
int t_write_file(const char *path, const void *p, size_t n);
/*
 * Runs |cmd| through the shell with its standard output and standard error
 * each into a malloc'd, NUL-terminated string (free both; either may be
 * NULL to discard). Returns the exit status, or -1 when it did not exit.
 */
int t_run_cmd(const char *cmd, char **out, char **err);
/*
 * Runs |fmt| (printf's words) under sh in the folder |dir|, $E the ember
 * binary (and EMBER_CPUCAP=none in phase 2), its input /dev/null and its
 * output appended to dir/log. Returns its exit status, 128 when it did not
 * exit.
 */
int t_run_in(const char *dir, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/*
 * Standard error of in-process calls, kept from the test's output so that
 * an expected error message is checked, not printed: t_stderr_capture()
 * returns a token (or -1), t_stderr_release(token) restores standard error
 * and returns what was written meanwhile (malloc'd, NUL-terminated; free it).
 */
int t_stderr_capture(void);
char *t_stderr_release(int token);

/* ---- Key = Value vector files (tests/vectors files, NIST .rsp, evp_test) ---- */
#define T_MAX_FIELDS 48
typedef struct t_vec {
	FILE *f;
	const char *path;
	unsigned line;        /* line of the stanza's first field */
	char section[128];    /* last [..] line, without brackets */
	int n;
	char *key[T_MAX_FIELDS];
	char *val[T_MAX_FIELDS];
	char buf[1 << 16];    /* field storage */
	size_t used;
} t_vec;

/* Opens a file; returns -1 (and t_vec untouched) when it cannot be opened. */
int t_vec_open(t_vec *v, const char *path);
/* Reads the next stanza: 1, or 0 at end of file. Blank lines separate stanzas. */
int t_vec_next(t_vec *v);
void t_vec_close(t_vec *v);
/* Value of |key| (case-insensitive) or NULL. */
const char *t_vec_get(const t_vec *v, const char *key);
/*
 * Bytes of |key|: hex, or a "double-quoted string". Returns 0, or -1 when
 * absent or malformed. |*out| is malloc'd (free it).
 */
int t_vec_bytes(const t_vec *v, const char *key, uint8_t **out, size_t *len);

/* ---- kat/ line files: name=value fields separated by spaces ---- */
/* Reads the next vector line into v (fields as above): 1, or 0 at end. */
int t_kat_next(t_vec *v);

/* T_ASAN: an AddressSanitizer build (its frames carry redzones: stack figures are larger there). */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(T_ASAN)
#define T_ASAN 1
#endif
/* 1 when |a| is |b| to within a relative 1e-9 (figures read back from text, on any FPU). */
int t_near(double a, double b);

/* ---- Minimal JSON (Wycheproof) ---- */
enum { TJ_NULL, TJ_BOOL, TJ_NUM, TJ_STR, TJ_ARR, TJ_OBJ };
typedef struct tj {
	int type;
	char *str;            /* TJ_STR: decoded string; TJ_NUM: the literal */
	double num;
	int boolean;
	struct tj **items;    /* TJ_ARR items; TJ_OBJ values */
	char **keys;          /* TJ_OBJ keys */
	size_t n;
} tj;
/* Parses a whole file; NULL on error (message printed). Free with tj_free. */
tj *tj_load(const char *path);
void tj_free(tj *j);
const tj *tj_get(const tj *obj, const char *key); /* NULL if absent or not an object */
const char *tj_str(const tj *obj, const char *key); /* NULL unless a string */
long tj_int(const tj *obj, const char *key, long dflt);
/* A malloc'd copy of the hex field |key| of |t| (NULL when absent or malformed; "" gives a 1-byte buffer, len 0). */
uint8_t *tj_hex(const tj *t, const char *key, size_t *len);
/* 1 when the string array "flags" of |t| holds |flag| (Wycheproof test cases). */
int tj_has_flag(const tj *t, const char *flag);
/* wycheproof/testvectors_v1/|name| under -s, or NULL after t_skip saying it is absent. */
tj *t_wycheproof_load(const char *name);
/* 1 when the |n| bytes at |p| all equal |v|. */
int t_all_eq(const uint8_t *p, int v, size_t n);

#endif
