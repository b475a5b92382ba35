/*
 * speed_stack.c - `ember speed -stack`: one operation on a painted stack of
 * our own, its high-water mark over an empty call's, and a heap check
 * (the method is in speed_stack.h); the text tables and -mr records of the
 * figures, and -multi's records read back.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* AddressSanitizer's allocator is not glibc's: mallinfo2 does not see it, so no heap figure there. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMBER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define EMBER_ASAN 1
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)) && !defined(EMBER_ASAN)
#include <malloc.h>
#define HAVE_MALLINFO2 1
#endif

#include "speed.h"
#include "speed_int.h"
#include "speed_stack.h"

/* Two paints: a frame storing one of them by chance is seen under the other. */
static const uint32_t paints[2] = { 0xa55ac33cu, 0x5ca3e10fu };

/*
 * The stack region is the top of a reservation of SPEED_STACK_MAX_REGION +
 * GUARD bytes whose rest stays PROT_NONE: a call that runs past its region
 * faults (even one whose frame steps over a page), the fault is caught on
 * an alternate signal stack and the call measured again on a larger region.
 */
#define GUARD ((size_t)64 * 1024)

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

struct call {
	speed_stack_fn fn;
	void *arg;
	uint32_t *lo;   /* the region's low end, its length in words, and its paint */
	size_t words;
	uint32_t paint;
	size_t used;    /* bytes from the region's top to the lowest word no longer painted */
	int err;
	int check_heap;
	long heap;
	volatile int overflow;
};

/* One measuring thread at a time: where its fault returns to, and what counts as its region. */
static sigjmp_buf fault_jump;
static unsigned char *volatile fault_lo, *volatile fault_hi;
static union {
	long double align;
	unsigned char b[64 * 1024];
} alt_stack;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	unsigned char *a = si != NULL ? (unsigned char *)si->si_addr : NULL;

	(void)uc;
	if (a != NULL && a >= fault_lo && a < fault_hi)
		siglongjmp(fault_jump, 1);
	signal(sig, SIG_DFL); /* not ours: the fault happens again, as it would have */
}

/*
 * What the thread did before the call (pthread_sigmask, mallinfo2, glibc's
 * start-up) reached below where the call's frame will start: painted over
 * again here, from the region's low end to 64 bytes under this function's
 * own local, which is below its caller's stack pointer.
 */
static NOINLINE void repaint_below(uint32_t *lo, uint32_t paint)
{
	volatile uint32_t here = paint;
	uintptr_t end = ((uintptr_t)&here - 64) & ~(uintptr_t)3;
	volatile uint32_t *w = lo;

	while ((uintptr_t)w < end)
		*w++ = paint;
}

/*
 * The call, under a frame that covers what repaint_below's own frame left
 * (at most its frame and 64 bytes): the call's frame starts below both, so
 * the empty call's figure is only the call instruction's, and a call's
 * figure is its own frames. The pad is read after the call: no tail call.
 */
static NOINLINE int call_padded(struct call *c)
{
	volatile unsigned char pad[256];
	size_t i;
	int err;

	for (i = 0; i < sizeof(pad); i++)
		pad[i] = 0;
	err = c->fn(c->arg);
	return err + pad[0];
}

/*
 * The high-water mark, read on the thread right after the call: what runs
 * after on_thread returns (the thread's exit, a sanitizer's bookkeeping) may
 * reach deeper than the call and must not count. This frame is smaller than
 * call_padded's, so it reaches no lower than the empty call did.
 */
static NOINLINE void scan_used(struct call *c)
{
	size_t i;

	for (i = 0; i < c->words && c->lo[i] == c->paint; i++)
		;
	c->used = (c->words - i) * sizeof(uint32_t);
}

