/*
 * cttrace.c - constant-time check by single-stepping (`make cttrace`).
 *
 * valgrind cannot run the default x86-64 bignum backends (MULX/ADX and
 * AVX-512 IFMA), and a sanitizer's shadow state does not follow values
 * through inline assembly. This check looks at what the CPU really does:
 * for each operation it forks two children (three with -n 3) after all the
 * setup (CPU detection, registry), so that their address spaces are the
 * same, lets each prepare its own secret inputs from a seed, and then
 * single-steps them with PTRACE_SINGLESTEP from a marker (an int3 in
 * ctt_begin) to the entry of ctt_end. At every step it records RIP and the
 * address of every memory operand of the instruction at RIP, computed from
 * the child's general registers by the decoder of x86dec.c (explicit
 * ModRM/SIB/displacement and RIP-relative operands, and the implicit ones:
 * the stack of push/pop/call/ret, RSI/RDI of string instructions). The
 * children are stepped in lockstep and compared at every step, so the
 * first divergence is reported exactly: a secret-dependent branch shows up
 * as two RIPs, a secret-dependent address as two addresses at one RIP. The
 * step count and a hash of the whole trace are printed per check.
 *
 * What it does not see: instruction timing that depends on operand values
 * (division, denormals), and cache-line effects of addresses that agree.
 * The check is as good as its inputs: two random secrets per check, every
 * path reached by them compared instruction by instruction.
 *
 * After the end marker each child checks its result against the portable
 * backend computed by another route (a wrong result fails the check, so a
 * backend that silently fell back, or a tracer that broke the arithmetic,
 * cannot pass).
 *
 * The build with -DEMBER_CTTRACE_LEAK (`make cttrace-selftest`, the
 * library built with the planted leaks of mont_x86adx.c, mont_avx512ifma.c
 * and, with -DEMBER_CTGRIND_LEAK, ember_memeq's early exit) expects every
 * check that reaches a planted leak to diverge and every other one not to.
 *
 * Usage: cttrace [-n SECRETS] [-k SUBSTRING]...   x86-64 Linux only.
 */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__linux__)

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stddef.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember/bn.h"
#include "ember/cpu.h"
#include "ember/util.h"
#include "x86dec.h"

#define MAXW EMBER_BN_MAX_WORDS
#define MAXSECRETS 4

/* ---- the checks ---- */

enum op { OP_MUL, OP_SQR, OP_EXP, OP_EXP2, OP_MEMEQ };

/* the planted leaks a check runs through (leak build only) */
#define LEAK_ADX 1u   /* mont_x86adx.c: branch inside the MULX/ADCX/ADOX row loop */
#define LEAK_IFMA 2u  /* mont_avx512ifma.c: load indexed by the digit y in amm_digit */
#define LEAK_MEMEQ 4u /* util.c (EMBER_CTGRIND_LEAK): ember_memeq's early exit */

struct check {
	const char *impl; /* bignum backend, NULL for ember_memeq */
	enum op op;
	unsigned bits;   /* modulus bits (each half for OP_EXP2) */
	unsigned e_bits; /* exponent bits for OP_EXP and OP_EXP2 */
	unsigned leak;   /* LEAK_* it runs through */
};

/*
 * Cost: a single step costs 20-70 us on this host (a debug trap per
 * instruction, two children; measured, see the Makefile), and one
 * 2048-bit MULX/ADX product is 11,700 steps. So the exponentiations run
 * over the full 1024- and 2048-bit moduli with 12-bit secret exponents:
 * three 4-bit windows, i.e. the whole code of an RSA exponentiation (the
 * table of powers, the constant-time table scan at every window, the
 * window loop of squarings and a product, the conversions in and out of
 * Montgomery form) with the window loop run twice instead of ~200 times.
 * The window loop's code and addresses do not depend on which window it is
 * in (the window count and the positions are public), and 5-bit windows
 * (e_bits >= 256) change only the public table size. modexp_ct2 is RSA's
 * CRT pair (the halves of RSA-1024 and RSA-2048 private keys) with secret
 * moduli (the primes), bases and exponents.
 */
