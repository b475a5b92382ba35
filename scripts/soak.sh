#!/bin/sh
# soak.sh - `make soak`: ember s_server under a bounded flood (tests/soak/flood.c).
#
#   sh scripts/soak.sh BUILD N CONC STALL TIMEOUT OPENSSL DEADLINE plain|asan
#
# Starts BUILD/ember s_server -rev -state -timeout TIMEOUT on 127.0.0.1, port 0 (it prints the
# port it bound), runs BUILD/soak-flood against it, and checks:
#   - every good client served (the flood's count, and the server's -state lines: one per
#     handshake the flood completed, no more, no fewer);
#   - every stalled connection dropped by -timeout (the server's "timed out" lines = the flood's);
#   - the server still running after the flood, its open descriptors (/proc/PID/fd) back to the
#     count before the flood once the last connection is gone, its resident memory noted;
#   - on SIGTERM, a clean exit (status 0) with nothing from a sanitizer on its standard error
#     (asan: AddressSanitizer, LeakSanitizer at exit, UBSan; the flood's processes too).
# The server is stopped by its pid whatever happens; every wait is bounded.
set -u
[ $# -eq 8 ] || { echo "usage: sh scripts/soak.sh BUILD N CONC STALL TIMEOUT OPENSSL DEADLINE plain|asan (make soak runs it)"; exit 1; }
B=$1 N=$2 CONC=$3 STALL=$4 TIMEOUT=$5 OSSL=$6 DEADLINE=$7 MODE=$8
EMBER=$B/ember FLOOD=$B/soak-flood
DIR=$B/soak-run
rm -rf "$DIR" && mkdir -p "$DIR" || exit 1
t0=$(date +%s)
pid=
fail() {
	echo "soak: FAILED: $*"
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	echo "soak: logs in $DIR (server.out, server.err, flood.out, flood.err)"
	exit 1
}
fds() { ls "/proc/$1/fd" 2>/dev/null | wc -l; }
rss() { sed -n 's/^VmRSS:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null; }
san_report() { grep -E 'ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: (Address|Leak|Undefined)' "$@"; }

command -v openssl >/dev/null 2>&1 || { echo "soak: no openssl command: its clients are left out"; OSSL=0; }
"$FLOOD" pki "$DIR" || fail "could not write the PKI"

"$EMBER" s_server -accept 127.0.0.1:0 -cert "$DIR/server.crt" -key "$DIR/server.key" -rev -state \
	-timeout "$TIMEOUT" </dev/null >"$DIR/server.out" 2>"$DIR/server.err" &
pid=$!
port=
i=0
while [ $i -lt 300 ]; do # 30 s for the ACCEPT line (an ASan build starts slower)
	port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$DIR/server.out")
	[ -n "$port" ] && break
	kill -0 "$pid" 2>/dev/null || fail "ember s_server exited at start: $(head -3 "$DIR/server.err")"
	sleep 0.1
	i=$((i + 1))
done
[ -n "$port" ] || fail "ember s_server printed no ACCEPT line within 30 s"
fd0=$(fds "$pid")
rss0=$(rss "$pid")

echo "soak ($MODE): $N sessions, $CONC workers, $STALL stallers, -timeout $TIMEOUT, openssl 1 in $OSSL, port $port"
"$FLOOD" run -port "$port" -ca "$DIR/ca.pem" -n "$N" -conc "$CONC" -stall "$STALL" -openssl "$OSSL" \
	-timeout "$TIMEOUT" -deadline "$DEADLINE" ${SOAK_SEED:+-seed "$SOAK_SEED"} >"$DIR/flood.out" 2>"$DIR/flood.err"
frc=$?
grep -v '^RESULT' "$DIR/flood.out"
head -20 "$DIR/flood.err"
[ $frc -eq 0 ] || fail "the flood reported failures (exit $frc)"
kill -0 "$pid" 2>/dev/null || fail "ember s_server died during the flood: $(tail -3 "$DIR/server.err")"

# the last connections end within the server's -timeout and its 2 s drain: wait up to 30 s
i=0
while [ "$(fds "$pid")" -ne "$fd0" ] && [ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
fd1=$(fds "$pid")
rss1=$(rss "$pid")
kill -0 "$pid" 2>/dev/null || fail "ember s_server died after the flood"
[ "$fd1" -eq "$fd0" ] || fail "ember s_server holds $fd1 descriptors after the flood, $fd0 before: $(ls -l /proc/$pid/fd)"

kill -TERM "$pid"
i=0
while kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -0 "$pid" 2>/dev/null && fail "ember s_server still running 30 s after SIGTERM"
wait "$pid"
src=$?
pid=
[ $src -eq 0 ] || fail "ember s_server exit status $src after SIGTERM: $(tail -5 "$DIR/server.err")"
if san_report "$DIR/server.err" "$DIR/flood.err" >/dev/null; then
	san_report "$DIR/server.err" "$DIR/flood.err" | head -20
	fail "sanitizer report (above)"
fi

res=$(sed -n 's/^RESULT //p' "$DIR/flood.out")
val() { echo "$res" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
hs=$(grep -c '^CONNECTION ' "$DIR/server.out")
to=$(grep -c 'timed out' "$DIR/server.err")
[ "$(val good)" = "$(val attempted)" ] || fail "served $(val good) of $(val attempted) good clients"
[ "$hs" -eq "$(val handshakes)" ] || fail "the server counted $hs handshakes (-state), the flood completed $(val handshakes)"
[ "$to" -eq "$(val stalls)" ] || fail "the server timed out $to connections, the flood stalled $(val stalls)"
echo "soak ($MODE): ok in $(($(date +%s) - t0)) s: $(val good)/$(val attempted) good clients served" \
	"(longest $(val max_good_ms) ms), $hs handshakes, $(val aborted) aborted by design, $(val garbage) garbage," \
	"$to stalls dropped by -timeout; server fds before/after $fd0/$fd1, RSS $rss0 -> $rss1;" \
	"SIGTERM: exit 0$( [ "$MODE" = asan ] && echo ', no ASan/LSan/UBSan report')"