static void *on_thread(void *p)
{
	struct call *c = p;
	stack_t ss, old_ss;
	sigset_t faults;

	/*
	 * Ours for the call, and the thread's own put back before it ends: a
	 * runtime that gave the thread one (AddressSanitizer does) unmaps it at
	 * the thread's exit and must find its own there, not our static buffer.
	 */
	memset(&ss, 0, sizeof(ss));
	ss.ss_sp = alt_stack.b;
	ss.ss_size = sizeof(alt_stack.b);
	if (sigaltstack(&ss, &old_ss) != 0) {
		c->err = -1;
		return NULL;
	}
	if (sigsetjmp(fault_jump, 1)) {
		c->overflow = 1;
		sigaltstack(&old_ss, NULL);
		return NULL;
	}
	sigemptyset(&faults);
	sigaddset(&faults, SIGSEGV);
	sigaddset(&faults, SIGBUS);
	pthread_sigmask(SIG_UNBLOCK, &faults, NULL);
#ifdef HAVE_MALLINFO2
	if (c->check_heap) {
		struct mallinfo2 m0 = mallinfo2(), m1;
		size_t before = m0.uordblks + m0.hblkhd, after;
		repaint_below(c->lo, c->paint);
		c->err = call_padded(c);
		scan_used(c);
		m1 = mallinfo2();
		after = m1.uordblks + m1.hblkhd;
		/* any change of the arenas: the call allocated, even if it freed (the thread's tcache stays) */
		if (m1.uordblks != m0.uordblks || m1.hblkhd != m0.hblkhd || m1.hblks != m0.hblks || m1.arena != m0.arena)
			c->heap = after > before ? (long)(after - before) : 1;
		else
			c->heap = 0;
		sigaltstack(&old_ss, NULL);
		return NULL;
	}
#endif
	repaint_below(c->lo, c->paint);
	c->err = call_padded(c);
	scan_used(c);
	sigaltstack(&old_ss, NULL);
	return NULL;
}

static int empty_call(void *arg)
{
	(void)arg;
	return 0;
}

/*
 * Runs c on a thread whose stack is |size| bytes painted with |paint| at the
 * top of the reservation; *used gets the bytes from the region's top down to
 * the lowest word no longer painted. 0; 1 when the call ran off the region
 * (c->overflow); -1 when no thread could run.
 */
static int run_painted(struct call *c, size_t size, uint32_t paint, size_t *used)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t page = pg > 0 ? (size_t)pg : 4096, total, i, n;
	unsigned char *map, *lo;
	uint32_t *w;
	pthread_attr_t attr;
	pthread_t th;
	sigset_t all, old;
	struct sigaction sa, old_sa;
	int err;

	size = (size + page - 1) / page * page;
	total = (SPEED_STACK_MAX_REGION + GUARD + page - 1) / page * page;
	if (size > total - GUARD)
		return -1;
	map = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return -1;
	lo = map + total - size;
	if (mprotect(lo, size, PROT_READ | PROT_WRITE) != 0) {
		munmap(map, total);
		return -1;
	}
	w = (uint32_t *)(void *)lo;
	n = size / sizeof(uint32_t);
	for (i = 0; i < n; i++)
		w[i] = paint;
	c->overflow = 0;
	c->lo = w;
	c->words = n;
	c->paint = paint;
	c->used = 0;
	fault_lo = map;
	fault_hi = lo;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	if (pthread_attr_init(&attr) != 0) {
		munmap(map, total);
		return -1;
	}
	err = pthread_attr_setstack(&attr, lo, size);
	sigfillset(&all);
	/* the thread inherits the mask: no handler but the fault's runs while it does */
	pthread_sigmask(SIG_SETMASK, &all, &old);
	if (err == 0)
		err = sigaction(SIGSEGV, &sa, &old_sa);
	if (err == 0) {
		err = pthread_create(&th, &attr, on_thread, c);
		if (err == 0)
			err = pthread_join(th, NULL);
		sigaction(SIGSEGV, &old_sa, NULL);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (err != 0) {
		munmap(map, total);
		return -1;
	}
	*used = c->used;
	munmap(map, total);
	return c->overflow ? 1 : 0;
}

/* The larger high-water mark of c under both paints on |size| bytes; -1 when no thread ran. */
static int high_water(struct call *c, size_t size, size_t *used)
{
	size_t u0, u1;
	int k;

	if ((k = run_painted(c, size, paints[0], &u0)) != 0)
		return k;
	if ((k = run_painted(c, size, paints[1], &u1)) != 0)
		return k;
	*used = u0 > u1 ? u0 : u1;
	return 0;
}

static size_t baseline(size_t size)
{
	/* per region size: glibc's descriptor and TLS sit at the region's top, so it does not depend on it,
	 * but measuring once per size costs nothing and assumes nothing */
	static size_t sizes[4], base[4];
	struct call c;
	size_t used = 0;
	int k;

	for (k = 0; k < 4 && sizes[k] != 0; k++)
		if (sizes[k] == size)
			return base[k];
	memset(&c, 0, sizeof(c));
	c.fn = empty_call;
	if (high_water(&c, size, &used) != 0)
		return (size_t)-1;
	if (k < 4) {
		sizes[k] = size;
		base[k] = used;
	}
	return used;
}

