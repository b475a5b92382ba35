/*
 * testcli.c - helpers for the tests that run the ember command: scratch
 * files beside the binary, a command's exit status with its standard
 * output and standard error apart, or run in a scratch folder (test.h). Kept out of testutil.c, which
 * the fuzz targets link without the runner.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

int t_scratch(char *buf, size_t len, const char *name)
{
	const char *slash;
	char dir[4096];

	if (t_ember_bin == NULL || (slash = strrchr(t_ember_bin, '/')) == NULL)
		snprintf(dir, sizeof(dir), "/tmp/ember-test-%ld", (long)getpid());
	else
		snprintf(dir, sizeof(dir), "%.*s/test-artifacts", (int)(slash - t_ember_bin), t_ember_bin);
	mkdir(dir, 0777);
	return (size_t)snprintf(buf, len, "%s/%s", dir, name) < len ? 0 : -1;
}

int t_write_file(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (f == NULL)
		return -1;
	ok = n == 0 || fwrite(p, 1, n, f) == n;
	ok &= fclose(f) == 0;
	return ok ? 0 : -1;
}

/* The whole of |f| from the start as a string (NULL when it cannot be read). */
static char *slurp(FILE *f)
{
	size_t n = 0, cap = 4096;
	char *s = malloc(cap);

	rewind(f);
	while (s != NULL) {
		size_t got = fread(s + n, 1, cap - 1 - n, f);
		n += got;
		if (n < cap - 1)
			break;
		cap *= 2;
		{
			char *t = realloc(s, cap);
			if (t == NULL)
				free(s);
			s = t;
		}
	}
	if (s != NULL)
		s[n] = 0;
	return s;
}

int t_run_cmd(const char *cmd, char **out, char **err)
{
	FILE *fo = tmpfile(), *fe = tmpfile();
	pid_t pid;
	int st = -1;

	if (out)
		*out = NULL;
	if (err)
		*err = NULL;
	if (fo == NULL || fe == NULL)
		goto done;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (dup2(fileno(fo), 1) < 0 || dup2(fileno(fe), 2) < 0)
			_exit(127);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		goto done;
	st = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	if (out)
		*out = slurp(fo);
	if (err)
		*err = slurp(fe);
done:
	if (fo)
		fclose(fo);
	if (fe)
		fclose(fe);
	return st;
}

int t_run_in(const char *dir, const char *fmt, ...)
{
	char cmd[6144], body[4096];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "cd '%s' && E='%s' && %s{ %s ; } </dev/null >>log 2>&1", dir, t_ember_bin,
	    t_phase == 2 ? "export EMBER_CPUCAP=none && " : "", body);
	st = system(cmd);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static FILE *capture_file;

int t_stderr_capture(void)
{
	int saved;

	fflush(stderr);
	capture_file = tmpfile();
	if (capture_file == NULL)
		return -1;
	saved = dup(2);
	if (saved < 0 || dup2(fileno(capture_file), 2) < 0) {
		if (saved >= 0)
			close(saved);
		fclose(capture_file);
		capture_file = NULL;
		return -1;
	}
	return saved;
}

char *t_stderr_release(int token)
{
	char *s;

	if (token < 0 || capture_file == NULL)
		return NULL;
	fflush(stderr);
	dup2(token, 2);
	close(token);
	s = slurp(capture_file);
	fclose(capture_file);
	capture_file = NULL;
	return s;
}
