/*
 * main.c - the ember command: dispatch to sub-commands, or with no
 * arguments read sub-commands from standard input at an "Ember> " prompt,
 * as `openssl` does.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/cpu.h"
#include "tool.h"

static const struct command {
	const char *name;
	int (*fn)(int, char **);
	const char *help;
} commands[] = {
	{ "version", cmd_version, "print the version; -a: build, CPU and implementations" },
	{ "speed", cmd_speed, "benchmark, in openssl speed's words (see man ember-speed)" },
	{ "compare", cmd_compare, "compare speed results (ember or openssl, any version): change in percent" },
	{ "report", cmd_report, "HTML page (or SVG) with one chart per algorithm from speed results" },
	{ "dgst", cmd_dgst, "message digest, HMAC or signature of files or stdin, as openssl dgst" },
	{ "enc", cmd_enc, "encrypt/decrypt: -<cipher> (-K hex -iv hex | -k pass | -pass src [-pbkdf2]) [-d] [-a]" },
	{ "genrsa", cmd_genrsa, "generate an RSA private key: [-out file] [-aes256 -passout src] [numbits]" },
	{ "rsa", cmd_rsa, "RSA key conversion: -in key [-passin src] [-pubout] [-outform DER] [-text] [-check]" },
	{ "genpkey", cmd_genpkey, "generate a key or parameters: -algorithm RSA|DSA [-pkeyopt opt] [-paramfile f]" },
	{ "pkey", cmd_pkey, "key conversion, any type: -in key [-passin src] [-pubout] [-aes256] [-text] [-check]" },
	{ "pkeyutl", cmd_pkeyutl, "sign, verify or derive with a key: -sign|-verify|-derive -inkey key [-rawin]" },
	{ "s_server", cmd_s_server, "TLS 1.3 server: -accept [host:]port -cert f -key f [-www|-rev|-echo] [-naccept n]" },
	{ "s_client", cmd_s_client, "TLS 1.3 client: -connect host:port [-CAfile f -verify_return_error] [-brief]" },
	{ "s_time", cmd_s_time, "TLS 1.3 handshakes/s by wall clock and latency: -connect host:port [-time s] [-www page]" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: ember <command> [options]\n"
	           "       ember          (no command: read commands at an \"Ember>\" prompt; quit or exit ends it)\n"
	           "\ncommands:\n");
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "  %-10s %s\n", "help", "this list (also -help, -h, --help)");
	fprintf(f, "\nA command's options: man ember-<command> (before installing: man ./docs/ember-<command>.1);\n"
	           "most commands also take -help. The command, its prompt and environment: man ember.\n");
}

/* At the prompt, "help" also says how to leave. */
static void prompt_help(void)
{
	usage(stdout);
	fputs("\nAt the Ember> prompt: one command per line, without 'ember'; "
	      "quit or exit (or end of input, Ctrl-D) leaves.\n", stdout);
}

static int is_help(const char *w)
{
	return strcmp(w, "help") == 0 || strcmp(w, "-help") == 0 || strcmp(w, "-h") == 0 ||
	       strcmp(w, "--help") == 0;
}

static int run(int argc, char **argv)
{
	size_t i;

	if (is_help(argv[0])) {
		usage(stdout);
		return 0;
	}
	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[0], commands[i].name) == 0)
			return commands[i].fn(argc, argv);
	return tool_error(NULL, "unknown command '%s' (try 'ember help')", argv[0]);
}

/* The interactive loop: one command per line, words split on white space. */
static int interactive(void)
{
	char line[4096];
	int status = 0;

	for (;;) {
		char *words[256];
		int n = 0;
		char *tok, *save = NULL;

		fputs("Ember> ", stdout);
		fflush(stdout);
		if (fgets(line, sizeof(line), stdin) == NULL)
			break;
		for (tok = strtok_r(line, " \t\r\n", &save); tok && n < 255; tok = strtok_r(NULL, " \t\r\n", &save))
			words[n++] = tok;
		if (n == 0)
			continue;
		words[n] = NULL;
		if (strcmp(words[0], "quit") == 0 || strcmp(words[0], "exit") == 0 || strcmp(words[0], "q") == 0)
			break;
		if (is_help(words[0])) {
			prompt_help();
			status = 0;
		} else {
			status = run(n, words);
		}
		fflush(stdout);
	}
	fputc('\n', stdout);
	return status;
}

/* A closed standard descriptor is held by /dev/null opened the other way round (standard input
   write-only, output read-only), so that no socket or file the command opens becomes "standard
   input" (s_server polls fd 0) or "standard output" by accident, while using it still fails with
   EBADF as a closed one does (a command writing to a closed standard output reports the error). */
static void std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY) != fd)
			_exit(2);
}

int main(int argc, char **argv)
{
	const char *bad = NULL;

	std_fds();
	if (ember_cpu_status(&bad) != 0)
		return tool_error(NULL, "EMBER_CPUCAP: unknown feature '%s'", bad);
	if (argc < 2)
		return interactive();
	return run(argc - 1, argv + 1);
}