int speed_stack_heap_checked(void)
{
#ifdef HAVE_MALLINFO2
	return 1;
#else
	return 0;
#endif
}

int speed_stack_measure(speed_stack_fn fn, void *arg, speed_stack_fig *fig)
{
	struct call c;
	size_t size, used = 0, base;

	memset(fig, 0, sizeof(*fig));
	fig->heap = -1;
	memset(&c, 0, sizeof(c));
	c.fn = fn;
	c.arg = arg;
	for (size = SPEED_STACK_REGION;; size *= 4) {
		int k = high_water(&c, size, &used);
		fig->region = size;
		if (k < 0 || (k == 0 && c.err != 0))
			return fig->state = SPEED_STACK_FAILED;
		if (k == 0 && used + SPEED_STACK_SLACK <= size)
			break;
		if (size >= SPEED_STACK_MAX_REGION)
			return fig->state = SPEED_STACK_OVERFLOW; /* ran off the largest region: no figure */
	}
	base = baseline(size);
	if (base == (size_t)-1)
		return fig->state = SPEED_STACK_FAILED;
	fig->raw = used;
	fig->bytes = used > base ? used - base : 0;
	if (speed_stack_heap_checked()) {
		size_t ignored;
		c.check_heap = 1;
		if (run_painted(&c, size, paints[0], &ignored) != 0 || c.err != 0)
			return fig->state = SPEED_STACK_FAILED;
		fig->heap = c.heap;
	}
	return fig->state = SPEED_STACK_OK;
}

/* ---- the jobs of a run ---- */

static void keep(speed_result *x, const speed_stack_fig *fig)
{
	x->stack_state = fig->state;
	x->stack_bytes = fig->bytes;
	x->heap_bytes = fig->heap;
}

struct sym_call {
	const speed_engine *e;
	speed_task *t;
	uint8_t *buf;
	size_t size;
};

static int sym_call(void *arg)
{
	struct sym_call *a = arg;

	a->e->run(a->t, a->buf, a->size, 1);
	return a->e->error != NULL && a->e->error(a->t) != NULL ? -1 : 0;
}

void speed_stack_job(const speed_run *r, speed_job *j, speed_task *t, uint8_t *buf)
{
	int s;

	for (s = 0; s < r->nsizes; s++) {
		speed_stack_fig fig;
		struct sym_call a;

		if (r->engine != &speed_engine_ember) {
			j->res[s].stack_state = SPEED_STACK_NA;
			continue;
		}
		a.e = r->engine;
		a.t = t;
		a.buf = buf;
		a.size = r->sizes[s];
		speed_stack_measure(sym_call, &a, &fig);
		keep(&j->res[s], &fig);
	}
}

struct pk_call {
	const speed_engine *e;
	void *k;
	int family, op;
};

static int pk_call(void *arg)
{
	struct pk_call *a = arg;
	return speed_pk_key_op(a->e, a->family, a->k, a->op);
}

/* Every operation of the word: sign and verify, derive, or a KEM's keygen, encaps and decaps. */
void speed_stack_pk(const speed_run *r, speed_pk_job *p, void *key)
{
	int op;

	for (op = 0; op < SPEED_PK_NOPS(p->family); op++) {
		speed_stack_fig fig;
		struct pk_call a;

		if (r->engine != &speed_engine_ember || p->family == SPEED_PK_TLS) {
			/* another library's calls are not ours to measure; a handshake runs both sides in one thread */
			p->res[op].stack_state = SPEED_STACK_NA;
			continue;
		}
		a.e = r->engine;
		a.k = key;
		a.family = p->family;
		a.op = op;
		speed_stack_measure(pk_call, &a, &fig);
		keep(&p->res[op], &fig);
	}
}

/* ---- output ---- */

const char *speed_stack_text(const speed_result *x, int heap, char *buf, size_t len)
{
	switch (x->stack_state) {
	case SPEED_STACK_OK:
		if (heap && x->heap_bytes < 0)
			snprintf(buf, len, "-");
		else
			snprintf(buf, len, "%lu", heap ? (unsigned long)x->heap_bytes : (unsigned long)x->stack_bytes);
		break;
	case SPEED_STACK_NA:
		snprintf(buf, len, "n/a");
		break;
	case SPEED_STACK_OVERFLOW:
		snprintf(buf, len, heap ? "-" : "overflow");
		break;
	case SPEED_STACK_FAILED:
		snprintf(buf, len, "failed");
		break;
	default:
		snprintf(buf, len, "-");
		break;
	}
	return buf;
}

