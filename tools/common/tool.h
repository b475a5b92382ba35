/*
 * tool.h - what the ember sub-commands share.
 */
#ifndef EMBER_TOOL_H
#define EMBER_TOOL_H

#include <stdio.h>

/* Each sub-command: argv[0] is the sub-command's name. Returns the exit status. */
int cmd_version(int argc, char **argv);
int cmd_speed(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_dgst(int argc, char **argv);
int cmd_enc(int argc, char **argv);
int cmd_genrsa(int argc, char **argv);
int cmd_rsa(int argc, char **argv);
int cmd_genpkey(int argc, char **argv);
int cmd_pkey(int argc, char **argv);
int cmd_pkeyutl(int argc, char **argv);
int cmd_s_server(int argc, char **argv);
int cmd_s_client(int argc, char **argv);
int cmd_s_time(int argc, char **argv);

/* Prints "ember <cmd>: <message>" on stderr (one line) and returns 1. */
int tool_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Build facts, set by the Makefile. */
extern const char tool_build_cc[];
extern const char tool_build_flags[];
extern const char tool_build_target[];
extern const char tool_build_date[];

/* Writes the chosen implementation per algorithm, "sha256:x86shani aes:x86ni ...", into buf. */
void tool_describe_impls(char *buf, size_t len);

/*
 * Standard output of a command's result (tools/common/common.c):
 * tool_stdout_usable refuses a closed or read-only one before any work;
 * tool_stdout_note records the first write error (call it after writes the
 * command does not check); tool_stdout_finish flushes and checks, and
 * returns 0, or 1 after one line: "ember CMD: standard output: <error>".
 */
int tool_stdout_usable(const char *cmd);
void tool_stdout_note(void);
int tool_stdout_finish(const char *cmd);

/*
 * Output that appears whole or not at all. tool_out_open returns stdout for
 * NULL or "-", else a temporary file beside |path| ("<path>.emberXXXXXX",
 * its name in |tmp|), or NULL with errno set. tool_out_close flushes it to
 * disk and renames it into place when |ok| and every write succeeded, else
 * removes it; 0, or -1 with errno set (left as it was when |ok| is 0). Until then a
 * SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGXCPU or SIGXFSZ removes the
 * temporary and the process dies of that signal (outfile.c).
 */
FILE *tool_out_open(const char *path, char *tmp, size_t tmp_len);
int tool_out_close(FILE *f, const char *path, const char *tmp, int ok);

#endif
