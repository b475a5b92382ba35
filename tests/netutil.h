/*
 * netutil.h - what the tests of the socket commands (t_s_server.c,
 * t_s_time.c) share: a free port on 127.0.0.1, servers started in a
 * scratch folder, waited for until they print ACCEPT and stopped by their
 * process id, and commands run there with $E naming the ember binary (in
 * phase 2 under EMBER_CPUCAP=none, as the rest of the suite).
 */
#ifndef EMBER_NETUTIL_H
#define EMBER_NETUTIL_H

#include <stddef.h>
#include <sys/types.h>

typedef struct tn_server {
	pid_t pid;
	int out;  /* its standard output (a pipe) */
	int port;
} tn_server;

/* 1 when |prog| is on PATH. */
int tn_have(const char *prog);
/* A port nobody listens on now (bind 127.0.0.1:0, read it, close); -1 on failure. */
int tn_free_port(void);
/* One line of |fd| within |ms| (without its newline); 0, or -1. */
int tn_read_line(int fd, char *line, size_t cap, int ms);
/*
 * Starts |fmt| (sh words, run in |dir|, stdin /dev/null, stderr appended
 * to dir/|log|) and waits up to 15 s for its "ACCEPT" line; |port| > 0:
 * the port it was given (openssl prints none), else the one of "ACCEPT
 * host:port". 0, or -1 (the caller still stops it).
 */
int tn_start_server(tn_server *s, const char *dir, int port, const char *log, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/*
 * Stops the server by its pid, after waiting up to |wait_exit_ms| for it
 * to exit by itself (0: at once): SIGTERM, SIGKILL after 3 s. Returns what
 * it wrote to stdout after ACCEPT (malloc'd, NULL when out of memory).
 */
char *tn_stop_server(tn_server *s, int wait_exit_ms);
/* Runs |fmt| in |dir| (sh words); its exit status and malloc'd stdout and stderr (t_run_cmd). */
int tn_run(const char *dir, char **out, char **err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The newlines in |s| (0 for NULL). */
int tn_lines(const char *s);
/*
 * Makes a scratch folder for |unit| (its path in dir[0..dir_len)) holding
 * tlsutil.c's PKI as PEM files: ca.pem, other_ca.pem, and for the first
 * |nkeys| server keys (tlsutil.h's K_* order) NAME.crt and NAME.key
 * (PKCS#8), NAME from |names|. 1 when written, 0 on any failure.
 */
int tn_write_pki(char *dir, size_t dir_len, const char *unit, const char *const *names, int nkeys);

#endif
