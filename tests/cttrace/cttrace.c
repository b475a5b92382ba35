/*
 * cttrace.c - constant-time check by single-stepping (`make cttrace`).
 *
 * valgrind cannot run the default x86-64 bignum backends (MULX/ADX and
 * AVX-512 IFMA) nor any AVX-512, VAES or SHA-NI code (the AEADs and
 * digests of ctt_sym.c), and a sanitizer's shadow state does not follow
 * values through inline assembly. This check looks at what the CPU really
 * does: for each operation it forks two children (three with -n 3) after
 * all the
 * setup (CPU detection, registry), so that their address spaces are the
 * same, lets each prepare its own secret inputs from a seed, and then
 * single-steps them with PTRACE_SINGLESTEP from a marker (an int3 in
 * ctt_begin) to the entry of ctt_end. At every step it records RIP and the
 * address of every memory operand of the instruction at RIP, computed from
 * the child's general registers by the decoder of x86dec.c (explicit
 * ModRM/SIB/displacement and RIP-relative operands, VEX and EVEX forms
 * included, and the implicit ones: the stack of push/pop/call/ret, RSI/RDI
 * of string instructions; an instruction it cannot turn into addresses
 * stops the check as a failure, and x86_selftest() checks it on a table
 * of encodings before anything runs). The
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
 * implementation computed by another route (a wrong result fails the
 * check, so a backend that silently fell back, or a tracer that broke the
 * arithmetic, cannot pass).
 *
 * The checks are listed by ctt_bn.c (bignum backends, ember_memeq),
 * ctt_sym.c (the AEAD and digest descriptors valgrind cannot run, walked
 * from the registry) and ctt_ec.c (the curve backends valgrind cannot run:
 * X25519, Ed25519, P-256, P-384 on MULX/ADX).
 *
 * The build with -DEMBER_CTTRACE_LEAK (`make cttrace-selftest`, the
 * library built with the planted leaks of mont_x86adx.c,
 * mont_avx512ifma.c, chacha20_avx512.c, gcm_vaes.c and, with
 * -DEMBER_CTGRIND_LEAK, ember_memeq's early exit) expects every check that
 * reaches a planted leak to diverge and every other one not to, and every
 * planted leak that this CPU runs to be caught at least once.
 *
 * Usage: cttrace [-n SECRETS] [-k SUBSTRING]...   x86-64 Linux only.
 */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__linux__)

#include <cpuid.h>
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stddef.h>
#include <strings.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember/cpu.h"
#include "cttrace.h"
#include "x86dec.h"

#define MAXSECRETS 4
#define MAXCHECKS 256

/* ---- the list of checks, and what the families share ---- */

static struct ctt_check checks[MAXCHECKS];
static size_t nchecks;
unsigned ctt_leaks_here;
uint64_t ctt_rng;

struct ctt_check *ctt_add(void)
{
	if (nchecks == MAXCHECKS) {
		fprintf(stderr, "cttrace: more than %d checks\n", MAXCHECKS);
		return NULL;
	}
	return &checks[nchecks++];
}