#define EXP_BITS 12
#define MUL_CHECKS(impl, leak)                                                                  \
	{ impl, OP_MUL, 1024, 0, leak }, { impl, OP_SQR, 1024, 0, leak }, { impl, OP_MUL, 2048, 0, leak }, \
	    { impl, OP_SQR, 2048, 0, leak }

static const struct check checks[] = {
	/* the portable backend, the control (no planted leak reaches it); its exp_ct and exp_ct2 are
	 * exp_radix.c's (2048-bit single exponentiations take the generic chain: see x86adx) */
	MUL_CHECKS("ref", 0),
	{ "ref", OP_EXP, 1024, EXP_BITS, 0 },
	{ "ref", OP_EXP2, 512, EXP_BITS, 0 },
	{ "ref", OP_EXP2, 1024, EXP_BITS, 0 },
	/* MULX/ADX products, bn.c's generic window chain over them; its CRT pair is exp_radix.c's, as ref's */
	MUL_CHECKS("x86adx", LEAK_ADX),
	{ "x86adx", OP_EXP, 1024, EXP_BITS, LEAK_ADX },
	{ "x86adx", OP_EXP, 2048, EXP_BITS, LEAK_ADX },
	/* the same MULX/ADX products; exponentiations (single and CRT pair) in radix 2^52 with IFMA */
	{ "avx512ifma", OP_MUL, 1024, 0, LEAK_ADX },
	{ "avx512ifma", OP_SQR, 2048, 0, LEAK_ADX },
	{ "avx512ifma", OP_EXP, 1024, EXP_BITS, LEAK_IFMA },
	{ "avx512ifma", OP_EXP, 2048, EXP_BITS, LEAK_IFMA },
	{ "avx512ifma", OP_EXP2, 512, EXP_BITS, LEAK_IFMA },
	{ "avx512ifma", OP_EXP2, 1024, EXP_BITS, LEAK_IFMA },
	{ NULL, OP_MEMEQ, 0, 0, LEAK_MEMEQ },
};

static const char *const op_names[] = { "mul", "sqr", "modexp_ct", "modexp_ct2 (CRT pair)", "ember_memeq" };

static void check_name(char *buf, size_t len, const struct check *c)
{
	if (c->op == OP_MEMEQ)
		snprintf(buf, len, "ember_memeq 64 bytes");
	else if (c->op == OP_EXP2)
		snprintf(buf, len, "%s %s 2x%u, %u-bit exponents", c->impl, op_names[c->op], c->bits, c->e_bits);
	else if (c->op == OP_EXP)
		snprintf(buf, len, "%s %s %u, %u-bit exponent", c->impl, op_names[c->op], c->bits, c->e_bits);
	else
		snprintf(buf, len, "%s %s %u", c->impl, op_names[c->op], c->bits);
}

/* ---- the child: inputs, the traced region, the result check ---- */

struct work {
	ember_bn_mont mc, mc2, ref, ref2;
	ember_bn_word a[MAXW], b[MAXW], e[MAXW], a2[MAXW], e2[MAXW];
	ember_bn_word r[MAXW], r2[MAXW], chk[MAXW], chk2[MAXW];
	uint8_t x[64], y[64];
	int eq;
};
static struct work w;

static uint64_t rng;

