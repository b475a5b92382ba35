/*
 * x86dec.c - the x86-64 decoder of the constant-time tracer (see x86dec.h).
 *
 * Intel SDM volume 2, chapter 2 (instruction format: prefixes, REX, VEX,
 * EVEX, ModRM and SIB in 64-bit mode) and appendix A (opcode maps). The
 * tracer checks every length against the RIP the CPU really reached after
 * a single step, so a decoding slip on a sequential instruction stops the
 * run instead of shifting the operand fields.
 */
#include <string.h>

#include "x86dec.h"

struct st {
	const uint8_t *p;
	size_t avail, pos;
	int opsz16, addr32, rep, seg;
	int rexw, rexr, rexx, rexb, rex;
	int evex, aaa;
};

static int get(struct st *s, uint8_t *b)
{
	if (s->pos >= s->avail || s->pos >= 15)
		return -1;
	*b = s->p[s->pos++];
	return 0;
}

/* n little-endian bytes, sign-extended */
static int rd(struct st *s, size_t n, int64_t *v)
{
	uint64_t x = 0;
	size_t i;

	if (s->pos + n > s->avail || s->pos + n > 15)
		return -1;
	for (i = 0; i < n; i++)
		x |= (uint64_t)s->p[s->pos + i] << (8 * i);
	s->pos += n;
	if (n < 8 && (x >> (8 * n - 1)) & 1)
		x |= ~(uint64_t)0 << (8 * n);
	*v = (int64_t)x;
	return 0;
}

static int skip(struct st *s, size_t n)
{
	int64_t v;
	return rd(s, n, &v);
}

static int unsupported(struct x86_insn *d, const char *why)
{
	d->flags |= X86_UNSUPPORTED;
	d->why = why;
	return 0;
}

static void add_mem(struct x86_insn *d, int base, int64_t disp)
{
	struct x86_mem *m;

	if (d->nmem >= X86_MAXMEM)
		return;
	m = &d->mem[d->nmem++];
	memset(m, 0, sizeof(*m));
	m->base = (int8_t)base;
	m->index = X86_NONE;
	m->scale = 1;
	m->disp = disp;
}

/* push and call write below RSP; pop and ret read at RSP */
#define PUSH(d) add_mem((d), X86_RSP, -8)
#define POP(d) add_mem((d), X86_RSP, 0)

/*
 * ModRM (+ SIB + displacement). |access|: the memory form reads or writes
 * memory (not LEA, not a hint NOP); |vsib|: the SIB index is a vector
 * register. *reg gets ModRM.reg, *mem whether the operand is in memory.
 */
static int modrm(struct st *s, struct x86_insn *d, int access, int vsib, unsigned *reg, int *mem)
{
	struct x86_mem m;
	uint8_t b, sib;
	unsigned mod, rm;
	int64_t disp = 0;

	if (get(s, &b) != 0)
		return -1;
	mod = b >> 6;
	rm = b & 7;
	*reg = (b >> 3) & 7;
	*mem = mod != 3;
	if (mod == 3)
		return 0;
	memset(&m, 0, sizeof(m));
	m.index = X86_NONE;
	m.scale = 1;
	m.seg = (uint8_t)s->seg;
	m.addr32 = (uint8_t)s->addr32;
	if (rm == 4) {
		unsigned idx, base;
		if (get(s, &sib) != 0)
			return -1;
		m.scale = (uint8_t)(1u << (sib >> 6));
		idx = ((sib >> 3) & 7) | (unsigned)s->rexx << 3;
		base = (sib & 7) | (unsigned)s->rexb << 3;
		/* index 100 without REX.X means none; r12 (REX.X set) is a real index */
		m.index = idx == 4 ? X86_NONE : (int8_t)idx;
		if ((sib & 7) == 5 && mod == 0) {
			m.base = X86_NONE;
			if (rd(s, 4, &disp) != 0)
				return -1;
		} else {
			m.base = (int8_t)base;
		}
	} else if (rm == 5 && mod == 0) {
		m.base = X86_RIP;
		if (rd(s, 4, &disp) != 0)
			return -1;
	} else {
		m.base = (int8_t)(rm | (unsigned)s->rexb << 3);
	}
	if (mod == 1) {
		if (rd(s, 1, &disp) != 0)
			return -1;
		if (s->evex)
			m.flags |= X86_DISP8N;
	} else if (mod == 2) {
		if (rd(s, 4, &disp) != 0)
			return -1;
	}
	m.disp = disp;
	if (vsib)
		return unsupported(d, "VSIB gather/scatter (vector index register)");
	if (access && d->nmem < X86_MAXMEM)
		d->mem[d->nmem++] = m;
	return 0;
}

