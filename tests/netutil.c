/*
 * netutil.c - the socket tests' servers and commands (netutil.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember/keys.h"
#include "netutil.h"
#include "test.h"
#include "tlsutil.h"

int tn_have(const char *prog)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", prog);
	return system(cmd) == 0;
}

int tn_free_port(void)
{
	struct sockaddr_in a;
	socklen_t l = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0), port = -1;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof(a)) == 0 &&
	    getsockname(fd, (struct sockaddr *)&a, &l) == 0)
		port = ntohs(a.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

int tn_read_line(int fd, char *line, size_t cap, int ms)
{
	size_t n = 0;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (n + 1 < cap) {
		struct pollfd pf = { fd, POLLIN, 0 };
		long left;
		char ch;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		left = ms - ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000);
		if (left <= 0 || poll(&pf, 1, (int)left) != 1 || read(fd, &ch, 1) != 1)
			return -1;
		if (ch == '\n')
			break;
		line[n++] = ch;
	}
	line[n] = '\0';
	return 0;
}

int tn_start_server(tn_server *s, const char *dir, int port, const char *log, const char *fmt, ...)
{
	char body[2048], cmd[8192], line[256];
	int p[2];
	va_list ap;

	memset(s, 0, sizeof(*s));
	s->pid = -1;
	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "cd '%s' && E='%s' && %sexec %s </dev/null 2>>'%s'", dir, t_ember_bin,
	    t_phase == 2 ? "export EMBER_CPUCAP=none && " : "", body, log);
	if (pipe(p) != 0)
		return -1;
	s->pid = fork();
	if (s->pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (s->pid == 0) {
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	s->out = p[0];
	for (;;) {
		if (tn_read_line(s->out, line, sizeof(line), 15000) != 0)
			return -1;
		if (strncmp(line, "ACCEPT", 6) == 0)
			break;
	}
	if (port > 0)
		s->port = port;
	else {
		const char *c = strrchr(line, ':');
		s->port = c ? atoi(c + 1) : -1;
	}
	return s->port > 0 ? 0 : -1;
}

char *tn_stop_server(tn_server *s, int wait_exit_ms)
{
	char *all = calloc(1, 1 << 16);
	size_t n = 0;
	int st, waited = 0;

	if (s->pid <= 0)
		return all;
	while (waited < wait_exit_ms && waitpid(s->pid, &st, WNOHANG) == 0) {
		struct timespec ts = { 0, 20000000 };
		nanosleep(&ts, NULL);
		waited += 20;
	}
	if (waited >= wait_exit_ms || wait_exit_ms == 0) {
		kill(s->pid, SIGTERM);
		for (waited = 0; waitpid(s->pid, &st, WNOHANG) == 0; waited += 20) {
			struct timespec ts = { 0, 20000000 };
			if (waited == 3000)
				kill(s->pid, SIGKILL);
			nanosleep(&ts, NULL);
		}
	}
	fcntl(s->out, F_SETFL, O_NONBLOCK);
	if (all) {
		ssize_t r;
		while (n + 1 < (1 << 16) && (r = read(s->out, all + n, (1 << 16) - 1 - n)) > 0)
			n += (size_t)r;
	}
	close(s->out);
	s->pid = -1;
	return all;
}

int tn_run(const char *dir, char **out, char **err, const char *fmt, ...)
{
	char body[2048], cmd[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "cd '%s' && E='%s' && %s%s", dir, t_ember_bin,
	    t_phase == 2 ? "export EMBER_CPUCAP=none && " : "", body);
	return t_run_cmd(cmd, out, err);
}

int tn_lines(const char *s)
{
	int n = 0;

	for (; s && *s; s++)
		n += *s == '\n';
	return n;
}

static int write_pem(const char *dir, const char *name, const char *label, const uint8_t *der, size_t len)
{
	char path[1200], pem[3 * TT_CERT_MAX];
	size_t n = 0;

	if (ember_pem_encode(label, der, len, pem, sizeof(pem), &n) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return t_write_file(path, pem, strlen(pem));
}

int tn_write_pki(char *dir, size_t dir_len, const char *unit, const char *const *names, int nkeys)
{
	static uint8_t buf[EMBER_PKEY_MAX_PEM];
	char name[64], path[1200];
	size_t n;
	int i;

	if (!tt_make_pki() || t_scratch(dir, dir_len, unit) != 0 || (mkdir(dir, 0700) != 0 && errno != EEXIST))
		return 0;
	if (write_pem(dir, "ca.pem", "CERTIFICATE", tt_pki.ca, tt_pki.ca_len) || write_pem(dir, "other_ca.pem", "CERTIFICATE",
	        tt_pki.other_ca, tt_pki.other_ca_len))
		return 0;
	for (i = 0; i < nkeys && i < K_COUNT; i++) {
		snprintf(name, sizeof(name), "%s.crt", names[i]);
		if (write_pem(dir, name, "CERTIFICATE", tt_pki.leaf[i], tt_pki.leaf_len[i]))
			return 0;
		n = 0;
		if (ember_pkey_write(&tt_pki.key[i], EMBER_PKEY_PKCS8, 1, buf, sizeof(buf), &n) != 0)
			return 0;
		snprintf(path, sizeof(path), "%s/%s.key", dir, names[i]);
		if (t_write_file(path, buf, strlen((char *)buf)))
			return 0;
	}
	return 1;
}