static uint64_t next64(void)
{
	/* splitmix64 */
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void random_words(ember_bn_word *a, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		a[i] = next64();
}

/* odd, top bit set: n words exactly */
static void random_modulus(ember_bn_word *m, size_t n)
{
	random_words(m, n);
	m[0] |= 1;
	m[n - 1] |= (ember_bn_word)1 << 63;
}

/* below any modulus of n words with its top bit set */
static void random_below(ember_bn_word *a, size_t n)
{
	random_words(a, n);
	a[n - 1] >>= 1;
}

static void random_exponent(ember_bn_word *e, unsigned bits)
{
	size_t n = EMBER_BN_WORDS(bits);
	random_words(e, n);
	if (bits % 64)
		e[n - 1] &= ((ember_bn_word)1 << (bits % 64)) - 1;
	e[(bits - 1) / 64] |= (ember_bn_word)1 << ((bits - 1) % 64);
}

static int mont_for(ember_bn_mont *mc, ember_bn_mont *ref, const ember_bn_word *m, size_t n, const char *impl)
{
	const ember_bn_mont_desc *d = ember_bn_mont_find(impl), *dref = ember_bn_mont_find("ref");

	if (d == NULL || dref == NULL || ember_bn_mont_init(mc, m, n) != 0 || ember_bn_mont_set_impl(mc, d) != 0)
		return -1;
	if (ember_bn_mont_init(ref, m, n) != 0 || ember_bn_mont_set_impl(ref, dref) != 0)
		return -1;
	return 0;
}

/* Inputs of check c for secret number |secret| (the public modulus is the same for all). */
static int prepare(const struct check *c, unsigned secret)
{
	ember_bn_word m[MAXW];
	size_t n = EMBER_BN_WORDS(c->bits);

	memset(&w, 0, sizeof(w));
	if (c->op == OP_MEMEQ) {
		/* two unequal buffers: the first byte differs for one secret, only byte 17 for the other */
		size_t i;
		rng = 77;
		for (i = 0; i < sizeof(w.x); i++)
			w.x[i] = (uint8_t)next64();
		memcpy(w.y, w.x, sizeof(w.y));
		rng = 1000 + secret;
		w.x[(secret & 1) ? 17 : 0] ^= (uint8_t)(1 + next64() % 255);
		return 0;
	}
	if (c->op == OP_EXP2) {
		/* the moduli of the CRT halves are the secret primes */
		rng = 1000 + secret;
		random_modulus(m, n);
		if (mont_for(&w.mc, &w.ref, m, n, c->impl) != 0)
			return -1;
		random_modulus(m, n);
		if (mont_for(&w.mc2, &w.ref2, m, n, c->impl) != 0)
			return -1;
		random_below(w.a, n);
		random_below(w.a2, n);
		random_exponent(w.e, c->e_bits);
		random_exponent(w.e2, c->e_bits);
		return 0;
	}
	rng = 42;
	random_modulus(m, n);
	if (mont_for(&w.mc, &w.ref, m, n, c->impl) != 0)
		return -1;
	rng = 1000 + secret;
	random_below(w.a, n);
	random_below(w.b, n);
	random_exponent(w.e, c->e_bits ? c->e_bits : 64);
	return 0;
}

/* The markers: tracing starts after the int3, stops at the entry of ctt_end. */
__attribute__((noinline)) void ctt_begin(void);
__attribute__((noinline)) void ctt_end(void);
__attribute__((noinline)) void ctt_begin(void)
{
	__asm__ volatile("int3" ::: "memory");
}

__attribute__((noinline)) void ctt_end(void)
{
	__asm__ volatile("" ::: "memory");
}

static void run(const struct check *c)
{
	switch (c->op) {
	case OP_MUL:
		w.mc.impl->mul(w.r, w.a, w.b, &w.mc);
		break;
	case OP_SQR:
		w.mc.impl->sqr(w.r, w.a, &w.mc);
		break;
	case OP_EXP:
		ember_bn_modexp_ct(w.r, w.a, w.e, c->e_bits, &w.mc);
		break;
	case OP_EXP2:
		ember_bn_modexp_ct2(w.r, w.a, w.e, &w.mc, w.r2, w.a2, w.e2, &w.mc2, c->e_bits);
		break;
	case OP_MEMEQ:
		w.eq = ember_memeq(w.x, w.y, sizeof(w.x));
		break;
	}
}

/* 0 when the traced operation gave the right answer (by the portable backend, another route). */
static int verify(const struct check *c)
{
	size_t n = w.mc.n, ew = EMBER_BN_WORDS(c->e_bits);

	switch (c->op) {
	case OP_MUL:
		w.ref.impl->mul(w.chk, w.a, w.b, &w.ref);
		break;
	case OP_SQR:
		w.ref.impl->mul(w.chk, w.a, w.a, &w.ref);
		break;
	case OP_EXP:
		ember_bn_modexp_vartime(w.chk, w.a, w.e, ew, &w.ref);
		break;
	case OP_EXP2:
		ember_bn_modexp_vartime(w.chk, w.a, w.e, ew, &w.ref);
		ember_bn_modexp_vartime(w.chk2, w.a2, w.e2, ew, &w.ref2);
		if (memcmp(w.chk2, w.r2, n * sizeof(w.r2[0])) != 0)
			return 1;
		break;
	case OP_MEMEQ:
		return w.eq != 0;
	}
	return memcmp(w.chk, w.r, n * sizeof(w.r[0])) != 0;
}

static void child(const struct check *c, unsigned secret)
{
	if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0)
		_exit(10);
	raise(SIGSTOP);
	if (prepare(c, secret) != 0)
		_exit(11);
	ctt_begin();
	run(c);
	ctt_end();
	_exit(verify(c) ? 12 : 0);
}

