/*
 * outfile.c - output files that appear whole or not at all: written to a
 * temporary name beside the target ("<path>.emberXXXXXX"), flushed to disk
 * and renamed into place when complete, removed otherwise.
 *
 * Every command that writes a file goes through here (enc -out, dgst -out,
 * genrsa/rsa -out, compare -o, report -o), so this is also the one place
 * that keeps a signal from leaving a temporary behind. While a temporary
 * exists, the signals whose default action ends the process are caught:
 * SIGINT and SIGTERM (Ctrl-C, kill), SIGHUP (the terminal went away),
 * SIGPIPE (standard error was a closed pipe), SIGQUIT (Ctrl-\), SIGXCPU and
 * SIGXFSZ (ulimit -t and -f). The handler only unlinks paths stored before
 * the file was created, puts the previous dispositions back (the default
 * ones, in the ember command) and raises the signal again, so the process
 * still dies of it and its parent sees the true status. A signal the
 * process was started with ignored stays ignored. The signals are blocked
 * while a temporary is created and registered, and while it is renamed and
 * unregistered, so none can fall between the two.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

/* temporaries open at once (every command has one; a little room for callers in process) */
#define LIVE_MAX 4
#define LIVE_PATH 4096

static const int caught[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGXCPU, SIGXFSZ };
#define NCAUGHT (sizeof(caught) / sizeof(caught[0]))

/* Written only with the caught signals blocked; read by the handler. */
static char live_path[LIVE_MAX][LIVE_PATH];
static volatile sig_atomic_t live[LIVE_MAX];
static struct sigaction saved[NCAUGHT];
static int installed[NCAUGHT];
static int nlive;

static void on_signal(int sig)
{
	size_t i;

	/* async-signal-safe calls only: unlink, sigaction, raise */
	for (i = 0; i < LIVE_MAX; i++)
		if (live[i])
			unlink(live_path[i]);
	for (i = 0; i < NCAUGHT; i++)
		if (installed[i])
			sigaction(caught[i], &saved[i], NULL);
	/* blocked until this handler returns, then delivered under the restored disposition */
	raise(sig);
}

static void block_caught(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < NCAUGHT; i++)
		sigaddset(&set, caught[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* With the signals blocked: the first temporary installs the handler, the last one removes it. */
static void handlers(int on)
{
	size_t i;

	for (i = 0; i < NCAUGHT; i++) {
		if (on) {
			struct sigaction sa;
			installed[i] = 0;
			if (sigaction(caught[i], NULL, &saved[i]) != 0 || saved[i].sa_handler == SIG_IGN)
				continue;
			memset(&sa, 0, sizeof(sa));
			sa.sa_handler = on_signal;
			sigfillset(&sa.sa_mask); /* one cleanup at a time */
			installed[i] = sigaction(caught[i], &sa, NULL) == 0;
		} else if (installed[i]) {
			sigaction(caught[i], &saved[i], NULL);
			installed[i] = 0;
		}
	}
}

/* Records |tmp| as live; -1 when there is no room (signals blocked by the caller). */
static int live_add(const char *tmp)
{
	size_t i;

	if (strlen(tmp) >= LIVE_PATH)
		return -1;
	for (i = 0; i < LIVE_MAX; i++) {
		if (!live[i]) {
			strcpy(live_path[i], tmp);
			live[i] = 1;
			if (nlive++ == 0)
				handlers(1);
			return 0;
		}
	}
	return -1;
}

static void live_remove(const char *tmp)
{
	size_t i;

	for (i = 0; i < LIVE_MAX; i++) {
		if (live[i] && strcmp(live_path[i], tmp) == 0) {
			live[i] = 0;
			if (--nlive == 0)
				handlers(0);
			return;
		}
	}
}

FILE *tool_out_open(const char *path, char *tmp, size_t tmp_len)
{
	sigset_t old;
	int fd, e;
	FILE *f;
	mode_t mask;

	if (path == NULL || strcmp(path, "-") == 0) {
		tmp[0] = 0;
		return stdout;
	}
	if ((size_t)snprintf(tmp, tmp_len, "%s.emberXXXXXX", path) >= tmp_len || strlen(tmp) >= LIVE_PATH) {
		tmp[0] = 0;
		errno = ENAMETOOLONG;
		return NULL;
	}
	block_caught(&old);
	fd = mkstemp(tmp);
	if (fd < 0) {
		e = errno;
		sigprocmask(SIG_SETMASK, &old, NULL);
		tmp[0] = 0;
		errno = e;
		return NULL;
	}
	if (live_add(tmp) != 0) {
		unlink(tmp);
		close(fd);
		sigprocmask(SIG_SETMASK, &old, NULL);
		tmp[0] = 0;
		errno = EMFILE;
		return NULL;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	/* mkstemp makes the file private; give it the mode a plain create would have */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || (f = fdopen(fd, "wb")) == NULL) {
		e = errno;
		close(fd);
		block_caught(&old);
		unlink(tmp);
		live_remove(tmp);
		sigprocmask(SIG_SETMASK, &old, NULL);
		tmp[0] = 0;
		errno = e;
		return NULL;
	}
	return f;
}

int tool_out_close(FILE *f, const char *path, const char *tmp, int ok)
{
	sigset_t old;
	int bad, e = errno; /* when !ok: the caller's reason, kept */

	if (f == stdout)
		return fflush(stdout) != 0 || ferror(stdout) ? -1 : 0;
	/* on disk before the rename, so a crash leaves the old file or the whole new one */
	bad = fflush(f) != 0 || ferror(f) != 0 || (ok && fsync(fileno(f)) != 0);
	if (bad)
		e = errno;
	if (fclose(f) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	block_caught(&old);
	if (ok && !bad && rename(tmp, path) != 0) {
		bad = 1;
		e = errno;
	}
	if (!ok || bad)
		unlink(tmp);
	live_remove(tmp);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (!ok || bad) {
		errno = e;
		return -1;
	}
	return 0;
}
