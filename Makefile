# Ember - one GNU Makefile.
#
#   make                      libember.a, libember.so, the ember tool
#   make test                 build and run the test suite
#   make speed                a short benchmark of the default algorithms
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
EMBER_CPPFLAGS := -Iinclude -Isrc -D_DEFAULT_SOURCE
EMBER_CFLAGS := -std=c99 $(WARN)
ALL_CFLAGS = $(EMBER_CPPFLAGS) $(CPPFLAGS) $(EMBER_CFLAGS) $(CFLAGS)

LIB_SRC := $(sort $(wildcard src/*.c src/*/*.c))
TOOL_SRC := $(sort $(wildcard tools/*.c))
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

.PHONY: all lib test speed install clean

all: $(B)/libember.a $(B)/libember.so $(B)/ember

lib: $(B)/libember.a $(B)/libember.so

$(B)/obj/src/%.o: src/%.c $(wildcard include/ember/*.h src/*.h src/*/*.h) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

$(B)/obj/tools/%.o: tools/%.c $(wildcard include/ember/*.h tools/*.h) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itools $(BUILD_INFO) -c -o $@ $<

$(B)/obj/tests/%.o: tests/%.c $(wildcard include/ember/*.h tests/*.h tools/*.h) $(B)/tests_list.h Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itools -Itests -I$(B) -c -o $@ $<

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

test: $(B)/ember-test $(B)/ember
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