/* ---- the tracer ---- */

/* general registers of user_regs_struct in encoding order (rax rcx rdx rbx rsp rbp rsi rdi r8..r15) */
static void gprs(uint64_t *g, const struct user_regs_struct *r)
{
	g[0] = r->rax, g[1] = r->rcx, g[2] = r->rdx, g[3] = r->rbx;
	g[4] = r->rsp, g[5] = r->rbp, g[6] = r->rsi, g[7] = r->rdi;
	g[8] = r->r8, g[9] = r->r9, g[10] = r->r10, g[11] = r->r11;
	g[12] = r->r12, g[13] = r->r13, g[14] = r->r14, g[15] = r->r15;
}

struct tracee {
	pid_t pid;
	struct user_regs_struct regs;
};

/* decoded instructions by address (the code does not change) */
#define CACHE_BITS 16
struct cached {
	uint64_t rip;
	uint8_t bytes[16];
	struct x86_insn d;
};
static struct cached cache[1u << CACHE_BITS];

/* The instruction at rip in the child, decoded once. NULL, with a message, when it cannot be. */
static const struct cached *insn_at(pid_t pid, uint64_t rip, char *err, size_t errlen)
{
	struct cached *e = &cache[(rip ^ (rip >> CACHE_BITS)) & ((1u << CACHE_BITS) - 1)];
	struct iovec local, remote[2];
	uint64_t page_end = (rip | 4095) + 1;
	ssize_t got;

	if (e->rip == rip && rip != 0)
		return e;
	memset(e, 0, sizeof(*e));
	local.iov_base = e->bytes;
	local.iov_len = 16;
	remote[0].iov_base = (void *)(uintptr_t)rip;
	remote[0].iov_len = page_end - rip < 16 ? page_end - rip : 16;
	remote[1].iov_base = (void *)(uintptr_t)page_end;
	remote[1].iov_len = 16 - remote[0].iov_len;
	got = process_vm_readv(pid, &local, 1, remote, remote[1].iov_len ? 2 : 1, 0);
	if (got <= 0) {
		snprintf(err, errlen, "cannot read the code at 0x%llx: %s", (unsigned long long)rip, strerror(errno));
		return NULL;
	}
	if (x86_decode(&e->d, e->bytes, (size_t)got) != 0) {
		snprintf(err, errlen, "cannot decode the instruction at 0x%llx: %s", (unsigned long long)rip,
		    e->d.why ? e->d.why : "?");
		return NULL;
	}
	e->rip = rip;
	return e;
}

/* "function (file:line)" for a code address, from the object that maps it */
struct findobj {
	uint64_t addr, bias;
	const char *name;
};

