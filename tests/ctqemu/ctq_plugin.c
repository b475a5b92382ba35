/*
 * ctq_plugin.c - the tracer of `make ctqemu`: a QEMU TCG plugin (API v1,
 * QEMU 7.2 as in Debian 12; built with the host compiler, see the Makefile)
 * that records, between the driver's markers, every guest instruction
 * address executed and the address, size and direction of every memory
 * access. Debian ships no qemu-plugin.h: the few types and functions used
 * are declared here as QEMU 7.2's include/qemu/qemu-plugin.h has them
 * (`nm -D $(which qemu-arm)` lists the exported ones).
 *
 * The driver (ctq_main.c) calls ctq_begin(i) before check i and ctq_end()
 * after it; the plugin gets their addresses as arguments (from nm). A
 * region starts at the first instruction of ctq_begin and stops at the
 * entry of ctq_end. For each region the plugin writes one line to |out|:
 *   R <index> <instructions> <accesses> <hash>
 * and, every 2^16 events (instructions and accesses) inside it,
 *   C <index> <event> <hash so far>
 * so that two runs that differ can be told where, to 2^16 events. With
 * dump=<index>@<first event>+..., it also writes the events of those
 * regions from that event on (2^16 + 1 of them) to <out>.<index>, one per
 * line, for the runner to find the first differing event exactly:
 *   <event> I <pc>                         an instruction
 *   <event> M <pc> <address> <R|W><bytes>  a memory access of it
 *
 * Arguments: begin=0xADDR,end=0xADDR,out=PATH[,dump=I@E+I@E...]
 * (Thumb addresses may have bit 0 set: it is cleared.)
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- QEMU 7.2 plugin API v1, the part this file uses ---- */
typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
typedef struct {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus, max_vcpus;
		} system;
	};
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t vaddr,
    void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_udata_cb_t cb,
    enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_mem_cb_t cb,
    enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, void *), void *userdata);
void qemu_plugin_outs(const char *string);

#define EXPORT __attribute__((visibility("default")))
EXPORT int qemu_plugin_version = 1;
EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv);

/* ---- the trace ---- */

#define CHECKPOINT_BITS 16
#define MAXDUMP 64

static uint64_t begin_pc, end_pc;
static FILE *out;
static char out_path[4000];
static int active, failed;
static unsigned region;                 /* regions finished */
static uint64_t pc, events, insns, accesses, hash;
static struct {
	unsigned region;
	uint64_t from;
	FILE *f;
} dumps[MAXDUMP];
static unsigned ndumps;
static FILE *dump_now; /* the dump of the active region, or NULL */
static uint64_t dump_from;

static void fail(const char *why)
{
	char buf[300];
	if (!failed) {
		snprintf(buf, sizeof(buf), "ctq_plugin: %s\n", why);
		qemu_plugin_outs(buf);
		if (out)
			fprintf(out, "E %s\n", why);
	}
	failed = 1;
}

/* one event: a 64-bit multiply-xorshift chain (not cryptographic: both runs hash alike or differ) */
static inline void event(uint64_t v)
{
	hash = (hash ^ v) * 0x9e3779b97f4a7c15ull;
	hash ^= hash >> 29;
	if (++events & ((1u << CHECKPOINT_BITS) - 1)) 
		return;
	fprintf(out, "C %u %llu %016llx\n", region, (unsigned long long)events, (unsigned long long)hash);
}

static void on_insn(unsigned int vcpu, void *ud)
{
	(void)vcpu;
	if (!active)
		return;
	pc = (uint64_t)(uintptr_t)ud;
	if (dump_now && events >= dump_from && events <= dump_from + (1u << CHECKPOINT_BITS))
		fprintf(dump_now, "%llu I %llx\n", (unsigned long long)events, (unsigned long long)pc);
	insns++;
	event(pc);
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *ud)
{
	const unsigned bytes = 1u << qemu_plugin_mem_size_shift(info);
	const int store = qemu_plugin_mem_is_store(info);

	(void)vcpu, (void)ud;
	if (!active)
		return;
	if (dump_now && events >= dump_from && events <= dump_from + (1u << CHECKPOINT_BITS))
		fprintf(dump_now, "%llu M %llx %llx %c%u\n", (unsigned long long)events, (unsigned long long)pc,
		    (unsigned long long)vaddr, store ? 'W' : 'R', bytes);
	accesses++;
	/* the address, with its size and direction above any guest address bit */
	event(vaddr ^ ((uint64_t)(bytes | (store ? 0x100u : 0u)) << 52));
}