/* The heap of a job over its sizes: the largest allocation, else 0 when every size was checked, else "-". */
static const speed_result *heap_of(const speed_result *res, int n)
{
	const speed_result *worst = NULL;
	int s;

	for (s = 0; s < n; s++) {
		const speed_result *x = &res[s];
		if (x->stack_state != SPEED_STACK_OK || x->heap_bytes < 0)
			return x;
		if (worst == NULL || x->heap_bytes > worst->heap_bytes)
			worst = x;
	}
	return worst;
}

static int label_width(const speed_run *r)
{
	int i, w = 13;

	for (i = 0; i < r->njobs; i++)
		if ((int)strlen(r->jobs[i].label) > w)
			w = (int)strlen(r->jobs[i].label);
	for (i = 0; i < r->npk; i++)
		if ((int)strlen(r->pk[i].label) > w)
			w = (int)strlen(r->pk[i].label);
	return w;
}

/*
 * After openssl's tables, which stay as they are: each table opens with
 * "The 'numbers' are" and ends at a blank line, so that the results reader
 * reads past it as it does the spread and cycles tables.
 */
void speed_stack_print(FILE *f, const speed_run *r)
{
	int i, s, any = 0, anypk = 0, w = label_width(r);
	char b[32];

	for (i = 0; i < r->njobs; i++)
		any |= r->jobs[i].state == SPEED_OK;
	for (i = 0; i < r->npk; i++)
		anypk |= r->pk[i].state == SPEED_OK;
	if (any) {
		fprintf(f, "\nThe 'numbers' are the peak stack in bytes of one call at each size, over an empty call's;\n"
		           "heap: bytes the call allocated (0: checked, none; -: not checked). (-stack)\n");
		fprintf(f, "%-*s", w - 1, "type");
		for (s = 0; s < r->nsizes; s++)
			fprintf(f, "%7d bytes", (int)r->sizes[s]);
		fprintf(f, "%9s\n", "heap");
		for (i = 0; i < r->njobs; i++) {
			const speed_job *j = &r->jobs[i];
			if (j->state != SPEED_OK)
				continue;
			fprintf(f, "%-*s", w, j->label);
			for (s = 0; s < r->nsizes; s++)
				fprintf(f, " %11s ", speed_stack_text(&j->res[s], 0, b, sizeof(b)));
			fprintf(f, "%8s\n", speed_stack_text(heap_of(j->res, r->nsizes), 1, b, sizeof(b)));
		}
	}
	if (anypk) {
		fprintf(f, "\nThe 'numbers' are the peak stack in bytes of one operation, over an empty call's;\n"
		           "heap: bytes it allocated (0: checked, none; -: not checked). (-stack)\n"
		           "op 1, 2, 3: sign, verify (rsa, dsa, ecdsa, eddsa); derive (ecdh); keygen, encaps, decaps\n"
		           "(KEMs); keygen, sign, verify (ML-DSA)\n");
		fprintf(f, "%-*s %12s %12s %12s %8s\n", w, "public key", "op 1", "op 2", "op 3", "heap");
		for (i = 0; i < r->npk; i++) {
			const speed_pk_job *p = &r->pk[i];
			int nops = SPEED_PK_NOPS(p->family);
			char v1[32], v2[32], h[32];
			if (p->state != SPEED_OK)
				continue;
			if (nops >= 2)
				speed_stack_text(&p->res[1], 0, v1, sizeof(v1));
			else
				snprintf(v1, sizeof(v1), "-");
			if (nops == 3)
				speed_stack_text(&p->res[2], 0, v2, sizeof(v2));
			else
				snprintf(v2, sizeof(v2), "-");
			fprintf(f, "%-*s %12s %12s %12s %8s\n", w, p->label, speed_stack_text(&p->res[0], 0, b, sizeof(b)), v1,
			    v2, speed_stack_text(heap_of(p->res, nops), 1, h, sizeof(h)));
		}
	}
}

/*
 * -mr: "+EMBER:STACK:label:v..." per row (one value per +H size) and
 * "+EMBER:STACKPK:label:v[:v[:v]]" per public-key word (sign, op or keygen;
 * verify, encaps or ML-DSA sign; decaps or ML-DSA verify),
 * each value "stack/heap": bytes, or "n/a", "overflow", "failed", "-" (heap
 * not checked). Readers of openssl's records skip "+EMBER:" records.
 */