static const char *self_path(void)
{
	static char path[4096];
	ssize_t n;

	if (path[0] == 0) {
		n = readlink("/proc/self/exe", path, sizeof(path) - 1);
		if (n <= 0)
			snprintf(path, sizeof(path), "/proc/self/exe");
		else
			path[n] = 0;
	}
	return path;
}

static int find_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct findobj *f = arg;
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uint64_t lo = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && f->addr >= lo && f->addr < lo + ph->p_memsz) {
			f->bias = info->dlpi_addr;
			/* the main program has no name here; addr2line (another process) needs its real path */
			f->name = info->dlpi_name[0] ? info->dlpi_name : self_path();
			return 1;
		}
	}
	return 0;
}

static void where(char *buf, size_t len, uint64_t addr)
{
	struct findobj f = { addr, 0, NULL };
	char cmd[600], fn[256] = "", line[256] = "";
	FILE *p;

	snprintf(buf, len, "?");
	if (!dl_iterate_phdr(find_cb, &f) || f.name == NULL)
		return;
	snprintf(cmd, sizeof(cmd), "addr2line -f -i -e '%s' 0x%llx 2>/dev/null", f.name,
	    (unsigned long long)(addr - f.bias));
	p = popen(cmd, "r");
	if (p != NULL) {
		if (fgets(fn, sizeof(fn), p) == NULL || fgets(line, sizeof(line), p) == NULL)
			fn[0] = line[0] = 0;
		pclose(p);
	}
	fn[strcspn(fn, "\n")] = 0;
	line[strcspn(line, "\n")] = 0;
	if (fn[0] && strcmp(fn, "??") != 0) {
		const char *src = strstr(line, "/src/");
		snprintf(buf, len, "%s at %s", fn, src ? src + 1 : line);
	} else {
		Dl_info di;
		if (dladdr((void *)(uintptr_t)addr, &di) && di.dli_sname)
			snprintf(buf, len, "%s+0x%llx in %s", di.dli_sname,
			    (unsigned long long)(addr - (uint64_t)(uintptr_t)di.dli_saddr), f.name);
		else
			snprintf(buf, len, "%s+0x%llx", f.name, (unsigned long long)(addr - f.bias));
	}
}