static void on_begin(unsigned int vcpu, void *ud)
{
	unsigned i;

	if (active)
		fail("ctq_begin reached inside a region");
	active = 1;
	events = insns = accesses = 0;
	hash = 0xcbf29ce484222325ull;
	dump_now = NULL;
	for (i = 0; i < ndumps; i++) {
		if (dumps[i].region == region) {
			dump_now = dumps[i].f;
			dump_from = dumps[i].from;
		}
	}
	on_insn(vcpu, ud);
}

static void on_end(unsigned int vcpu, void *ud)
{
	(void)vcpu, (void)ud;
	if (!active) {
		fail("ctq_end reached outside a region");
		return;
	}
	fprintf(out, "R %u %llu %llu %016llx\n", region, (unsigned long long)insns, (unsigned long long)accesses,
	    (unsigned long long)hash);
	if (dump_now)
		fflush(dump_now);
	fflush(out);
	active = 0;
	dump_now = NULL;
	region++;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;

	(void)id;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);
		const uint64_t va = qemu_plugin_insn_vaddr(in);
		qemu_plugin_vcpu_udata_cb_t cb = va == begin_pc ? on_begin : va == end_pc ? on_end : on_insn;

		qemu_plugin_register_vcpu_insn_exec_cb(in, cb, QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)va);
		if (cb != on_end)
			qemu_plugin_register_vcpu_mem_cb(in, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, NULL);
	}
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	unsigned i;

	(void)id, (void)p;
	if (active)
		fail("the program ended inside a region");
	fprintf(out, "N %u\n", region);
	fclose(out);
	for (i = 0; i < ndumps; i++)
		fclose(dumps[i].f);
}

/* "I@E+I@E...": the regions to dump and the event each dump starts at */
static int parse_dumps(const char *s)
{
	char path[4100];

	while (*s) {
		char *end;
		unsigned long r = strtoul(s, &end, 10);
		if (*end != '@' || ndumps == MAXDUMP)
			return -1;
		dumps[ndumps].region = (unsigned)r;
		dumps[ndumps].from = strtoull(end + 1, &end, 10);
		if (*end != 0 && *end != '+')
			return -1;
		snprintf(path, sizeof(path), "%s.%lu", out_path, r);
		dumps[ndumps].f = fopen(path, "w");
		if (dumps[ndumps].f == NULL)
			return -1;
		ndumps++;
		s = *end ? end + 1 : end;
	}
	return 0;
}

int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	const char *dump = NULL;
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		if (strncmp(argv[i], "begin=", 6) == 0)
			begin_pc = strtoull(argv[i] + 6, NULL, 0) & ~(uint64_t)1;
		else if (strncmp(argv[i], "end=", 4) == 0)
			end_pc = strtoull(argv[i] + 4, NULL, 0) & ~(uint64_t)1;
		else if (strncmp(argv[i], "out=", 4) == 0)
			snprintf(out_path, sizeof(out_path), "%s", argv[i] + 4);
		else if (strncmp(argv[i], "dump=", 5) == 0)
			dump = argv[i] + 5;
		else {
			fprintf(stderr, "ctq_plugin: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	if (begin_pc == 0 || end_pc == 0 || begin_pc == end_pc || out_path[0] == 0) {
		fprintf(stderr, "ctq_plugin: needs begin=0xADDR,end=0xADDR,out=PATH\n");
		return -1;
	}
	out = fopen(out_path, "w");
	if (out == NULL || (dump && parse_dumps(dump) != 0)) {
		fprintf(stderr, "ctq_plugin: cannot open %s or bad dump=%s\n", out_path, dump ? dump : "");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