static size_t immz(const struct st *s)
{
	return s->opsz16 && !s->rexw ? 2 : 4;
}

/* the one-byte map */
static int map0(struct st *s, struct x86_insn *d, uint8_t op)
{
	unsigned reg;
	int mem;

	if (op < 0x40) {
		switch (op & 7) {
		case 0: case 1: case 2: case 3:
			return modrm(s, d, 1, 0, &reg, &mem);
		case 4:
			return skip(s, 1);
		case 5:
			return skip(s, immz(s));
		default:
			d->why = "invalid one-byte opcode in 64-bit mode";
			return -1;
		}
	}
	if (op >= 0x50 && op <= 0x57) {
		PUSH(d);
		return 0;
	}
	if (op >= 0x58 && op <= 0x5f) {
		POP(d);
		return 0;
	}
	if (op >= 0x70 && op <= 0x7f) {
		d->flags |= X86_BRANCH;
		return skip(s, 1);
	}
	if ((op >= 0x84 && op <= 0x8c) || op == 0x8e || op == 0x63 || (op >= 0xd0 && op <= 0xd3) ||
	    (op >= 0xd8 && op <= 0xdf) || op == 0xfe)
		return modrm(s, d, 1, 0, &reg, &mem);
	if (op >= 0x90 && op <= 0x99)
		return 0;
	if (op >= 0xb0 && op <= 0xb7)
		return skip(s, 1);
	if (op >= 0xb8 && op <= 0xbf)
		return skip(s, s->rexw ? 8 : immz(s));
	switch (op) {
	case 0x68:
		PUSH(d);
		return skip(s, immz(s));
	case 0x6a:
		PUSH(d);
		return skip(s, 1);
	case 0x69:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		return skip(s, immz(s));
	case 0x6b: case 0x80: case 0x83: case 0xc0: case 0xc1:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		return skip(s, 1);
	case 0x81:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		return skip(s, immz(s));
	case 0x6c: case 0x6d: case 0x6e: case 0x6f:
		return unsupported(d, "port string I/O");
	case 0x8d: /* LEA computes an address, it does not access it */
		return modrm(s, d, 0, 0, &reg, &mem);
	case 0x8f:
		if (s->pos < s->avail && ((s->p[s->pos] >> 3) & 7) != 0)
			return unsupported(d, "XOP prefix");
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		POP(d);
		return 0;
	case 0x9b: case 0x9e: case 0x9f:
		return 0;
	case 0x9c:
		PUSH(d);
		return 0;
	case 0x9d:
		POP(d);
		return 0;
	case 0xa0: case 0xa1: case 0xa2: case 0xa3: {
		/* MOV with an absolute address (moffs) */
		int64_t a;
		if (rd(s, s->addr32 ? 4 : 8, &a) != 0)
			return -1;
		add_mem(d, X86_NONE, s->addr32 ? (int64_t)(uint32_t)a : a);
		d->mem[d->nmem - 1].seg = (uint8_t)s->seg;
		return 0;
	}
	case 0xa4: case 0xa5: case 0xa6: case 0xa7: /* movs, cmps: [rsi], [rdi] */
		add_mem(d, X86_RSI, 0);
		add_mem(d, X86_RDI, 0);
		goto string;
	case 0xaa: case 0xab: case 0xae: case 0xaf: /* stos, scas: [rdi] */
		add_mem(d, X86_RDI, 0);
		goto string;
	case 0xac: case 0xad: /* lods: [rsi] */
		add_mem(d, X86_RSI, 0);
	string:
		if (s->addr32)
			return unsupported(d, "string instruction with 32-bit addresses");
		if (s->seg)
			d->mem[0].seg = (uint8_t)s->seg; /* the override applies to the source */
		if (s->rep)
			d->flags |= X86_REPSTR;
		return 0;
	case 0xa8:
		return skip(s, 1);
	case 0xa9:
		return skip(s, immz(s));
	case 0xc2:
		d->flags |= X86_BRANCH;
		POP(d);
		return skip(s, 2);
	case 0xc3:
		d->flags |= X86_BRANCH;
		POP(d);
		return 0;
	case 0xc6: case 0xc7:
		if (s->pos < s->avail && s->p[s->pos] == 0xf8)
			return unsupported(d, "RTM xbegin/xabort");
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		return skip(s, op == 0xc6 ? 1 : immz(s));
	case 0xc8:
		PUSH(d);
		return skip(s, 3);
	case 0xc9: /* leave: rsp = rbp, pop rbp */
		add_mem(d, X86_RBP, 0);
		return 0;
	case 0xca:
		d->flags |= X86_BRANCH;
		return skip(s, 2);
	case 0xcb: case 0xcc: case 0xcf: case 0xf1:
		d->flags |= X86_BRANCH;
		return 0;
	case 0xcd:
		d->flags |= X86_BRANCH;
		return skip(s, 1);
	case 0xd7:
		return unsupported(d, "XLAT (address from AL)");
	case 0xe0: case 0xe1: case 0xe2: case 0xe3: case 0xeb:
		d->flags |= X86_BRANCH;
		return skip(s, 1);
	case 0xe4: case 0xe5: case 0xe6: case 0xe7:
		return skip(s, 1);
	case 0xe8:
		d->flags |= X86_BRANCH;
		PUSH(d);
		return skip(s, 4);
	case 0xe9:
		d->flags |= X86_BRANCH;
		return skip(s, 4);
	case 0xec: case 0xed: case 0xee: case 0xef: case 0xf4: case 0xf5:
	case 0xf8: case 0xf9: case 0xfa: case 0xfb: case 0xfc: case 0xfd:
		return 0;
	case 0xf6: case 0xf7:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		if (reg < 2)
			return skip(s, op == 0xf6 ? 1 : immz(s));
		return 0;
	case 0xff:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		if (reg == 7) {
			d->why = "FF /7";
			return -1;
		}
		if (reg >= 2 && reg <= 5)
			d->flags |= X86_BRANCH;
		if (reg == 2 || reg == 3 || reg == 6)
			PUSH(d);
		return 0;
	}
	d->why = "invalid one-byte opcode in 64-bit mode";
	return -1;
}

