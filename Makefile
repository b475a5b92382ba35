# Ember - one GNU Makefile.
#
#   make                      libember.a, libember.so, the ember tool
#   make test                 build and run the test suite
#   make speed                a short benchmark of the default algorithms
#   make soak                 ember s_server under a flood of good and bad clients (SAN=1: under ASan)
#   make install PREFIX=/usr DESTDIR=/tmp/x
#   make CROSS_COMPILE=mipsel-linux-gnu-     cross build
#   make O=/tmp/build         out-of-tree build
#
# User CFLAGS/CPPFLAGS/LDFLAGS are added to the internal flags, never replace them.

ifeq ($(origin CC),default)
CC = $(CROSS_COMPILE)gcc
endif
ifeq ($(origin AR),default)
AR = $(CROSS_COMPILE)ar
endif
CFLAGS ?= -O2
PREFIX ?= /usr/local
DESTDIR ?=
O ?= build
B := $(O)

VERSION := 0.1.0
SOVERSION := 0

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes
ifeq ($(WERROR),1)
WARN += -Werror
endif
EMBER_CPPFLAGS := -Iinclude -Isrc -D_DEFAULT_SOURCE -D_FILE_OFFSET_BITS=64
EMBER_CFLAGS := -std=c99 $(WARN)
ALL_CFLAGS = $(EMBER_CPPFLAGS) $(CPPFLAGS) $(EMBER_CFLAGS) $(CFLAGS)

LIB_SRC := $(sort $(wildcard src/*.c src/*/*.c))
# tools/: main.c, and one folder per role (common, speed, engines, results, commands)
TOOL_DIRS := $(sort $(dir $(wildcard tools/*/*.c tools/*/*.h)))
TOOL_SRC := $(sort $(wildcard tools/*.c tools/*/*.c))
TOOL_INC := -Itools $(patsubst %/,-I%,$(TOOL_DIRS))
TEST_SRC := $(sort $(wildcard tests/*.c))
TEST_UNITS := $(sort $(wildcard tests/t_*.c))

LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
TOOL_OBJ := $(TOOL_SRC:%.c=$(B)/obj/%.o)
# The test runner links the tools' sources too (minus main), so sub-commands can be tested in-process.
TEST_OBJ := $(TEST_SRC:%.c=$(B)/obj/%.o) $(filter-out $(B)/obj/tools/main.o,$(TOOL_OBJ))

TOOL_LIBS := -lm -ldl

BUILD_INFO = -DEMBER_BUILD_CC='"$(shell $(CC) --version 2>/dev/null | head -n 1)"' \
	-DEMBER_BUILD_FLAGS='"$(strip $(EMBER_CFLAGS) $(CFLAGS))"' \
	-DEMBER_BUILD_TARGET='"$(shell $(CC) -dumpmachine 2>/dev/null)"'

.PHONY: all lib test speed install clean check-nomalloc check-deps check-install cross-test ctgrind ctgrind-selftest sanitize fuzz size insncount soak

all: $(B)/libember.a $(B)/libember.so $(B)/ember

lib: $(B)/libember.a $(B)/libember.so

$(B)/obj/src/%.o: src/%.c $(wildcard include/ember/*.h src/*.h src/*/*.h) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

$(B)/obj/tools/%.o: tools/%.c $(wildcard include/ember/*.h tools/*/*.h) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TOOL_INC) $(BUILD_INFO) -c -o $@ $<

$(B)/obj/tests/%.o: tests/%.c $(wildcard include/ember/*.h tests/*.h tools/*/*.h) $(B)/tests_list.h Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TOOL_INC) -Itests -I$(B) -c -o $@ $<

# Every EMBER_TEST(name) in tests/t_*.c is registered with the runner.
$(B)/tests_list.h: $(TEST_UNITS) Makefile
	@mkdir -p $(dir $@)
	@sed -n 's/^EMBER_TEST(\([a-z0-9_]*\)).*/EMBER_TEST_ENTRY(\1)/p' $(TEST_UNITS) > $@.tmp && mv $@.tmp $@

$(B)/libember.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/libember.so: $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libember.so.$(SOVERSION) $(CFLAGS) $(LDFLAGS) -o $@ $^

$(B)/ember: $(TOOL_OBJ) $(B)/libember.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TOOL_OBJ) $(B)/libember.a $(TOOL_LIBS)