void speed_stack_print_mr(FILE *f, const speed_run *r)
{
	int i, s;
	char a[32], b[32];

	for (i = 0; i < r->njobs; i++) {
		const speed_job *j = &r->jobs[i];
		if (j->state != SPEED_OK)
			continue;
		fprintf(f, "+EMBER:STACK:%s", j->label);
		for (s = 0; s < r->nsizes; s++)
			fprintf(f, ":%s/%s", speed_stack_text(&j->res[s], 0, a, sizeof(a)),
			    speed_stack_text(&j->res[s], 1, b, sizeof(b)));
		fprintf(f, "\n");
	}
	for (i = 0; i < r->npk; i++) {
		const speed_pk_job *p = &r->pk[i];
		if (p->state != SPEED_OK)
			continue;
		fprintf(f, "+EMBER:STACKPK:%s", p->label);
		for (s = 0; s < SPEED_PK_NOPS(p->family); s++)
			fprintf(f, ":%s/%s", speed_stack_text(&p->res[s], 0, a, sizeof(a)),
			    speed_stack_text(&p->res[s], 1, b, sizeof(b)));
		fprintf(f, "\n");
	}
}

/* One "stack/heap" value into |x|, the larger kept (-multi: every child measures). 0, or -1 when malformed. */
static int read_value(speed_result *x, const char *v, size_t len)
{
	char buf[64], *slash, *end;
	unsigned long st;
	long hp;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, v, len);
	buf[len] = 0;
	slash = strchr(buf, '/');
	if (slash == NULL)
		return -1;
	*slash++ = 0;
	if (strcmp(buf, "n/a") == 0 || strcmp(buf, "n") == 0) {
		x->stack_state = SPEED_STACK_NA;
		return 0;
	}
	if (strcmp(buf, "overflow") == 0 || strcmp(buf, "failed") == 0) {
		x->stack_state = buf[0] == 'o' ? SPEED_STACK_OVERFLOW : SPEED_STACK_FAILED;
		return 0;
	}
	errno = 0;
	st = strtoul(buf, &end, 10);
	if (*end || errno || buf[0] < '0' || buf[0] > '9')
		return -1;
	if (strcmp(slash, "-") == 0)
		hp = -1;
	else {
		hp = strtol(slash, &end, 10);
		if (*end || errno || slash[0] < '0' || slash[0] > '9')
			return -1;
	}
	if (x->stack_state == SPEED_STACK_OK) {
		if ((size_t)st > x->stack_bytes)
			x->stack_bytes = (size_t)st;
		if (hp < 0 || x->heap_bytes < 0)
			x->heap_bytes = -1;
		else if (hp > x->heap_bytes)
			x->heap_bytes = hp;
	} else if (x->stack_state == SPEED_STACK_NONE) {
		x->stack_state = SPEED_STACK_OK;
		x->stack_bytes = (size_t)st;
		x->heap_bytes = hp;
	}
	return 0;
}

/* Reads the values after "label:" into res[0..n). */
static void read_values(speed_result *res, int n, const char *p)
{
	int k;

	for (k = 0; k < n && *p; k++) {
		size_t len;
		/* "n/a/-": the value's own '/' is part of it */
		if (strncmp(p, "n/a/", 4) == 0)
			len = 4 + strcspn(p + 4, ":");
		else
			len = strcspn(p, ":");
		if (read_value(&res[k], p, len) != 0)
			return;
		p += len;
		if (*p == ':')
			p++;
	}
}

int speed_stack_child_record(speed_run *r, const char *line)
{
	int i, pk;
	const char *p;

	if (strncmp(line, "+EMBER:STACKPK:", 15) == 0)
		pk = 1, p = line + 15;
	else if (strncmp(line, "+EMBER:STACK:", 13) == 0)
		pk = 0, p = line + 13;
	else
		return 0;
	if (pk) {
		for (i = 0; i < r->npk; i++) {
			size_t n = strlen(r->pk[i].label);
			if (strncmp(p, r->pk[i].label, n) == 0 && p[n] == ':') {
				read_values(r->pk[i].res, SPEED_PK_NOPS(r->pk[i].family), p + n + 1);
				break;
			}
		}
	} else {
		for (i = 0; i < r->njobs; i++) {
			size_t n = strlen(r->jobs[i].label);
			if (strncmp(p, r->jobs[i].label, n) == 0 && p[n] == ':') {
				read_values(r->jobs[i].res, r->nsizes, p + n + 1);
				break;
			}
		}
	}
	return 1;
}
