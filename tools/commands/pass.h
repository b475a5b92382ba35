/*
 * pass.h - passphrases for the commands that read or write encrypted keys
 * (-passin, -passout) and for `ember enc` (-pass, -k, -kfile), with
 * openssl's sources: pass:<text>, env:<variable>, file:<path> (its first
 * line), fd:<number> (a line read from that descriptor), stdin (a line of
 * standard input); or typed at the terminal, without echo.
 *
 * As openssl's app_passwd: a line ends at its first '\n', which is not part
 * of the passphrase (a '\r' before it is); when -passin and -passout give
 * the same file:, fd: or stdin source, the first line is -passin's and the
 * second -passout's. A line longer than PASS_MAX bytes is refused (openssl
 * cuts it). Every error is one line naming the option and its source.
 */
#ifndef EMBER_PASS_H
#define EMBER_PASS_H

#include <stddef.h>

#define PASS_MAX 1023

typedef struct pass_buf {
	const char *p; /* the passphrase (not NUL-terminated for pass: and env: beyond len) */
	size_t len;
	int set;       /* 0: none was given */
	char buf[PASS_MAX + 2];
} pass_buf;

/*
 * pass_get fills |out| from the source |arg| (-passin's argument ...);
 * |opt| names the option in messages. pass_get_pair reads -passin and
 * -passout (either may be NULL: that one is left unset) with openssl's
 * two-lines rule for one shared source. 0, or 1 after one line on stderr.
 */
int pass_get(const char *cmd, const char *opt, const char *arg, pass_buf *out);
int pass_get_pair(const char *cmd, const char *in_arg, const char *out_arg, pass_buf *in, pass_buf *out);

/* 1 when standard input is a terminal (a passphrase may then be asked). */
int pass_can_prompt(void);

/*
 * pass_prompt writes |prompt| on the terminal and reads a line without echo;
 * with |verify| it asks again ("Verifying - <prompt>") and refuses a
 * mismatch ("Verify failure"); a passphrase shorter than |min_len| is
 * refused. 0, or 1 after one line on stderr.
 */
int pass_prompt(const char *cmd, const char *prompt, int verify, size_t min_len, pass_buf *out);

/* pass_clear wipes |p|. */
void pass_clear(pass_buf *p);

#endif
