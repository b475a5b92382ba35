#!/bin/sh
# ctqemu.sh - the runner of `make ctqemu` and `make ctqemu-selftest` (see
# ctq_main.c and ctq_plugin.c).
#
#   ctqemu.sh TARGET DRIVER PLUGIN CROSS_PREFIX QEMU CPUS OUTDIR [selftest]
#
# For each qemu CPU model in CPUS (space-separated), the driver runs twice
# at once, with secret 1 and secret 2, under the tracer plugin: the same
# argv length, an empty environment (env -i: the same stack layout) and no
# address randomisation (setarch -R; the driver is static and not PIE, so
# code and data are at their link addresses). Both runs must print the same
# (check list and results, every result right) and every region the same
# trace: same instruction count, access count and hash. For a region that
# differs, the first checkpoint (2^16 events) where the two differ tells a
# second pair of runs which events to dump, and the first differing line of
# the two dumps is the first divergence: a branch (two instruction
# addresses) or a data address, mapped to file:line by the cross addr2line.
#
# selftest: the build has the planted leaks; a check whose output says
# leak=1 (ember_memeq's early exit: a branch in util.c) or leak=2
# (chacha20_neon.c: a load at a keystream-dependent address) must diverge
# there and in that way, every other check must not, and each leak must be
# caught at least once.
set -u
target=$1 driver=$2 plugin=$3 xp=$4 qemu=$5 cpus=$6 dir=$7 mode=${8:-check}
mkdir -p "$dir" || exit 1
begin=$(${xp}nm "$driver" | awk '$3 == "ctq_begin" { print "0x" $1 }')
end=$(${xp}nm "$driver" | awk '$3 == "ctq_end" { print "0x" $1 }')
if [ -z "$begin" ] || [ -z "$end" ]; then
	echo "ctqemu $target: FAILED: no ctq_begin/ctq_end symbols in $driver"; exit 1
fi
t0=$(date +%s)
fails=0 total_pass=0 total_run=0 caught=""

# run CPU SECRET [DUMP]: one traced run, its output in $d/out.SECRET, its trace in $d/trace.SECRET
# (with DUMP: $d/out-dump.SECRET, $d/dump.SECRET and the dumps $d/dump.SECRET.REGION)
run() {
	f=trace; [ -n "${3:-}" ] && f=dump
	setarch "$(uname -m)" -R env -i $qemu -cpu "$1" \
		-plugin "$plugin,begin=$begin,end=$end,out=$d/$f.$2${3:+,dump=$3}" -d plugin \
		"$driver" "$2" > "$d/out${3:+-dump}.$2" 2> "$d/err${3:+-dump}.$2"
}

# where ADDR: "function at file:line" by the cross toolchain's addr2line
where() {
	${xp}addr2line -f -i -e "$driver" "$1" 2>/dev/null | head -2 | paste -sd' ' |
		sed 's|^\([^ ]*\) .*/\(src/.*\)$|\1 at \2|; s|^\([^ ]*\) .*/\(tests/.*\)$|\1 at \2|'
}