/* the 0F map without VEX/EVEX */
static int map1(struct st *s, struct x86_insn *d, uint8_t op)
{
	unsigned reg;
	int mem;

	if (op >= 0x80 && op <= 0x8f) {
		d->flags |= X86_BRANCH;
		return skip(s, 4);
	}
	if (op >= 0xc8 && op <= 0xcf)
		return 0;
	switch (op) {
	case 0x05: case 0x07: case 0x0b: case 0x34: case 0x35:
		d->flags |= X86_BRANCH;
		return 0;
	case 0x06: case 0x08: case 0x09: case 0x0e: case 0x30: case 0x31: case 0x32: case 0x33: case 0x37:
	case 0x77: case 0xa2: case 0xaa:
		return 0;
	case 0x0f:
		return unsupported(d, "3DNow!");
	case 0x01: case 0xae: case 0xc7: /* register forms are fences, xgetbv, rdrand...: no access */
		return modrm(s, d, 1, 0, &reg, &mem);
	case 0x18: /* prefetch hints 0-3 touch the cache line; the rest are NOPs */
		if (s->pos < s->avail && ((s->p[s->pos] >> 3) & 7) >= 4)
			return modrm(s, d, 0, 0, &reg, &mem);
		return modrm(s, d, 1, 0, &reg, &mem);
	case 0x19: case 0x1a: case 0x1b: case 0x1c: case 0x1d: case 0x1e: case 0x1f:
		/* hint NOPs (nopw 0x0(%rax,%rax,1), endbr64): the operand is never accessed */
		return modrm(s, d, 0, 0, &reg, &mem);
	case 0x70: case 0x71: case 0x72: case 0x73: case 0xa4: case 0xac: case 0xba:
	case 0xc2: case 0xc4: case 0xc5: case 0xc6:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		return skip(s, 1);
	case 0xa0: case 0xa8:
		PUSH(d);
		return 0;
	case 0xa1: case 0xa9:
		POP(d);
		return 0;
	case 0xa3: case 0xab: case 0xb3: case 0xbb:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		if (mem)
			return unsupported(d, "bit test of memory with a register bit offset");
		return 0;
	case 0xf7: /* maskmovq, maskmovdqu: [rdi], the bytes chosen by a register's sign bits */
		return unsupported(d, "MASKMOVQ/MASKMOVDQU (bytes written chosen by a vector register)");
	case 0x04: case 0x0a: case 0x0c: case 0x24: case 0x25: case 0x26: case 0x27: case 0x36: case 0x39:
	case 0x3b: case 0x3c: case 0x3d: case 0x3e: case 0x3f: case 0x7a: case 0x7b: case 0xa6: case 0xa7:
		d->why = "invalid 0F opcode";
		return -1;
	}
	return modrm(s, d, 1, 0, &reg, &mem);
}

