#!/bin/sh
# server-cpu.sh EMBER [SECONDS] [RUNS] [KEY]
# The server's CPU time per handshake, `ember s_server` against
# `openssl s_server`, both serving `openssl s_time -new` on 127.0.0.1
# (issue #26's speed target). openssl s_time counts its own connections
# and its own CPU; the server's share is read from /proc/PID/stat
# (utime + stime) just before and just after the s_time run, so the
# client's cost, which dominates the wall clock, is not in the figure.
# Both servers get the same key and certificate (KEY: ecdsap256 (default)
# or rsa2048, made here by openssl) and the same suite,
# TLS_AES_128_GCM_SHA256; openssl 3.0's s_time sends x25519 first and
# both servers take it. The runs alternate (ember, openssl, ember, ...);
# the script prints every run and the median per server, and the ratio
# of medians: openssl's CPU per handshake over Ember's (above 1: Ember's
# server spends less).
set -eu
ember=$1
secs=${2:-10}
runs=${3:-3}
key=${4:-ecdsap256}
work=$(mktemp -d)
srv=
trap 'if [ -n "$srv" ]; then kill "$srv" 2>/dev/null || true; fi; rm -rf "$work"' EXIT INT TERM
suite=TLS_AES_128_GCM_SHA256
case $key in
ecdsap256) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/key.pem" 2>/dev/null ;;
rsa2048) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/key.pem" 2>/dev/null ;;
*) echo "server-cpu.sh: $key: not a key (ecdsap256, rsa2048)" >&2; exit 1 ;;
esac
openssl req -new -x509 -key "$work/key.pem" -subj /CN=ember.test -days 30 -out "$work/cert.pem" 2>/dev/null

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
ticks() { # pid -> utime + stime in clock ticks
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}
wait_listen() { # port: up to 10 s
	i=0
	while [ $i -lt 100 ]; do
		if python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$1" 2>/dev/null; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	echo "server-cpu.sh: no server listening on 127.0.0.1:$1" >&2
	return 1
}
hz=$(getconf CLK_TCK)

one() { # which -> prints "which connections cpu_s us_per_handshake"
	port=$(free_port)
	if [ "$1" = ember ]; then
		"$ember" s_server -accept "127.0.0.1:$port" -cert "$work/cert.pem" -key "$work/key.pem" \
			-ciphersuites "$suite" -quiet > /dev/null 2>&1 &
	else
		openssl s_server -accept "$port" -4 -naccept 1000000 -cert "$work/cert.pem" -key "$work/key.pem" \
			-tls1_3 -ciphersuites "$suite" -quiet > /dev/null 2>&1 &
	fi
	srv=$!
	wait_listen "$port"
	t0=$(ticks "$srv")
	openssl s_time -connect "127.0.0.1:$port" -new -time "$secs" -tls1_3 -ciphersuites "$suite" > "$work/st" 2>&1 || true
	t1=$(ticks "$srv")
	kill "$srv" 2>/dev/null || true
	wait "$srv" 2>/dev/null || true
	srv=
	n=$(sed -n 's/^\([0-9]*\) connections in .*/\1/p' "$work/st" | head -n 1)
	[ -n "$n" ] && [ "$n" -gt 0 ] || { echo "server-cpu.sh: openssl s_time made no connection to $1:" >&2; cat "$work/st" >&2; exit 1; }
	awk -v w="$1" -v n="$n" -v t="$((t1 - t0))" -v hz="$hz" \
		'BEGIN { printf "%-8s %8d %8.2f %10.1f\n", w, n, t / hz, t / hz / n * 1e6 }'
}

echo "server CPU per handshake, openssl s_time -new -time $secs, $key, $suite, x25519"
printf '%-8s %8s %8s %10s\n' server hs cpu_s us_per_hs
i=0
while [ $i -lt "$runs" ]; do
	one ember | tee -a "$work/res"
	one openssl | tee -a "$work/res"
	i=$((i + 1))
done
med() { grep "^$1 " "$work/res" | awk '{ print $4 }' | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
e=$(med ember)
o=$(med openssl)
awk -v e="$e" -v o="$o" 'BEGIN { printf "median us/handshake: ember %.1f, openssl %.1f; openssl / ember = %.2f\n", e, o, o / e }'