static void print_insn(const char *who, const struct cached *e, uint64_t rip)
{
	char loc[400];
	unsigned i;

	where(loc, sizeof(loc), rip);
	printf("    %s rip 0x%llx %s  [", who, (unsigned long long)rip, loc);
	for (i = 0; e != NULL && i < e->d.len; i++)
		printf("%s%02x", i ? " " : "", e->bytes[i]);
	printf("]\n");
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void kill_all(struct tracee *t, unsigned ns)
{
	unsigned k;
	int st;

	for (k = 0; k < ns; k++) {
		if (t[k].pid > 0) {
			kill(t[k].pid, SIGKILL);
			waitpid(t[k].pid, &st, 0);
			t[k].pid = 0;
		}
	}
}

/* wait for a single-step (or the int3) stop; 0, or -1 with a message */
static int wait_trap(struct tracee *t, unsigned k, char *err, size_t errlen)
{
	int st;

	if (waitpid(t->pid, &st, 0) != t->pid) {
		snprintf(err, errlen, "waitpid: %s", strerror(errno));
		return -1;
	}
	if (WIFEXITED(st)) {
		snprintf(err, errlen, "secret %u: the child exited with %d before the end marker", k + 1, WEXITSTATUS(st));
		t->pid = 0;
		return -1;
	}
	if (WIFSIGNALED(st)) {
		snprintf(err, errlen, "secret %u: the child died of signal %d", k + 1, WTERMSIG(st));
		t->pid = 0;
		return -1;
	}
	if (!WIFSTOPPED(st) || WSTOPSIG(st) != SIGTRAP) {
		snprintf(err, errlen, "secret %u: the child stopped with signal %d", k + 1, WSTOPSIG(st));
		return -1;
	}
	if (ptrace(PTRACE_GETREGS, t->pid, NULL, &t->regs) != 0) {
		snprintf(err, errlen, "PTRACE_GETREGS: %s", strerror(errno));
		return -1;
	}
	return 0;
}

enum verdict { SAME, DIFFER, ERROR };

struct result {
	uint64_t steps, hash;
	double secs;
};

static uint64_t mix(uint64_t h, uint64_t v)
{
	/* FNV-1a over the 8 bytes of v */
	unsigned i;
	for (i = 0; i < 8; i++)
		h = (h ^ ((v >> (8 * i)) & 0xff)) * 0x100000001b3ull;
	return h;
}

static enum verdict trace(const struct check *c, unsigned ns, struct result *res, char *err, size_t errlen)
{
	struct tracee t[MAXSECRETS];
	const uint64_t end = (uint64_t)(uintptr_t)ctt_end;
	uint64_t step = 0, h = 0xcbf29ce484222325ull;
	double t0 = now();
	enum verdict v = ERROR;
	unsigned k, j;
	int st;

	memset(t, 0, sizeof(t));
	fflush(stdout);
	for (k = 0; k < ns; k++) {
		t[k].pid = fork();
		if (t[k].pid < 0) {
			snprintf(err, errlen, "fork: %s", strerror(errno));
			goto out;
		}
		if (t[k].pid == 0)
			child(c, k + 1);
		if (waitpid(t[k].pid, &st, 0) != t[k].pid || !WIFSTOPPED(st) || WSTOPSIG(st) != SIGSTOP) {
			snprintf(err, errlen, "the child did not stop under ptrace (is ptrace allowed? exit %d)",
			    WIFEXITED(st) ? WEXITSTATUS(st) : -1);
			goto out;
		}
		if (ptrace(PTRACE_SETOPTIONS, t[k].pid, NULL, (void *)(uintptr_t)PTRACE_O_EXITKILL) != 0 ||
		    ptrace(PTRACE_CONT, t[k].pid, NULL, NULL) != 0 || wait_trap(&t[k], k, err, errlen) != 0)
			goto out;
	}
	for (;;) {
		const struct cached *e;
		uint64_t g[16], a0[X86_MAXMEM];
		const uint64_t rip = t[0].regs.rip;
		unsigned done = 0;

		for (k = 0; k < ns; k++)
			done += t[k].regs.rip == end;
		if (done == ns)
			break;
		for (k = 1; k < ns; k++) {
			if (t[k].regs.rip != rip) {
				printf("    traces differ at step %llu: %s\n", (unsigned long long)step,
				    done ? "one run reached the end marker first" : "different instructions (a branch)");
				print_insn("secret 1:", insn_at(t[0].pid, rip, err, errlen), rip);
				print_insn(k == 1 ? "secret 2:" : "secret 3:", insn_at(t[k].pid, t[k].regs.rip, err, errlen),
				    t[k].regs.rip);
				v = DIFFER;
				goto out;
			}
		}
		e = insn_at(t[0].pid, rip, err, errlen);
		if (e == NULL)
			goto out;
		if (e->d.flags & X86_UNSUPPORTED) {
			char loc[400];
			where(loc, sizeof(loc), rip);
			snprintf(err, errlen, "unsupported instruction at 0x%llx (%s): %s", (unsigned long long)rip, loc,
			    e->d.why);
			goto out;
		}
		h = mix(h, rip);
		gprs(g, &t[0].regs);
		for (j = 0; j < e->d.nmem; j++) {
			a0[j] = x86_addr(&e->d.mem[j], g, rip, e->d.len, t[0].regs.fs_base, t[0].regs.gs_base);
			h = mix(h, a0[j]);
		}
		for (k = 1; k < ns; k++) {
			gprs(g, &t[k].regs);
			for (j = 0; j < e->d.nmem; j++) {
				uint64_t a = x86_addr(&e->d.mem[j], g, rip, e->d.len, t[k].regs.fs_base, t[k].regs.gs_base);
				if (a != a0[j]) {
					printf("    traces differ at step %llu: memory operand %u at a different address "
					       "(a secret-dependent address)\n", (unsigned long long)step, j + 1);
					print_insn("both:", e, rip);
					printf("    secret 1: 0x%llx, secret %u: 0x%llx (offset %+lld)%s\n",
					    (unsigned long long)a0[j], k + 1, (unsigned long long)a, (long long)(a - a0[j]),
					    (e->d.mem[j].flags & X86_DISP8N) ? " (EVEX disp8 unscaled)" : "");
					v = DIFFER;
					goto out;
				}
			}
		}
		for (k = 0; k < ns; k++) {
			if (ptrace(PTRACE_SINGLESTEP, t[k].pid, NULL, NULL) != 0) {
				snprintf(err, errlen, "PTRACE_SINGLESTEP: %s", strerror(errno));
				goto out;
			}
		}
		for (k = 0; k < ns; k++)
			if (wait_trap(&t[k], k, err, errlen) != 0)
				goto out;
		step++;
		/* the decoded length must be where the CPU went, unless the instruction may jump */
		if (!(e->d.flags & X86_BRANCH) && t[0].regs.rip != rip + e->d.len &&
		    !((e->d.flags & X86_REPSTR) && t[0].regs.rip == rip)) {
			char loc[400];
			where(loc, sizeof(loc), rip);
			snprintf(err, errlen, "decoder: %u-byte instruction at 0x%llx (%s) but the CPU went to 0x%llx",
			    e->d.len, (unsigned long long)rip, loc, (unsigned long long)t[0].regs.rip);
			goto out;
		}
	}
	/* same trace: let the children check their results */
	for (k = 0; k < ns; k++) {
		if (ptrace(PTRACE_CONT, t[k].pid, NULL, NULL) != 0 || waitpid(t[k].pid, &st, 0) != t[k].pid) {
			snprintf(err, errlen, "cannot resume the child: %s", strerror(errno));
			goto out;
		}
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			snprintf(err, errlen, "secret %u: %s", k + 1,
			    WIFEXITED(st) && WEXITSTATUS(st) == 12 ? "wrong result" : "the child failed after the trace");
			if (WIFEXITED(st) || WIFSIGNALED(st))
				t[k].pid = 0;
			goto out;
		}
		t[k].pid = 0;
	}
	v = SAME;
out:
	kill_all(t, ns);
	res->steps = step;
	res->hash = h;
	res->secs = now() - t0;
	return v;
}