/* VEX or EVEX: map 1 (0F), 2 (0F38), 3 (0F3A), 5, 6 */
static int map_vex(struct st *s, struct x86_insn *d, unsigned map, uint8_t op)
{
	unsigned reg;
	int mem, vsib = 0;

	switch (map) {
	case 1:
		if (op == 0x77 && !s->evex)
			return 0; /* vzeroupper, vzeroall */
		if (op == 0xf7 && !s->evex)
			return unsupported(d, "VMASKMOVDQU (bytes written chosen by a vector register)");
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		if ((op >= 0x70 && op <= 0x73) || op == 0xc2 || op == 0xc4 || op == 0xc5 || op == 0xc6)
			return skip(s, 1);
		return 0;
	case 2:
		vsib = (op >= 0x90 && op <= 0x93) || (s->evex && ((op >= 0xa0 && op <= 0xa3) || op == 0xc6 || op == 0xc7));
		if (modrm(s, d, 1, vsib, &reg, &mem) != 0)
			return -1;
		if (mem && !s->evex && ((op >= 0x2c && op <= 0x2f) || op == 0x8c || op == 0x8e))
			return unsupported(d, "VMASKMOV/VPMASKMOV (elements chosen by a vector register)");
		if (mem && !s->evex && op == 0x4b)
			return unsupported(d, "AMX tile load/store (rows at a stride)");
		return 0;
	case 3:
		if (modrm(s, d, 1, 0, &reg, &mem) != 0)
			return -1;
		return skip(s, 1);
	case 5: case 6:
		if (s->evex)
			return modrm(s, d, 1, 0, &reg, &mem);
		break;
	}
	return unsupported(d, "VEX/EVEX opcode map");
}

