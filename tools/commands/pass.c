/*
 * pass.c - passphrase sources and the terminal prompt (pass.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "ember/util.h"
#include "pass.h"
#include "tool.h"

void pass_clear(pass_buf *p)
{
	ember_wipe(p, sizeof(*p));
}

/*
 * Reads one line from |fd| into |out| (a byte at a time, so that nothing
 * after the line is taken from a shared standard input). 0; -1 on a read
 * error (errno), -2 at end of input before any byte, -3 for a line over
 * PASS_MAX bytes.
 */
static int read_line(int fd, pass_buf *out)
{
	size_t n = 0;

	for (;;) {
		char c;
		ssize_t r = read(fd, &c, 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {
			if (n == 0)
				return -2;
			break;
		}
		if (c == '\n')
			break;
		if (n == PASS_MAX) {
			ember_wipe(out->buf, sizeof(out->buf));
			return -3;
		}
		out->buf[n++] = c;
	}
	out->buf[n] = 0;
	out->p = out->buf;
	out->len = n;
	out->set = 1;
	return 0;
}

static int line_error(const char *cmd, const char *opt, const char *arg, int r)
{
	if (r == -2)
		return tool_error(cmd, "%s %s: empty (no passphrase line)", opt, arg);
	if (r == -3)
		return tool_error(cmd, "%s %s: passphrase longer than %d bytes", opt, arg, PASS_MAX);
	return tool_error(cmd, "%s %s: read error: %s", opt, arg, strerror(errno));
}

/* The |nth| line (0 or 1) of the source |arg|. */
static int get_line(const char *cmd, const char *opt, const char *arg, int nth, pass_buf *out)
{
	int fd, close_it = 0, r, i;

	if (strncmp(arg, "file:", 5) == 0) {
		if ((fd = open(arg + 5, O_RDONLY)) < 0)
			return tool_error(cmd, "%s %s: %s", opt, arg, strerror(errno));
		close_it = 1;
	} else if (strncmp(arg, "fd:", 3) == 0) {
		char *end;
		long v = strtol(arg + 3, &end, 10);
		if (arg[3] == 0 || *end != 0 || v < 0 || v > 65535)
			return tool_error(cmd, "%s %s: not a file descriptor number", opt, arg);
		fd = (int)v;
	} else {
		fd = STDIN_FILENO;
	}
	for (i = 0, r = 0; i <= nth && r == 0; i++)
		r = read_line(fd, out);
	if (close_it)
		close(fd);
	return r == 0 ? 0 : line_error(cmd, opt, arg, r);
}

int pass_get(const char *cmd, const char *opt, const char *arg, pass_buf *out)
{
	memset(out, 0, sizeof(*out));
	if (arg == NULL)
		return 0;
	if (strncmp(arg, "pass:", 5) == 0) {
		out->p = arg + 5;
		out->len = strlen(out->p);
		out->set = 1;
		return 0;
	}
	if (strncmp(arg, "env:", 4) == 0) {
		const char *v = getenv(arg + 4);
		if (v == NULL)
			return tool_error(cmd, "%s %s: no environment variable %s", opt, arg, arg + 4);
		out->p = v;
		out->len = strlen(v);
		out->set = 1;
		return 0;
	}
	if (strncmp(arg, "file:", 5) == 0 || strncmp(arg, "fd:", 3) == 0 || strcmp(arg, "stdin") == 0)
		return get_line(cmd, opt, arg, 0, out);
	return tool_error(cmd, "%s: '%s' is not a passphrase source (pass:, env:, file:, fd:, stdin)", opt, arg);
}

int pass_get_pair(const char *cmd, const char *in_arg, const char *out_arg, pass_buf *in, pass_buf *out)
{
	memset(out, 0, sizeof(*out));
	if (pass_get(cmd, "-passin", in_arg, in) != 0)
		return 1;
	/* openssl: one shared file, descriptor or stdin gives -passin its first line and -passout its second */
	if (in_arg != NULL && out_arg != NULL && strcmp(in_arg, out_arg) == 0 &&
	    (strncmp(in_arg, "file:", 5) == 0 || strncmp(in_arg, "fd:", 3) == 0 || strcmp(in_arg, "stdin") == 0)) {
		int r = strncmp(in_arg, "file:", 5) == 0 ? get_line(cmd, "-passout", out_arg, 1, out)
		                                         : get_line(cmd, "-passout", out_arg, 0, out);
		if (r != 0)
			pass_clear(in);
		return r;
	}
	if (pass_get(cmd, "-passout", out_arg, out) != 0) {
		pass_clear(in);
		return 1;
	}
	return 0;
}

int pass_can_prompt(void)
{
	return isatty(STDIN_FILENO);
}

/* The terminal's settings while echo is off, put back by a signal that ends the run. */
static struct termios saved_tio;
static volatile sig_atomic_t tio_fd = -1;
static const int prompt_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP };
#define NSIG_PROMPT (sizeof(prompt_signals) / sizeof(prompt_signals[0]))
static struct sigaction saved_sa[NSIG_PROMPT];

