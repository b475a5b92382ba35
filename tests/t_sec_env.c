/*
 * t_sec_env.c - the environment as an attacker sets it (issue 19, defect
 * 10b): EMBER_LIBCRYPTO names a library that `-engine openssl` dlopens, so
 * its constructors run. A set-user-ID ember must ignore it (glibc's
 * secure_getenv), while the plain binary honours it.
 *
 * The check runs only as root on a file system that honours set-user-ID
 * bits: a copy of ember owned by nobody, mode 4755, run by root has a real
 * user root and an effective user nobody (AT_SECURE set). Elsewhere it is
 * reported as skipped, with the reason.
 */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"

/* Does the file start with "#!"? */
static int is_script(const char *path)
{
	char magic[2] = {0, 0};
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		return 0;
	if (fread(magic, 1, 2, f) != 2)
		magic[0] = 0;
	fclose(f);
	return magic[0] == '#' && magic[1] == '!';
}

EMBER_TEST(sec_env_libcrypto_setuid)
{
	char copy[1024], cmd[4096];
	char *out = NULL, *err = NULL;
	struct passwd *nobody;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	/* the plain binary takes EMBER_LIBCRYPTO, and says so when it cannot load it */
	snprintf(cmd, sizeof(cmd),
	    "EMBER_LIBCRYPTO=/nonexistent/libcrypto.so '%.900s' speed -engine openssl -testmode -seconds 0.01 sha256",
	    t_ember_bin);
	st = t_run_cmd(cmd, &out, &err);
	CHECK(st != 0 && err != NULL && strstr(err, "EMBER_LIBCRYPTO=/nonexistent/libcrypto.so") != NULL,
	    "the plain binary did not try EMBER_LIBCRYPTO (exit %d): %s", st, err ? err : "");
	free(out);
	free(err);
	out = err = NULL;

	if (geteuid() != 0 || (nobody = getpwnam("nobody")) == NULL) {
		t_skip("set-user-ID case: needs root and a 'nobody' user");
		return;
	}
	if (is_script(t_ember_bin)) {
		/* make cross-test runs ember through a qemu wrapper script: the kernel ignores the bit there */
		t_skip("set-user-ID case: %s is a script (the kernel ignores set-user-ID on scripts)", t_ember_bin);
		return;
	}
	if (!CHECK(t_scratch(copy, sizeof(copy), "ember-setuid") == 0, "scratch path"))
		return;
	snprintf(cmd, sizeof(cmd), "cp '%.900s' '%s' && chown %ld '%s' && chmod 4755 '%s'", t_ember_bin, copy,
	    (long)nobody->pw_uid, copy, copy);
	if (!CHECK(t_run_cmd(cmd, NULL, NULL) == 0, "cannot make a set-user-ID copy of ember"))
		return;
	/* does this file system honour the bit? (nosuid mounts do not) */
	snprintf(cmd, sizeof(cmd), "test \"$(stat -c %%u '%s')\" = %ld && test -u '%s'", copy, (long)nobody->pw_uid,
	    copy);
	if (t_run_cmd(cmd, NULL, NULL) != 0) {
		t_skip("set-user-ID case: the copy did not keep its owner or mode");
		remove(copy);
		return;
	}
	snprintf(cmd, sizeof(cmd),
	    "EMBER_LIBCRYPTO=/nonexistent/libcrypto.so '%s' speed -engine openssl -testmode -seconds 0.01 sha256", copy);
	st = t_run_cmd(cmd, &out, &err);
	if (err != NULL && strstr(err, "nosuid") != NULL) {
		t_skip("set-user-ID case: %s", err);
	} else if (err != NULL && strstr(err, "LeakSanitizer has encountered a fatal error") != NULL) {
		/* make sanitize: LeakSanitizer dies at exit in a set-user-ID process (make test runs the check) */
		t_skip("set-user-ID case: LeakSanitizer cannot run a set-user-ID process");
	} else {
		/* EMBER_LIBCRYPTO ignored: the system libcrypto is used, or the engine is missing for another reason */
		CHECK(err == NULL || strstr(err, "/nonexistent/libcrypto.so") == NULL,
		    "a set-user-ID ember used EMBER_LIBCRYPTO: %s", err ? err : "");
		CHECK(st == 0 || (err != NULL && strstr(err, "cannot load libcrypto") != NULL),
		    "the set-user-ID run failed otherwise (exit %d): %s", st, err ? err : "");
	}
	free(out);
	free(err);
	remove(copy);
}