$(B)/ember-test: $(TEST_OBJ) $(B)/libember.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(B)/libember.a $(TOOL_LIBS)

# Third-party vectors are read from ../shared/vectors when present (skipped otherwise).
VECTORS ?= $(abspath ../shared/vectors)
TEST_ARGS ?=

test: $(B)/ember-test $(B)/ember check-nomalloc check-deps
	$(B)/ember-test -d $(CURDIR)/tests/vectors -s $(VECTORS) -e $(abspath $(B)/ember) $(TEST_ARGS)

# About a minute over the default rows (8 x 6 sizes x 1 s, rsa2048 2 x 1 s); words for
# algorithms not in this build are noted and skipped instead of failing the target.
SPEED_ARGS ?= -seconds 1 -skip-missing md5 sha1 sha256 sha512 hmac aes-128-cbc aes-256-cbc des-ede3 rsa2048

speed: $(B)/ember
	$(B)/ember speed $(SPEED_ARGS)

$(B)/ember.pc: Makefile
	@mkdir -p $(dir $@)
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
		'Name: ember' 'Description: portable crypto library and benchmark for embedded Linux' \
		'Version: $(VERSION)' 'Libs: -L$${libdir} -lember' 'Cflags: -I$${includedir}' > $@

install: all $(B)/ember.pc
	install -d $(DESTDIR)$(PREFIX)/include/ember $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 include/ember/*.h $(DESTDIR)$(PREFIX)/include/ember/
	install -m 644 $(B)/libember.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(B)/libember.so $(DESTDIR)$(PREFIX)/lib/libember.so.$(VERSION)
	ln -sf libember.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libember.so.$(SOVERSION)
	ln -sf libember.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/libember.so
	install -m 644 $(B)/ember.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/
	install -m 755 $(B)/ember $(DESTDIR)$(PREFIX)/bin/
	for m in $(wildcard docs/*.1); do install -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man1/; done

clean:
	rm -rf $(B)

# The library must not allocate: no malloc family symbol may be undefined in libember.a.
NM ?= $(CROSS_COMPILE)nm
check-nomalloc: $(B)/libember.a
	@if $(NM) -u $(B)/libember.a | grep -wE 'malloc|calloc|realloc|free'; then \
		echo "libember.a calls the allocator (above)"; exit 1; fi
	@echo "check-nomalloc: libember.a uses no malloc, calloc, realloc or free"

# No cycle of includes or calls between the files of src/ or of tools/ (scripts/deps.py reads
# the objects' symbol tables; python3 is needed, else the check says it was skipped).
check-deps: $(B)/libember.a $(B)/ember
	@if command -v python3 >/dev/null 2>&1; then NM="$(NM)" python3 scripts/deps.py $(B)/obj src tools; \
	else echo "check-deps: skipped (no python3)"; fi

# Install into a scratch root and build a program against it with pkg-config.
check-install: all
	@rm -rf $(B)/install-root && mkdir -p $(B)/install-root
	@$(MAKE) -s install DESTDIR=$(abspath $(B)/install-root) PREFIX=/usr >/dev/null
	@printf '%s\n' '#include <stdio.h>' '#include <ember/hash.h>' \
		'int main(void) { uint8_t md[32]; ember_sha256(md, "abc", 3);' \
		'  return !(md[0] == 0xba && md[31] == 0xad && printf("pkg-config program: %s ok\n", ember_version()) > 0); }' \
		> $(B)/install-root/t.c
	@R=$(abspath $(B)/install-root); \
	$(CC) $(CFLAGS) $$R/t.c -o $$R/t $$(PKG_CONFIG_SYSROOT_DIR=$$R PKG_CONFIG_LIBDIR=$$R/usr/lib/pkgconfig pkg-config --cflags --libs ember) && \
	LD_LIBRARY_PATH=$$R/usr/lib $$R/t

# ---- Cross builds tested under qemu-user (see docs/PORTING.md) ----
#   make cross-test TARGET=mipsel|mips|powerpc|armhf|aarch64|riscv64|i686|all
# longest full run first, so TARGET=all with -j2 packs them well
CROSS_TARGETS := mipsel armhf i686 mips riscv64 powerpc aarch64
# target := cross prefix | CFLAGS for the embedded core | qemu command | Debian arch
X_mipsel := mipsel-linux-gnu-|-O2 -march=mips32r2|qemu-mipsel -cpu 24Kf|mipsel
X_mips := mips-linux-gnu-|-O2 -march=mips32r2|qemu-mips -cpu 24Kf|mips
X_powerpc := powerpc-linux-gnu-|-O2 -mcpu=e300c3|qemu-ppc -cpu e300c3|powerpc
X_armhf := arm-linux-gnueabihf-|-O2 -mcpu=cortex-a9 -mfpu=neon|qemu-arm -cpu cortex-a9|armhf
X_aarch64 := aarch64-linux-gnu-|-O2 -mcpu=cortex-a53|qemu-aarch64 -cpu cortex-a53|arm64
X_riscv64 := riscv64-linux-gnu-|-O2 -march=rv64gc|qemu-riscv64|riscv64
X_i686 := i686-linux-gnu-|-O2 -march=c3|qemu-i386 -cpu pentium2|i386
xfield = $(word $(2),$(subst |, ,$(subst $(space),~,$(X_$(1)))))
space := $(subst ,, )
xget = $(subst ~, ,$(call xfield,$(1),$(2)))

# QUICK=1 leaves out the public-key units that generate keys or walk the large NIST and
# Wycheproof sets: minutes each under emulation (they run natively in make test). CI uses it.
SLOW_UNDER_QEMU := bn_properties,rsa_nist,rsa_rsalabs,rsa_roundtrip,dsa_nist,dsa_roundtrip,pk_ossl_rsa
SLOW_UNDER_QEMU := $(SLOW_UNDER_QEMU),pk_ossl_dsa,pk_cli,wycheproof_pk,speed_pk_words,speed_pk_keyfile,cli_dgst_sign
# and the command-line interop runs against the build machine's openssl and chromium (the same
# commands natively in make test): PBKDF2 round trips, enc passwords, key files both ways, reports
SLOW_UNDER_QEMU := $(SLOW_UNDER_QEMU),pbe_roundtrip,pbe_cli_ossl,cli_enc_pass,report_render,report_hostile_chromium
SLOW_UNDER_QEMU := $(SLOW_UNDER_QEMU),compare_real_openssl
CROSS_TEST_ARGS := $(if $(QUICK),-x $(SLOW_UNDER_QEMU))

# TARGET=all runs every target, one after the other; with -j2 two at a time (each test run is one
# process), and -Otarget keeps each target's output together.
ifeq ($(TARGET),all)
.PHONY: $(CROSS_TARGETS:%=cross-test-%)
cross-test: $(CROSS_TARGETS:%=cross-test-%)
	@echo "cross-test all: $(CROSS_TARGETS) passed"
$(CROSS_TARGETS:%=cross-test-%):
	@$(MAKE) --no-print-directory cross-test TARGET=$(@:cross-test-%=%)
else
cross-test:
	@test -n "$(X_$(TARGET))" || { echo "cross-test: unknown TARGET '$(TARGET)' (one of: $(CROSS_TARGETS) all)"; exit 1; }
	@# static (qemu runs it without a sysroot) and hardened: -static-pie (objects -fPIE) with full RELRO
	@# where a one-line program links so with this target's toolchain, else -static (Debian 12's mips,
	@# mipsel, powerpc and armhf glibc have no rcrt1.o); -z relro,-z now either way
	@link=$$(t=$$(mktemp) && printf 'int main(void){return 0;}\n' | $(call xget,$(TARGET),1)gcc -x c -fPIE \
		-static-pie -Wl,-z,relro,-z,now -o $$t - >/dev/null 2>&1 && echo -static-pie || echo -static; rm -f $$t); \
	pie=$$(test $$link = -static-pie && echo ' -fPIE'); \
	echo "== cross-test $(TARGET): $(call xget,$(TARGET),1)gcc $(call xget,$(TARGET),2)$$pie, $$link -Wl,-z,relro,-z,now, $(call xget,$(TARGET),3)"; \
	echo $(MAKE) --no-print-directory O=$(O)/cross-$(TARGET) CROSS_COMPILE=$(call xget,$(TARGET),1) \
		CFLAGS=\"$(call xget,$(TARGET),2)$$pie\" LDFLAGS=\"$$link -Wl,-z,relro,-z,now $(LDFLAGS)\"; \
	$(MAKE) --no-print-directory O=$(O)/cross-$(TARGET) CROSS_COMPILE=$(call xget,$(TARGET),1) \
		CFLAGS="$(call xget,$(TARGET),2)$$pie" LDFLAGS="$$link -Wl,-z,relro,-z,now $(LDFLAGS)" \
		$(O)/cross-$(TARGET)/ember $(O)/cross-$(TARGET)/ember-test $(O)/cross-$(TARGET)/libember.a && \
	for b in ember ember-test; do f=$(O)/cross-$(TARGET)/$$b; \
		readelf -lW $$f | grep -q GNU_RELRO || { echo "cross-test: $$f has no RELRO segment"; exit 1; }; \
		if [ $$link = -static-pie ]; then readelf -hW $$f | grep -q 'Type:.*DYN' && \
			readelf -dW $$f | grep -q 'Flags:.*NOW.*PIE' || { echo "cross-test: $$f is not a static PIE with BIND_NOW"; exit 1; }; \
		else readelf -hW $$f | grep -q 'Type:.*EXEC' || { echo "cross-test: $$f is not a static executable"; exit 1; }; fi; \
	done && echo "cross-test $(TARGET): ember and ember-test linked $$link, with RELRO (checked with readelf)"
	$(if $(filter i686,$(TARGET)),$(MAKE) --no-print-directory check-c3 O=$(O))
	@# the CLI tests run -e as one (quoted) program name: wrap the qemu command in a script
	printf '#!/bin/sh\nexec %s %s "$$@"\n' "$(call xget,$(TARGET),3)" "$(abspath $(O)/cross-$(TARGET)/ember)" \
		> $(O)/cross-$(TARGET)/ember-qemu && chmod +x $(O)/cross-$(TARGET)/ember-qemu
	$(call xget,$(TARGET),3) $(O)/cross-$(TARGET)/ember-test -d $(CURDIR)/tests/vectors -s $(VECTORS) \
		-e $(abspath $(O)/cross-$(TARGET)/ember-qemu) $(CROSS_TEST_ARGS) $(TEST_ARGS)
endif

# Library size per family and the stripped dynamic ember, next to Debian's openssl for the target.
size:
	@test -n "$(X_$(TARGET))" || { echo "size: unknown TARGET '$(TARGET)' (one of: $(CROSS_TARGETS))"; exit 1; }
	@$(MAKE) --no-print-directory -s O=$(O)/size-$(TARGET) CROSS_COMPILE=$(call xget,$(TARGET),1) \
		CFLAGS="$(call xget,$(TARGET),2)" $(O)/size-$(TARGET)/ember
	@sh scripts/size.sh $(O)/size-$(TARGET) $(call xget,$(TARGET),1) $(call xget,$(TARGET),4) \
		$(patsubst %-,%,$(call xget,$(TARGET),1))
	@# per operation: a static program calling it, minus an empty one, against the library as built
	@# and against one built for --gc-sections
	@$(MAKE) --no-print-directory -s O=$(O)/size-$(TARGET)/gc CROSS_COMPILE=$(call xget,$(TARGET),1) \
		CFLAGS="$(call xget,$(TARGET),2) -ffunction-sections -fdata-sections" $(O)/size-$(TARGET)/gc/libember.a
	@echo
	@sh scripts/size-algo.sh $(O)/size-$(TARGET) $(call xget,$(TARGET),1) "$(call xget,$(TARGET),2)"

# Instructions per byte under qemu (deterministic), next to Debian's openssl for the target.
INSNCOUNT_SRC ?= ../shared/tools/qemu-insncount.c
$(O)/libinsncount.so: $(INSNCOUNT_SRC)
	@test -f $(INSNCOUNT_SRC) || { echo "insncount: needs the qemu plugin source $(INSNCOUNT_SRC)"; exit 1; }
	@mkdir -p $(O)
	gcc -O2 -shared -fPIC -fvisibility=hidden -o $@ $(INSNCOUNT_SRC)
insncount: $(O)/libinsncount.so
	@test -n "$(X_$(TARGET))" || { echo "insncount: unknown TARGET '$(TARGET)' (one of: $(CROSS_TARGETS))"; exit 1; }
	@$(MAKE) --no-print-directory -s O=$(O)/cross-$(TARGET) CROSS_COMPILE=$(call xget,$(TARGET),1) \
		CFLAGS="$(call xget,$(TARGET),2)" LDFLAGS="-static $(LDFLAGS)" $(O)/cross-$(TARGET)/ember
	@sh scripts/insncount.sh $(O)/cross-$(TARGET) "$(call xget,$(TARGET),3)" $(call xget,$(TARGET),4) \
		$(patsubst %-,%,$(call xget,$(TARGET),1)) $(abspath $(O)/libinsncount.so)
# Instructions per TLS 1.3 handshake under qemu, server and client, next to Debian's libssl (docs/TLS.md).
.PHONY: tls-insncount
tls-insncount: $(O)/libinsncount.so
	@test -n "$(X_$(TARGET))" || { echo "tls-insncount: unknown TARGET '$(TARGET)' (one of: $(CROSS_TARGETS))"; exit 1; }
	@$(MAKE) --no-print-directory -s O=$(O)/cross-$(TARGET) CROSS_COMPILE=$(call xget,$(TARGET),1) \
		CFLAGS="$(call xget,$(TARGET),2)" $(O)/cross-$(TARGET)/libember.a
	@sh scripts/tls-insncount.sh $(O)/cross-$(TARGET) "$(call xget,$(TARGET),3)" $(call xget,$(TARGET),4) \
		$(patsubst %-,%,$(call xget,$(TARGET),1)) $(abspath $(O)/libinsncount.so) "$(call xget,$(TARGET),2)"

# A VIA C3 has neither CMOV nor SSE: none may appear in Ember's own objects.
check-c3:
	@i686-linux-gnu-objdump -d $(O)/cross-i686/libember.a $(O)/cross-i686/obj/tools/*.o $(O)/cross-i686/obj/tools/*/*.o > $(O)/cross-i686/disasm.txt
	@if grep -E '\scmov|%xmm|%ymm|%zmm' $(O)/cross-i686/disasm.txt | head -5 | grep .; then \
		echo "check-c3: CMOV/SSE instructions in the -march=c3 build (above)"; exit 1; fi
	@echo "check-c3: no cmov or SSE instruction in $$(grep -c '^ ' $(O)/cross-i686/disasm.txt) disassembled lines"