static void on_prompt_signal(int sig)
{
	size_t i;

	if (tio_fd >= 0)
		tcsetattr(tio_fd, TCSAFLUSH, &saved_tio);
	for (i = 0; i < NSIG_PROMPT; i++)
		sigaction(prompt_signals[i], &saved_sa[i], NULL);
	raise(sig);
}

/* One line from the terminal |fd| with echo off. As read_line. */
static int read_hidden(int fd, const char *prompt, pass_buf *out)
{
	struct termios tio;
	struct sigaction sa;
	size_t i;
	int r, echo_off;

	if (write(fd, prompt, strlen(prompt)) < 0)
		return -1;
	echo_off = tcgetattr(fd, &saved_tio) == 0;
	if (echo_off) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_prompt_signal;
		sigfillset(&sa.sa_mask);
		for (i = 0; i < NSIG_PROMPT; i++)
			sigaction(prompt_signals[i], &sa, &saved_sa[i]);
		tio = saved_tio;
		tio.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
		tio_fd = fd;
		tcsetattr(fd, TCSAFLUSH, &tio);
	}
	r = read_line(fd, out);
	if (echo_off) {
		tcsetattr(fd, TCSAFLUSH, &saved_tio);
		tio_fd = -1;
		for (i = 0; i < NSIG_PROMPT; i++)
			sigaction(prompt_signals[i], &saved_sa[i], NULL);
	}
	if (write(fd, "\n", 1) < 0) {
		/* the line was read: the newline after the hidden input is cosmetic */
	}
	return r;
}

int pass_prompt(const char *cmd, const char *prompt, int verify, size_t min_len, pass_buf *out)
{
	char ask[256];
	pass_buf again;
	int fd = open("/dev/tty", O_RDWR | O_NOCTTY), r;

	memset(out, 0, sizeof(*out));
	if (fd < 0)
		return tool_error(cmd, "cannot ask for the passphrase: /dev/tty: %s", strerror(errno));
	r = read_hidden(fd, prompt, out);
	if (r == 0 && out->len < min_len) {
		close(fd);
		pass_clear(out);
		return tool_error(cmd, "passphrase too short: type in %zu to %d characters", min_len, PASS_MAX);
	}
	if (r == 0 && verify) {
		snprintf(ask, sizeof(ask), "Verifying - %s", prompt);
		r = read_hidden(fd, ask, &again);
		if (r == 0 && (again.len != out->len || memcmp(again.p, out->p, out->len) != 0)) {
			close(fd);
			pass_clear(&again);
			pass_clear(out);
			return tool_error(cmd, "Verify failure: the two passphrases differ");
		}
		pass_clear(&again);
	}
	close(fd);
	if (r != 0) {
		pass_clear(out);
		if (r == -2)
			return tool_error(cmd, "no passphrase typed (end of input)");
		if (r == -3)
			return tool_error(cmd, "passphrase longer than %d bytes", PASS_MAX);
		return tool_error(cmd, "reading the passphrase: %s", strerror(errno));
	}
	return 0;
}