/* "" when this CPU runs backend impl, else the first feature it lacks */
static const char *lacks(const char *impl)
{
	static const struct {
		const char *impl;
		uint32_t bit;
		const char *name;
	} need[] = {
		{ "x86adx", EMBER_CPU_BMI2, "BMI2" },
		{ "x86adx", EMBER_CPU_ADX, "ADX" },
		{ "avx512ifma", EMBER_CPU_BMI2, "BMI2" },
		{ "avx512ifma", EMBER_CPU_ADX, "ADX" },
		{ "avx512ifma", EMBER_CPU_AVX512F, "AVX-512F" },
		{ "avx512ifma", EMBER_CPU_AVX512IFMA, "AVX-512 IFMA" },
	};
	size_t i;

	for (i = 0; i < sizeof(need) / sizeof(need[0]); i++)
		if (strcmp(need[i].impl, impl) == 0 && !ember_cpu_has(need[i].bit))
			return need[i].name;
	if (ember_bn_mont_find(impl) == NULL)
		return "it (the backend is not supported here)";
	return "";
}

int main(int argc, char **argv)
{
#ifdef EMBER_CTTRACE_LEAK
	const int leak_build = 1;
#else
	const int leak_build = 0;
#endif
	const char *filters[16];
	unsigned nfilters = 0, ns = 2, passed = 0, failed = 0, notrun = 0, caught = 0;
	char feat[256];
	double t0 = now();
	size_t i;
	int a;

	for (a = 1; a < argc; a++) {
		if (strcmp(argv[a], "-n") == 0 && a + 1 < argc) {
			ns = (unsigned)atoi(argv[++a]);
			if (ns < 2 || ns > MAXSECRETS) {
				fprintf(stderr, "cttrace: -n %s: between 2 and %d secrets\n", argv[a], MAXSECRETS);
				return 2;
			}
		} else if (strcmp(argv[a], "-k") == 0 && a + 1 < argc && nfilters < 16) {
			filters[nfilters++] = argv[++a];
		} else {
			fprintf(stderr, "cttrace: unknown argument '%s' (usage: cttrace [-n SECRETS] [-k SUBSTRING]...)\n",
			    argv[a]);
			return 2;
		}
	}
	/* all setup before the first fork: CPU detection (EMBER_CPUCAP), the registry */
	if (ember_cpu_status(NULL) != 0) {
		fprintf(stderr, "cttrace: bad EMBER_CPUCAP\n");
		return 2;
	}
	ember_cpu_describe(feat, sizeof(feat));
	printf("cttrace: %u secrets per check, single-stepped under ptrace; CPU features: %s\n", ns, feat);
	if (leak_build)
		printf("cttrace: leak build (-DEMBER_CTTRACE_LEAK): every check through a planted leak must diverge\n");
	for (i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
		const struct check *c = &checks[i];
		const int expect_leak = leak_build && c->leak != 0;
		struct result res;
		char name[160], err[600] = "";
		enum verdict v;
		unsigned f;

		check_name(name, sizeof(name), c);
		for (f = 0; f < nfilters && !strstr(name, filters[f]); f++)
			;
		if (nfilters && f == nfilters)
			continue;
		if (c->impl != NULL && lacks(c->impl)[0]) {
			printf("cttrace: %s: not run: CPU lacks %s\n", name, lacks(c->impl));
			notrun++;
			continue;
		}
		v = trace(c, ns, &res, err, sizeof(err));
		if (v == ERROR) {
			printf("cttrace: %s: FAILED: %s (after %llu steps)\n", name, err, (unsigned long long)res.steps);
			failed++;
		} else if (v == SAME && !expect_leak) {
			printf("cttrace: %s: %llu steps, same trace for %u secrets (hash %016llx), %.2f s\n", name,
			    (unsigned long long)res.steps, ns, (unsigned long long)res.hash, res.secs);
			passed++;
		} else if (v == DIFFER && expect_leak) {
			printf("cttrace: %s: planted leak caught at step %llu, %.2f s\n", name,
			    (unsigned long long)res.steps, res.secs);
			passed++;
			caught |= c->leak;
		} else if (v == SAME) {
			printf("cttrace: %s: FAILED: the planted leak was NOT caught (%llu steps, same trace), %.2f s\n", name,
			    (unsigned long long)res.steps, res.secs);
			failed++;
		} else {
			printf("cttrace: %s: FAILED: secret-dependent trace (above), %.2f s\n", name, res.secs);
			failed++;
		}
		fflush(stdout);
	}
	if (leak_build && failed == 0) {
		static const char *const what[] = { "x86adx (branch in the asm row loop)",
			"avx512ifma (secret-indexed load in the digit loop)", "ember_memeq (early exit, plain C)" };
		unsigned b, n = 0;
		printf("cttrace: planted leaks caught:");
		for (b = 0; b < 3; b++)
			if (caught & (1u << b))
				printf("%s %s", n++ ? "," : "", what[b]);
		printf("%s\n", n ? "" : " none");
	}
	printf("cttrace: %u checks passed, %u failed", passed, failed);
	if (notrun)
		printf(", %u not run", notrun);
	printf(" (%.1f s)\n", now() - t0);
	return failed ? 1 : 0;
}

#else

int main(void)
{
	printf("cttrace: skipped (x86-64 Linux only)\n");
	return 0;
}

#endif