# ---- Hardening (docs/SECURITY.md) ----
# DWARF 4: valgrind 3.19 cannot read the DWARF 5 that clang 14 writes by default.
CT_SRC := $(sort $(wildcard tests/ct/*.c))
$(B)/ctgrind: $(CT_SRC) $(B)/libember.a
	$(CC) $(ALL_CFLAGS) -gdwarf-4 -Itests/ct $(TOOL_INC) -o $@ $(CT_SRC) $(B)/libember.a

# Every constant-time implementation on secrets marked undefined: no secret-dependent branch or
# index. The library is built with -DEMBER_CTGRIND (EMBER_DECLASSIFY marks outcomes that are
# public by design), once as usual and once with 32-bit bignum limbs (EMBER_BN_LIMB32).
CTG_CFLAGS := -O2 -g -gdwarf-4
ctgrind:
	@$(MAKE) --no-print-directory -s O=$(O)/ctg CPPFLAGS="$(CPPFLAGS) -DEMBER_CTGRIND" CFLAGS="$(CTG_CFLAGS)" $(O)/ctg/ctgrind
	@valgrind -q --error-exitcode=42 --track-origins=yes $(O)/ctg/ctgrind > $(O)/ctg/out.txt 2>&1; rc=$$?; \
		cat $(O)/ctg/out.txt; if grep -q '^FAILED' $(O)/ctg/out.txt; then exit 1; fi; exit $$rc
	@$(MAKE) --no-print-directory -s O=$(O)/ctg32 CPPFLAGS="$(CPPFLAGS) -DEMBER_CTGRIND -DEMBER_BN_LIMB32" \
		CFLAGS="$(CTG_CFLAGS)" $(O)/ctg32/ctgrind
	@valgrind -q --error-exitcode=42 --track-origins=yes $(O)/ctg32/ctgrind > $(O)/ctg32/out.txt 2>&1; rc=$$?; \
		sed -n '/bignum\|RSA\|DSA\|ctgrind:\|==\|FAILED/s/^/[32-bit limbs] /p' $(O)/ctg32/out.txt; \
		if grep -q '^FAILED' $(O)/ctg32/out.txt; then exit 1; fi; exit $$rc

# The check can fail: a build with a deliberate secret-dependent branch must be caught.
ctgrind-selftest:
	@$(MAKE) --no-print-directory -s O=$(O)/ctleak CPPFLAGS="$(CPPFLAGS) -DEMBER_CTGRIND_LEAK" $(O)/ctleak/ctgrind
	@if valgrind -q --error-exitcode=42 $(O)/ctleak/ctgrind > $(O)/ctleak/out.txt 2>&1; then \
		echo "ctgrind-selftest: the deliberate leak was NOT caught"; exit 1; \
	else grep -m1 -E 'depends on uninitialised|uninitialised value' $(O)/ctleak/out.txt; \
		echo "ctgrind-selftest: the deliberate leak in ember_memeq was caught"; fi

# Constant-time check that sees into inline assembly and AVX-512 (tests/cttrace/, x86-64 Linux only):
# the bignum backends valgrind cannot run, and every AEAD, digest and Keccak-x4 descriptor of the
# registry that needs a feature valgrind hides (AVX-512, VAES, SHA-NI...). Every operation runs with
# two secrets in forked children single-stepped under ptrace, and their traces of instruction and
# data addresses (and opmasks of masked accesses) must be the same; each child also checks its result.
# The library is built as usual (-O2, plus -g for the file:line of a divergence). cttrace-selftest
# builds it with the planted leaks (-DEMBER_CTTRACE_LEAK: x86adx and avx512ifma inner loops, the
# ChaCha20 AVX-512 16-block step, GCM vaes' 16-block step and last blocks; -DEMBER_CTGRIND_LEAK:
# ember_memeq) and passes only when every check through one diverges, there and in its way (branch,
# address, opmask), every other one does not, and every planted leak this CPU runs is caught.
.PHONY: cttrace cttrace-selftest
CTT_SRC := $(sort $(wildcard tests/cttrace/*.c))
CTT_CFLAGS := -O2 -g
CTT_ONLY_X86 = case "$$($(CC) -dumpmachine)" in x86_64-*linux*) ;; \
	*) echo "$@: skipped (x86-64 Linux only; $(CC) targets $$($(CC) -dumpmachine))"; exit 0;; esac
$(B)/cttrace: $(CTT_SRC) $(wildcard tests/cttrace/*.h) $(B)/libember.a
	$(CC) $(ALL_CFLAGS) -Itests/cttrace $(LDFLAGS) -Wl,-z,now -o $@ $(CTT_SRC) $(B)/libember.a
cttrace:
	@$(CTT_ONLY_X86); $(MAKE) --no-print-directory -s O=$(O)/ctt CFLAGS="$(CTT_CFLAGS)" $(O)/ctt/cttrace && \
		$(O)/ctt/cttrace $(CTTRACE_ARGS)
cttrace-selftest:
	@$(CTT_ONLY_X86); $(MAKE) --no-print-directory -s O=$(O)/cttleak CFLAGS="$(CTT_CFLAGS)" \
		CPPFLAGS="$(CPPFLAGS) -DEMBER_CTTRACE_LEAK -DEMBER_CTGRIND_LEAK" $(O)/cttleak/cttrace && \
		$(O)/cttleak/cttrace $(CTTRACE_ARGS)

# Constant-time check of the ARM implementations (tests/ctqemu/), which neither valgrind nor cttrace
# runs: NEON, the ARMv8 crypto extensions, the Thumb-2 Keccak, the umaal bignum backend, and every
# portable constant-time descriptor as the cross compiler built it. The driver (static, not PIE, -g)
# runs each check of the registry walk with secret 1 and secret 2 in two qemu-user runs under the
# tracer plugin (host-built, QEMU 7.2 API v1), with no address randomisation and the same argv and
# environment; the instruction and data addresses of each check must hash alike, each result must be
# right, and a divergence is reported as its first differing event and file:line. aarch64 runs on the
# cross-test's cortex-a53 and on max (SHA-512, SHA-3 and Keccak-x4 armv8 need it). ctqemu-selftest
# builds the planted leaks (-DEMBER_CTQEMU_LEAK: chacha20_neon.c's load at a keystream-dependent
# address; -DEMBER_CTGRIND_LEAK: ember_memeq's early exit): both must be caught where they are, and
# every other check must pass.
#   make ctqemu TARGET=armhf|aarch64        make ctqemu-selftest TARGET=armhf|aarch64
.PHONY: ctqemu ctqemu-selftest
CTQ_TARGETS := armhf aarch64
CTQ_SRC := tests/ctqemu/ctq_main.c tests/ctqemu/ctq_sym.c tests/ctqemu/ctq_pk.c
CTQ_CPUS_aarch64 := max
CTQEMU_CPUS ?= $(word 3,$(call xget,$(TARGET),3)) $(CTQ_CPUS_$(TARGET))
CTQ_ONLY = case " $(CTQ_TARGETS) " in *" $(TARGET) "*) ;; \
	*) echo "$@: unknown TARGET '$(TARGET)' (one of: $(CTQ_TARGETS))"; exit 1;; esac
$(O)/ctq_plugin.so: tests/ctqemu/ctq_plugin.c
	@mkdir -p $(O)
	gcc -std=c99 $(WARN) -O2 -shared -fPIC -fvisibility=hidden -o $@ $<
$(B)/ctqemu-driver: $(CTQ_SRC) tests/ctqemu/ctq.h $(B)/libember.a
	$(CC) $(ALL_CFLAGS) -Itests/ctqemu $(LDFLAGS) -o $@ $(CTQ_SRC) $(B)/libember.a
# ctq-run,OUT-DIR,CPPFLAGS,MODE
ctq-run = $(CTQ_ONLY); $(MAKE) --no-print-directory -s O=$(O)/$(1) CROSS_COMPILE=$(call xget,$(TARGET),1) \
	CPPFLAGS="$(CPPFLAGS) $(2)" CFLAGS="$(call xget,$(TARGET),2) -g" LDFLAGS="-static -no-pie $(LDFLAGS)" \
	$(O)/$(1)/ctqemu-driver && sh tests/ctqemu/ctqemu.sh $(TARGET) $(O)/$(1)/ctqemu-driver \
	$(abspath $(O)/ctq_plugin.so) $(call xget,$(TARGET),1) $(firstword $(call xget,$(TARGET),3)) \
	"$(strip $(CTQEMU_CPUS))" $(O)/$(1)/run $(3)
ctqemu: $(O)/ctq_plugin.so
	@$(call ctq-run,ctq-$(TARGET),,check)
ctqemu-selftest: $(O)/ctq_plugin.so
	@$(call ctq-run,ctqleak-$(TARGET),-DEMBER_CTQEMU_LEAK -DEMBER_CTGRIND_LEAK,selftest)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
sanitize:
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 UBSAN_OPTIONS=print_stacktrace=1 \
	$(MAKE) --no-print-directory O=$(O)/sanitize CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" test

# Soak (scripts/soak.sh, tests/soak/flood.c, docs/TLS.md): ember s_server -rev under SOAK_N sessions from
# SOAK_CONC client processes (good Ember and openssl clients, clients that go away at each stage of the
# handshake, garbage) beside SOAK_STALL stalled connections the server must drop by -timeout
# SOAK_TIMEOUT; one session in SOAK_OPENSSL is openssl s_client. Every good client served, the server
# alive and its fd count back to where it was, then SIGTERM and a clean exit. SAN=1: the same in the
# build of make sanitize (AddressSanitizer + LeakSanitizer + UBSan, $(O)/sanitize), any report failing it.
SOAK_N ?= 10000
SOAK_CONC ?= 8
SOAK_STALL ?= 2
SOAK_TIMEOUT ?= 2
SOAK_OPENSSL ?= 50
SOAK_DEADLINE ?= 30
.PHONY: soak
$(B)/soak-flood: tests/soak/flood.c tests/soak/flood_io.c tests/soak/flood_io.h $(wildcard include/ember/*.h) $(B)/libember.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ tests/soak/flood.c tests/soak/flood_io.c $(B)/libember.a $(TOOL_LIBS)
ifeq ($(SAN),1)
soak:
	@$(MAKE) --no-print-directory O=$(O)/sanitize CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" SAN= \
		SOAK_SAN=1 soak
else
soak: $(B)/ember $(B)/soak-flood
	@LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 UBSAN_OPTIONS=print_stacktrace=1 \
	sh scripts/soak.sh $(B) $(SOAK_N) $(SOAK_CONC) $(SOAK_STALL) $(SOAK_TIMEOUT) $(SOAK_OPENSSL) $(SOAK_DEADLINE) \
		$(if $(SOAK_SAN),asan,plain)
endif

# libFuzzer targets (clang; Debian's libclang-rt-14-dev): tests/fuzz/fuzz_<name>.c, seeds in
# tests/fuzz/corpus/<name>/. `make fuzz` runs each for FUZZ_SECONDS, FUZZ_JOBS (2) at a time; new
# corpus entries go to $(O)/fuzz/corpus-<name>, so the next run starts from them. Each target's
# output is printed together when it ends: executions, seconds and new units, and for a failure
# (any crash, leak or sanitizer report: libFuzzer's non-zero exit) the report's lines, the crashing
# input's path and the full log $(O)/fuzz/<name>.log. Every target runs; a failure of any fails
# `make fuzz`, whose last lines list each target's result.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 2
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BIN := $(FUZZ_SRC:tests/fuzz/%.c=$(O)/fuzz/%)
FUZZ_RUN := $(FUZZ_SRC:tests/fuzz/%.c=fuzz-run-%)
FB := $(O)/fuzz/b
$(FB)/libember.a $(FB)/ember-test: FORCE
	@$(MAKE) --no-print-directory -s O=$(FB) CC=$(FUZZ_CC) CFLAGS="$(FUZZ_FLAGS)" $(FB)/libember.a $(FB)/ember-test
$(O)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FB)/libember.a $(FB)/ember-test
	$(FUZZ_CC) $(ALL_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $(TOOL_INC) -Itests -I$(FB) -o $@ $< \
		$(FB)/obj/tests/testutil.o $(filter-out %/main.o,$(wildcard $(FB)/obj/tools/*.o $(FB)/obj/tools/*/*.o)) $(FB)/libember.a $(TOOL_LIBS)