int x86_decode(struct x86_insn *d, const uint8_t *p, size_t avail)
{
	struct st s;
	uint8_t b;
	int r;

	memset(d, 0, sizeof(*d));
	memset(&s, 0, sizeof(s));
	s.p = p;
	s.avail = avail;
	for (;;) {
		if (get(&s, &b) != 0)
			goto trunc;
		if (b == 0x66)
			s.opsz16 = 1;
		else if (b == 0x67)
			s.addr32 = 1;
		else if (b == 0xf2 || b == 0xf3)
			s.rep = b;
		else if (b == 0x64 || b == 0x65)
			s.seg = b == 0x64 ? 4 : 5;
		else if (b != 0xf0 && b != 0x2e && b != 0x36 && b != 0x3e && b != 0x26)
			break;
	}
	if ((b & 0xf0) == 0x40) {
		s.rex = 1;
		s.rexw = (b >> 3) & 1;
		s.rexr = (b >> 2) & 1;
		s.rexx = (b >> 1) & 1;
		s.rexb = b & 1;
		if (get(&s, &b) != 0)
			goto trunc;
		if (b == 0x66 || b == 0x67 || b == 0xf2 || b == 0xf3 || b == 0xf0 || (b & 0xf0) == 0x40) {
			d->why = "prefix after REX";
			return -1;
		}
	}
	if (b == 0xc4 || b == 0xc5 || b == 0x62) {
		uint8_t b1, b2 = 0, b3;
		unsigned map;
		if (s.rex || s.opsz16 || s.rep) {
			d->why = "VEX/EVEX after REX, 66, F2 or F3";
			return -1;
		}
		if (get(&s, &b1) != 0)
			goto trunc;
		if (b == 0xc5) {
			s.rexr = !(b1 & 0x80);
			map = 1;
		} else {
			if (get(&s, &b2) != 0)
				goto trunc;
			s.rexr = !(b1 & 0x80);
			s.rexx = !(b1 & 0x40);
			s.rexb = !(b1 & 0x20);
			s.rexw = b2 >> 7;
			if (b == 0xc4) {
				map = b1 & 0x1f;
			} else {
				if (!(b2 & 0x04))
					return unsupported(d, "EVEX without its fixed bit (APX)");
				if (get(&s, &b3) != 0)
					goto trunc;
				s.evex = 1;
				s.aaa = b3 & 7;
				map = b1 & 7;
			}
		}
		if (get(&s, &b) != 0)
			goto trunc;
		r = map_vex(&s, d, map, b);
	} else if (b == 0x0f) {
		if (get(&s, &b) != 0)
			goto trunc;
		if (b == 0x38 || b == 0x3a) {
			uint8_t op;
			unsigned reg;
			int mem;
			if (get(&s, &op) != 0)
				goto trunc;
			r = modrm(&s, d, 1, 0, &reg, &mem);
			if (r == 0 && b == 0x3a)
				r = skip(&s, 1);
			if (r == 0 && b == 0x38 && op == 0xf8)
				r = unsupported(d, "MOVDIR64B/ENQCMD (destination address in a register)");
		} else {
			r = map1(&s, d, b);
		}
	} else {
		r = map0(&s, d, b);
	}
	if (r != 0) {
		if (d->why == NULL)
			goto trunc;
		return -1;
	}
	d->len = (uint8_t)s.pos;
	if (s.evex && d->nmem > 0)
		d->opmask = (uint8_t)s.aaa;
	return 0;
trunc:
	d->why = "instruction longer than 15 bytes or than the bytes read";
	return -1;
}

uint64_t x86_addr(const struct x86_mem *m, const uint64_t *gpr, uint64_t rip, unsigned len, uint64_t fs_base,
    uint64_t gs_base)
{
	uint64_t a = (uint64_t)m->disp;

	if (m->base == X86_RIP)
		a += rip + len;
	else if (m->base != X86_NONE)
		a += gpr[m->base];
	if (m->index != X86_NONE)
		a += gpr[m->index] * m->scale;
	if (m->addr32)
		a &= 0xffffffffu;
	if (m->seg == 4)
		a += fs_base;
	else if (m->seg == 5)
		a += gs_base;
	return a;
}