uint64_t ctt_next64(void)
{
	/* splitmix64 */
	uint64_t z = (ctt_rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void ctt_random_bytes(uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)ctt_next64();
}

/* how two traces first differ */
enum kind { KIND_NONE, KIND_BRANCH, KIND_ADDRESS, KIND_MASK };
static const char *const kind_names[] = { "-", "a branch", "an address", "an opmask" };

/* what each planted leak is: where two traces through it must first differ */
static const enum kind leak_kinds[LEAK_COUNT] = { KIND_BRANCH, KIND_ADDRESS, KIND_BRANCH, KIND_ADDRESS, KIND_ADDRESS,
	KIND_MASK };

static const char *const leak_names[LEAK_COUNT] = {
	"x86adx (branch in the asm row loop)",
	"avx512ifma (secret-indexed load in the digit loop)",
	"ember_memeq (early exit, plain C)",
	"chacha20 avx512 (secret-indexed load in the 16-block step)",
	"aes-gcm vaes (secret-indexed 512-bit load in the stitched 16-block step)",
	"aes-gcm vaes (masked load under a secret opmask in the last blocks)",
};

/*
 * The x86 features valgrind 3.19 shows its guest on this machine (`make
 * ctgrind`'s first line): an implementation that needs any other one is
 * not run by make ctgrind, so it is traced here.
 */
#define VALGRIND_FEATURES "sse2,ssse3,sse41,aesni,pclmul,avx,avx2,bmi2"

/* ---- the child ---- */

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

static void child(const struct ctt_check *c, unsigned secret)
{
	if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0)
		_exit(10);
	raise(SIGSTOP);
	if (c->prepare(c, secret) != 0)
		_exit(11);
	ctt_begin();
	c->run(c);
	ctt_end();
	_exit(c->verify(c) ? 12 : 0);
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

/*
 * The value of opmask register k<k> in the stopped child: the XSAVE area
 * of PTRACE_GETREGSET NT_X86_XSTATE (standard format), component 5 at the
 * offset CPUID leaf 0xD, sub-leaf 5 gives; a component in its initial state
 * (XSTATE_BV bit 5 clear) is all zeros. 0, or -1 with a message.
 */
static int read_opmask(pid_t pid, unsigned k, uint64_t *v, char *err, size_t errlen)
{
	static uint8_t buf[32768] __attribute__((aligned(64)));
	static unsigned off;
	struct iovec io;
	uint64_t bv;

	if (off == 0) {
		unsigned a, b, c, d;
		if (!__get_cpuid_count(0xd, 5, &a, &b, &c, &d) || a < 64 || b < 576) {
			snprintf(err, errlen, "no opmask state in XSAVE (CPUID 0xD.5)");
			return -1;
		}
		off = b;
	}
	io.iov_base = buf;
	io.iov_len = sizeof(buf);
	if (ptrace(PTRACE_GETREGSET, pid, (void *)(uintptr_t)NT_X86_XSTATE, &io) != 0 || io.iov_len < 520) {
		snprintf(err, errlen, "PTRACE_GETREGSET NT_X86_XSTATE: %s", strerror(errno));
		return -1;
	}
	memcpy(&bv, buf + 512, 8);
	if (!(bv & 0x20)) {
		*v = 0;
		return 0;
	}
	if (off + 64 > io.iov_len) {
		snprintf(err, errlen, "the XSAVE area (%zu bytes) ends before the opmask state", io.iov_len);
		return -1;
	}
	memcpy(v, buf + off + 8 * k, 8);
	return 0;
}

enum verdict { SAME, DIFFER, ERROR };

struct result {
	uint64_t steps, hash;
	double secs;
	enum kind kind;
};

static uint64_t mix(uint64_t h, uint64_t v)
{
	/* FNV-1a over the 8 bytes of v */
	unsigned i;
	for (i = 0; i < 8; i++)
		h = (h ^ ((v >> (8 * i)) & 0xff)) * 0x100000001b3ull;
	return h;
}

static enum verdict trace(const struct ctt_check *c, unsigned ns, struct result *res, char *err, size_t errlen)
{
	struct tracee t[MAXSECRETS];
	const uint64_t end = (uint64_t)(uintptr_t)ctt_end;
	uint64_t step = 0, h = 0xcbf29ce484222325ull;
	double t0 = now();
	enum verdict v = ERROR;
	unsigned k, j;
	int st;

	memset(t, 0, sizeof(t));
	res->kind = KIND_NONE;
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
				res->kind = KIND_BRANCH;
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
					res->kind = KIND_ADDRESS;
					v = DIFFER;
					goto out;
				}
			}
		}
		if (e->d.opmask) {
			/* a masked EVEX access touches the elements its mask selects: the mask is compared too */
			uint64_t m0, mk;
			if (read_opmask(t[0].pid, e->d.opmask, &m0, err, errlen) != 0)
				goto out;
			h = mix(h, m0);
			for (k = 1; k < ns; k++) {
				if (read_opmask(t[k].pid, e->d.opmask, &mk, err, errlen) != 0)
					goto out;
				if (mk != m0) {
					printf("    traces differ at step %llu: opmask k%u of a memory access differs "
					       "(a secret-dependent mask)\n", (unsigned long long)step, e->d.opmask);
					print_insn("both:", e, rip);
					printf("    secret 1: 0x%016llx, secret %u: 0x%016llx\n", (unsigned long long)m0, k + 1,
					    (unsigned long long)mk);
					res->kind = KIND_MASK;
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

int main(int argc, char **argv)
{
#ifdef EMBER_CTTRACE_LEAK
	const int leak_build = 1;
#else
	const int leak_build = 0;
#endif
	const char *filters[16];
	unsigned nfilters = 0, ns = 2, passed = 0, failed = 0, notrun = 0, caught = 0, b;
	char feat[256], err[600];
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
	/* the decoder first: a tracer that misreads an operand would pass what it cannot see */
	if (x86_selftest(err, sizeof(err)) != 0) {
		printf("cttrace: FAILED: decoder self-test: %s\n", err);
		return 1;
	}
	/* all setup before the first fork: CPU detection (EMBER_CPUCAP), the registry, the list */
	if (ember_cpu_status(NULL) != 0) {
		fprintf(stderr, "cttrace: bad EMBER_CPUCAP\n");
		return 2;
	}
	ember_cpu_describe(feat, sizeof(feat));
	printf("cttrace: %u secrets per check, single-stepped under ptrace; CPU features: %s\n", ns, feat);
	if (leak_build)
		printf("cttrace: leak build (-DEMBER_CTTRACE_LEAK): every check through a planted leak must diverge\n");
	ctt_bn_checks();
	ctt_sym_checks(VALGRIND_FEATURES);
	ctt_ec_checks(VALGRIND_FEATURES);
	for (i = 0; i < nchecks; i++) {
		const struct ctt_check *c = &checks[i];
		const int expect_leak = leak_build && c->leak != 0;
		struct result res;
		enum verdict v;
		unsigned f;

		for (f = 0; f < nfilters && !strstr(c->name, filters[f]); f++)
			;
		if (nfilters && f == nfilters)
			continue;
		if (c->broken) {
			printf("cttrace: %s: FAILED: %s\n", c->name, c->not_run);
			failed++;
			continue;
		}
		if (c->not_run[0]) {
			printf("cttrace: %s: not run: %s\n", c->name, c->not_run);
			notrun++;
			continue;
		}
		err[0] = 0;
		v = trace(c, ns, &res, err, sizeof(err));
		if (v == ERROR) {
			printf("cttrace: %s: FAILED: %s (after %llu steps)\n", c->name, err, (unsigned long long)res.steps);
			failed++;
		} else if (v == SAME && !expect_leak) {
			printf("cttrace: %s: %llu steps, same trace for %u secrets (hash %016llx), %.2f s\n", c->name,
			    (unsigned long long)res.steps, ns, (unsigned long long)res.hash, res.secs);
			passed++;
		} else if (v == DIFFER && expect_leak && res.kind != leak_kinds[ffs((int)c->leak) - 1]) {
			printf("cttrace: %s: FAILED: the traces differ by %s, but the planted leak is %s, %.2f s\n", c->name,
			    kind_names[res.kind], kind_names[leak_kinds[ffs((int)c->leak) - 1]], res.secs);
			failed++;
		} else if (v == DIFFER && expect_leak) {
			printf("cttrace: %s: planted leak caught at step %llu (%s), %.2f s\n", c->name,
			    (unsigned long long)res.steps, kind_names[res.kind], res.secs);
			passed++;
			caught |= c->leak;
		} else if (v == SAME) {
			printf("cttrace: %s: FAILED: the planted leak was NOT caught (%llu steps, same trace), %.2f s\n",
			    c->name, (unsigned long long)res.steps, res.secs);
			failed++;
		} else {
			printf("cttrace: %s: FAILED: secret-dependent trace (above), %.2f s\n", c->name, res.secs);
			failed++;
		}
		fflush(stdout);
	}
	if (leak_build) {
		unsigned n = 0;
		printf("cttrace: planted leaks caught:");
		for (b = 0; b < LEAK_COUNT; b++)
			if (caught & (1u << b))
				printf("%s %s", n++ ? "," : "", leak_names[b]);
		printf("%s\n", n ? "" : " none");
		/* every planted leak this CPU runs must have been caught by some check (all of them run) */
		for (b = 0; b < LEAK_COUNT && nfilters == 0; b++) {
			if ((ctt_leaks_here & (1u << b)) && !(caught & (1u << b))) {
				printf("cttrace: FAILED: the planted leak in %s was caught by no check\n", leak_names[b]);
				failed++;
			}
		}
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
