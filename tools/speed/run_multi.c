/*
 * run_multi.c - -multi: N processes, each running the jobs (run.c), their
 * rates summed as openssl's do_multi sums them; a child also sends
 * Ember's own records (+EMBER:J/S/K/P/TB and -stack's), so that the parent
 * can fill JSON and CSV too.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "speed.h"
#include "speed_int.h"
#include "speed_stack.h"
#include "tool.h"

/* What a child sends besides openssl's records, so that the parent can fill JSON and CSV too. */
void speed_child_records(FILE *f, const speed_run *r)
{
	int i, s;

	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		fprintf(f, "+EMBER:J:%d:%d:%s\n", i, j->state, j->impl_used[0] ? j->impl_used : "-");
		for (s = 0; j->state == SPEED_OK && s < r->nsizes; s++) {
			const speed_result *x = &j->res[s];
			fprintf(f, "+EMBER:S:%d:%d:%llu:%.9g:%.17g:%.17g:%.17g:%llu\n", i, s, (unsigned long long)x->ops,
			    x->seconds, x->rate, x->min, x->max, (unsigned long long)x->cycles);
		}
	}
	for (i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		fprintf(f, "+EMBER:K:%d:%d\n", i, p->state);
		if (p->family == SPEED_PK_TLS && p->state == SPEED_OK) /* the handshake's bytes and suite */
			fprintf(f, "+EMBER:TB:%d:%llu:%llu:%s\n", i, (unsigned long long)p->tls_bytes[0],
			    (unsigned long long)p->tls_bytes[1], p->tls_suite[0] ? p->tls_suite : "-");
		for (s = 0; p->state == SPEED_OK && s < SPEED_PK_NOPS(p->family); s++) {
			const speed_result *x = &p->res[s];
			fprintf(f, "+EMBER:P:%d:%d:%llu:%.9g:%.17g:%.17g:%.17g:%llu\n", i, s, (unsigned long long)x->ops,
			    x->seconds, x->rate, x->min, x->max, (unsigned long long)x->cycles);
		}
	}
}

static void merge(speed_result *x, unsigned long long ops, double secs, double rate, double mn, double mx,
    unsigned long long cyc)
{
	if (x->samples == NULL) {
		x->samples = calloc(1, sizeof(double));
		if (x->samples == NULL)
			return;
		x->nsamples = 1;
	}
	x->ops += ops;
	x->seconds = secs > x->seconds ? secs : x->seconds;
	x->rate += rate;
	x->min += mn;
	x->max += mx;
	x->cycles += cyc;
	x->samples[0] = x->rate;
	x->state = SPEED_OK;
}

static void parse_child_line(speed_run *r, char *line)
{
	int i, s, st;
	unsigned long long ops, cyc;
	double secs, rate, mn, mx;
	char impl[32], tsuite[40];

	if (sscanf(line, "+EMBER:J:%d:%d:%31s", &i, &st, impl) == 3 && i >= 0 && i < r->njobs) {
		speed_job *j = &r->jobs[i];
		if (st == SPEED_FAILED || j->state == SPEED_NOT_RUN)
			j->state = st;
		if (strcmp(impl, "-") != 0)
			snprintf(j->impl_used, sizeof(j->impl_used), "%s", impl);
	} else if (sscanf(line, "+EMBER:S:%d:%d:%llu:%lf:%lf:%lf:%lf:%llu", &i, &s, &ops, &secs, &rate, &mn, &mx,
	               &cyc) == 8 &&
	    i >= 0 && i < r->njobs && s >= 0 && s < r->nsizes) {
		merge(&r->jobs[i].res[s], ops, secs, rate, mn, mx, cyc);
	} else if (speed_stack_child_record(r, line)) {
		/* -stack: a child's figures, the larger kept */
	} else if (sscanf(line, "+EMBER:TB:%d:%llu:%llu:%39s", &i, &ops, &cyc, tsuite) == 4 && i >= 0 && i < r->npk) {
		r->pk[i].tls_bytes[0] = ops;
		r->pk[i].tls_bytes[1] = cyc;
		snprintf(r->pk[i].tls_suite, sizeof(r->pk[i].tls_suite), "%s", strcmp(tsuite, "-") ? tsuite : "");
	} else if (sscanf(line, "+EMBER:K:%d:%d", &i, &st) == 2 && i >= 0 && i < r->npk) {
		if (st == SPEED_FAILED || r->pk[i].state == SPEED_NOT_RUN)
			r->pk[i].state = st;
	} else if (sscanf(line, "+EMBER:P:%d:%d:%llu:%lf:%lf:%lf:%lf:%llu", &i, &s, &ops, &secs, &rate, &mn, &mx,
	               &cyc) == 8 &&
	    i >= 0 && i < r->npk && s >= 0 && s < SPEED_PK_NOPS(r->pk[i].family)) {
		merge(&r->pk[i].res[s], ops, secs, rate, mn, mx, cyc);
	}
}

/* Returns 1 in a child (which then runs and reports), 0 in the parent once all children are read. */
int speed_do_multi(speed_run *r)
{
	int *fds, n;
	int echo = r->format == SPEED_TEXT || r->format == SPEED_MR;

	fds = calloc((size_t)r->multi, sizeof(int));
	if (fds == NULL) {
		r->failures++;
		return 0;
	}
	for (n = 0; n < r->multi; n++) {
		int fd[2];
		pid_t pid;

		if (pipe(fd) == -1) {
			tool_error(CMD, "-multi: pipe: %s", strerror(errno));
			r->failures++;
			break;
		}
		fflush(stdout);
		fflush(stderr);
		pid = fork();
		if (pid == -1) {
			tool_error(CMD, "-multi: fork: %s", strerror(errno));
			close(fd[0]);
			close(fd[1]);
			r->failures++;
			break;
		}
		if (pid == 0) {
			int k;
			for (k = 0; k < n; k++)
				close(fds[k]);
			close(fd[0]);
			if (dup2(fd[1], 1) == -1)
				_exit(1);
			close(fd[1]);
			free(fds);
			return 1;
		}
		close(fd[1]);
		fds[n] = fd[0];
		if (echo)
			printf("Forked child %d\n", n);
	}
	r->multi = n;
	for (n = 0; n < r->multi; n++) {
		FILE *f = fdopen(fds[n], "r");
		char buf[1024];

		if (f == NULL) {
			close(fds[n]);
			r->failures++;
			continue;
		}
		while (fgets(buf, sizeof(buf), f)) {
			char *p = strchr(buf, '\n');
			if (p)
				*p = 0;
			if (buf[0] != '+') {
				fprintf(stderr, "Don't understand line '%s' from child %d\n", buf, n);
				continue;
			}
			if (strncmp(buf, "+EMBER:", 7) == 0)
				parse_child_line(r, buf);
			else if (echo)
				printf("Got: %s from %d\n", buf, n);
		}
		fclose(f);
	}
	for (n = 0; n < r->multi; n++) {
		int status;
		if (wait(&status) == -1)
			break;
		if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
			r->failures += WEXITSTATUS(status);
		else if (WIFSIGNALED(status)) {
			fprintf(stderr, "Child terminated by signal %d\n", WTERMSIG(status));
			r->failures++;
		}
	}
	free(fds);
	return 0;
}

/* ---- -impl all: the fastest implementation of each row ---- */