for cpu in $cpus; do
	d=$dir/$cpu
	mkdir -p "$d" && rm -f "$d"/trace.* "$d"/dump.* "$d"/out* "$d"/err*
	run "$cpu" 1 & p1=$!
	run "$cpu" 2 & p2=$!
	wait $p1; r1=$?
	wait $p2; r2=$?
	label="ctqemu $target (-cpu $cpu)"
	# 0, or 1 when a check's result was wrong (reported below); anything else stopped a run
	if [ $r1 -gt 1 ] || [ $r2 -gt 1 ] || ! grep -q '^N ' "$d/trace.1" || ! grep -q '^N ' "$d/trace.2"; then
		echo "$label: FAILED: the runs ended with $r1 and $r2:"
		cat "$d/err.1" "$d/out.1" | grep -v '^check .*right result' | tail -n 20
		fails=$((fails + 1)); continue
	fi
	if ! cmp -s "$d/out.1" "$d/out.2"; then
		echo "$label: FAILED: the two runs printed different things:"
		diff "$d/out.1" "$d/out.2" | head -n 10
		fails=$((fails + 1)); continue
	fi
	head -n 1 "$d/out.1" | sed "s/^ctqemu:/$label:/"
	grep '^not run' "$d/out.1" | sed "s/^/$label: /"
	if grep -q '^E ' "$d/trace.1" "$d/trace.2"; then
		echo "$label: FAILED: $(grep -h '^E ' "$d/trace.1" "$d/trace.2" | head -n 1)"
		fails=$((fails + 1)); continue
	fi
	# per region: instructions, accesses and hash of both runs, and the first differing checkpoint
	awk '
		FILENAME ~ /out\.1$/ { if ($1 == "check" && $3 ~ /^leak=/) {
				line = $0; sub(/^check [0-9]* leak=[0-9]* [a-zA-Z ]*: /, "", line);
				name[$2] = line; leak[$2] = substr($3, 6) }
			next }
		FILENAME ~ /trace\.1$/ { if ($1 == "R") r[$2] = $3 " " $4 " " $5; if ($1 == "C") c[$2, $3] = $4; next }
		$1 == "C" && !(($2) in first) && c[$2, $3] != $4 { first[$2] = $3 }
		$1 == "C" && !(($2) in first) && c[$2, $3] == $4 { last[$2] = $3 }
		$1 == "R" { split(r[$2], a, " ");
			same = (a[1] == $3 && a[2] == $4 && a[3] == $5);
			print $2, same ? "same" : "differ", a[1], a[2], a[3], $3, $4, $5,
				($2 in last) ? last[$2] : 0, ($2 in leak) ? leak[$2] : "?", name[$2] }
	' "$d/out.1" "$d/trace.1" "$d/trace.2" > "$d/regions"
	# the diverging regions: dump them from their last equal checkpoint, in a second pair of runs
	dumps=$(awk '$2 == "differ" { printf "%s%s@%s", n++ ? "+" : "", $1, $9 }' "$d/regions")
	if [ -n "$dumps" ]; then
		run "$cpu" 1 "$dumps" & p1=$!
		run "$cpu" 2 "$dumps" & p2=$!
		wait $p1; wait $p2
	fi
	pass=0 nrun=0
	while read -r idx verdict i1 m1 h1 i2 m2 h2 from leak name; do
		nrun=$((nrun + 1))
		expect=0
		[ "$mode" = selftest ] && [ "$leak" != 0 ] && expect=$leak
		if [ "$verdict" = same ]; then
			if [ $expect = 0 ]; then
				echo "$label: $name: $i1 instructions, $m1 accesses, same trace (hash $h1)"
				pass=$((pass + 1))
			else
				echo "$label: $name: FAILED: the planted leak was NOT caught ($i1 instructions, same trace)"
			fi
			continue
		fi
		# the first differing event of the two dumps
		c=$(cmp "$d/dump.1.$idx" "$d/dump.2.$idx" 2>&1)
		l1=$(echo "$c" | sed -n 's/.* line \([0-9]*\).*/\1/p')
		case "$c" in *EOF*) l1=$(( ${l1:-0} + 1 ));; esac
		e1=$(sed -n "${l1:-1}p" "$d/dump.1.$idx" 2>/dev/null)
		e2=$(sed -n "${l1:-1}p" "$d/dump.2.$idx" 2>/dev/null)
		set -- $e1; k1=${2:-?} pc1=${3:-0}
		set -- $e2; k2=${2:-?} pc2=${3:-0}
		# a branch is reported at the last instruction both ran (the branch), an address where it is
		br=$(head -n $(( ${l1:-1} - 1 )) "$d/dump.1.$idx" 2>/dev/null | awk '$2 == "I" { pc = $3 } END { print pc }')
		if [ -z "$l1" ]; then
			kind="not located (the dumps of the window agree)"; how=0 at=0
		elif [ -z "$e1" ] || [ -z "$e2" ] || [ "$k1" != "$k2" ] || [ "$pc1" != "$pc2" ]; then
			kind="a branch: secret 1 went to 0x${pc1}, secret 2 to 0x${pc2}"; how=1
			[ -z "$e1" ] || [ -z "$e2" ] && kind="a branch: one run left the region first"
			at=${br:-0}
		else
			set -- $e1; a1=${4:-?}; set -- $e2; a2=${4:-?}
			kind="an address: 0x$a1 for secret 1, 0x$a2 for secret 2"; how=2
			at=$pc1
		fi
		loc=$(where "0x$at")
		if [ $expect != 0 ] && [ $expect = $how ] &&
			{ { [ $how = 1 ] && echo "$loc" | grep -q 'src/util.c'; } ||
			  { [ $how = 2 ] && echo "$loc" | grep -q 'src/aead/chacha20_neon.c'; }; }; then
			echo "$label: $name: planted leak caught at event ${e1%% *}: $kind, at 0x$at $loc"
			pass=$((pass + 1)); caught="$caught $how"
			continue
		fi
		echo "$label: $name: FAILED: secret-dependent trace ($i1/$i2 instructions, $m1/$m2 accesses)"
		if [ $how = 0 ]; then
			echo "    first divergence after event $from: $kind"; continue
		fi
		echo "    first divergence at event ${e1%% *} (dumped from event $from): $kind"
		echo "    at 0x$at $loc"
		echo "    secret 1: ${e1:-(left the region)}  $(where "0x$pc1")"
		echo "    secret 2: ${e2:-(left the region)}  $(where "0x$pc2")"
	done < "$d/regions"
	wrong=$(grep -c 'WRONG RESULT\|FAILED' "$d/out.1")
	nchk=$(grep -c '^check ' "$d/out.1")
	if [ "$nrun" -ne "$nchk" ]; then
		echo "$label: FAILED: $nchk checks but $nrun traced regions"; fails=$((fails + 1))
	fi
	grep 'WRONG RESULT\|FAILED' "$d/out.1" | sed "s/^/$label: /"
	fails=$((fails + nrun - pass + wrong))
	total_pass=$((total_pass + pass)) total_run=$((total_run + nrun))
	echo "$label: $pass of $nrun checks passed, $(grep -c '^not run' "$d/out.1") not run"
done
if [ "$mode" = selftest ]; then
	for how in 1 2; do
		case " $caught " in *" $how "*) ;; *)
			echo "ctqemu $target: FAILED: planted leak $how ($( [ $how = 1 ] && echo ember_memeq || echo chacha20 neon)) caught by no check"
			fails=$((fails + 1));;
		esac
	done
fi
echo "ctqemu $target: $total_pass of $total_run checks passed$( [ "$mode" = selftest ] && echo ' (leak build)'), $fails failed ($(( $(date +%s) - t0 )) s)"
[ $fails -eq 0 ]