fuzz-build: $(FUZZ_BIN)
fuzz: fuzz-build
	@rm -f $(FUZZ_SRC:tests/fuzz/%.c=$(O)/fuzz/%.result)
	@echo "== fuzz: $(words $(FUZZ_BIN)) targets, $(FUZZ_SECONDS) s each, $(FUZZ_JOBS) at a time"
	@$(MAKE) --no-print-directory -k -j$(FUZZ_JOBS) -Otarget $(FUZZ_RUN); rc=$$?; \
	echo "== fuzz results ($(FUZZ_SECONDS) s each):"; \
	for n in $(FUZZ_SRC:tests/fuzz/%.c=%); do \
		cat $(O)/fuzz/$$n.result 2>/dev/null || echo "$$n: did not run"; done; \
	if [ $$rc -ne 0 ] || [ -n "$$(grep -L ' ok$$' $(FUZZ_SRC:tests/fuzz/%.c=$(O)/fuzz/%.result) 2>&1)" ]; then \
		echo "make fuzz: FAILED (above)"; exit 1; fi
# One target: its fuzzer's exit status decides (0 only when no crash, leak or sanitizer report).
$(FUZZ_RUN): fuzz-run-%:
	@n=$*; f=$(O)/fuzz/$$n; log=$$f.log; mkdir -p $(O)/fuzz/corpus-$$n; t0=$$(date +%s); \
	$$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=$$f- \
		$(O)/fuzz/corpus-$$n $$(test -d tests/fuzz/corpus/$$n && echo tests/fuzz/corpus/$$n) > $$log 2>&1; \
	rc=$$?; s=$$(( $$(date +%s) - t0 )); \
	x=$$(sed -n 's/^stat::number_of_executed_units: *//p' $$log); \
	u=$$(sed -n 's/^stat::new_units_added: *//p' $$log); \
	if [ $$rc -eq 0 ]; then r=ok; else r="FAILED (exit $$rc, log $$log)"; fi; \
	echo "$$n: $${x:-?} executions in $$s s, $${u:-?} new units: $$r" | tee $$f.result; \
	if [ $$rc -ne 0 ]; then \
		grep -E -m 30 'ERROR|SUMMARY|WARNING|^    #[0-9]|Test unit written|artifact|crash|leak|timeout' $$log; \
		exit 1; fi
# make fuzz-long FUZZ_SECONDS=N: every target for N seconds (an hour each when N is not given), the
# same way as make fuzz, from the corpus the earlier runs grew.
fuzz-long: ; @$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(if $(filter file,$(origin FUZZ_SECONDS)),3600,$(FUZZ_SECONDS))
.PHONY: FORCE fuzz-build fuzz-long $(FUZZ_RUN)
FORCE:
