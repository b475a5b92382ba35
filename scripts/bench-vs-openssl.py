#!/usr/bin/env python3
"""bench-vs-openssl.py: Ember against the system's OpenSSL, same machine,
same run, alternating, median of N, as docs/BENCHMARKS.md records it.

  scripts/bench-vs-openssl.py [-ember build/ember] [-seconds 1] [-runs 3]
                              [-ember-env NAME=VALUE]... SPEC...

SPEC is ALG:SIZE[:decrypt] for symmetric rows (ALG is an `ember speed` word;
the OpenSSL side is `openssl speed -evp ALG`, with the legacy provider for
the algorithms that need it), or rsaNNNN / dsaNNNN for public key. Prints a
markdown table: each row's median rates, the ratio ember / openssl of the
medians, and the lowest and highest ratio of one Ember run to the OpenSSL
run right after it (the spread the host's load puts on the row).
Both tools are run with -mr and their +F records are read; nothing is
estimated. Algorithms OpenSSL 3 lacks print Ember's figure alone.
-ember-env sets a variable for the ember runs only, e.g. EMBER_CPUCAP=none
to measure the portable code against OpenSSL's best.
"""
import os
import statistics
import subprocess
import sys

LEGACY = {"md4", "rmd160", "ripemd160", "des-cbc", "des-ede3", "rc2-cbc", "rc4", "bf-cbc",
          "cast-cbc", "blowfish", "hmac"}
OSSL_EVP = {"des-ede3": "des-ede3-cbc", "cast-cbc": "cast5-cbc", "rmd160": "ripemd160"}
NO_PEER = {"md2", "mdc2", "idea-cbc", "rc5-cbc"}


EMBER_ENV = {}


def run(cmd):
    env = None
    if cmd and cmd[0] != "openssl" and EMBER_ENV:
        env = dict(os.environ, **EMBER_ENV)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    if p.returncode != 0:
        raise RuntimeError("failed: " + " ".join(cmd))
    return p.stdout


def f_records(out, tag):
    return [line.split(":") for line in out.splitlines() if line.startswith(tag + ":")]


def ossl_seconds(seconds):
    """openssl speed takes whole seconds only."""
    return str(max(1, round(float(seconds))))


def sym(tool, ember, alg, size, decrypt, seconds):
    if tool == "ember":
        cmd = [ember, "speed", "-mr", "-seconds", seconds, "-bytes", str(size)]
        cmd += (["-decrypt"] if decrypt else []) + [alg]
    else:
        cmd = ["openssl", "speed", "-mr", "-seconds", ossl_seconds(seconds), "-bytes", str(size)]
        if alg in LEGACY:
            cmd += ["-provider", "default", "-provider", "legacy"]
        cmd += ["-decrypt"] if decrypt else []
        cmd += [alg] if alg == "hmac" else ["-evp", OSSL_EVP.get(alg, alg)]
    recs = f_records(run(cmd), "+F")
    if len(recs) != 1:
        raise RuntimeError("no single +F record from: " + " ".join(cmd))
    return float(recs[0][-1])


def pk(tool, ember, word, seconds):
    if tool == "ember":
        cmd = [ember, "speed", "-mr", "-seconds", seconds, word]
    else:
        cmd = ["openssl", "speed", "-mr", "-seconds", ossl_seconds(seconds), word]
    out = run(cmd)
    recs = f_records(out, "+F2") + f_records(out, "+F3")
    if len(recs) != 1:
        raise RuntimeError("no single +F2/+F3 record from: " + " ".join(cmd))
    return float(recs[0][-2]), float(recs[0][-1])


def spread(e, o, k=None):
    """The lowest and highest ratio of an Ember run to the OpenSSL run after it."""
    r = [(x if k is None else x[k]) / (y if k is None else y[k]) for x, y in zip(e, o)]
    return f"{min(r):.2f}-{max(r):.2f}"


def main(argv):
    ember, seconds, runs, specs = "build/ember", "1", 3, []
    i = 0
    while i < len(argv):
        if argv[i] in ("-ember", "-seconds", "-runs", "-ember-env") and i + 1 < len(argv):
            if argv[i] == "-ember-env":
                name, eq, value = argv[i + 1].partition("=")
                if not name or not eq:
                    sys.exit("bench-vs-openssl.py: -ember-env wants NAME=VALUE, not " + argv[i + 1])
                EMBER_ENV[name] = value
            elif argv[i] == "-ember":
                ember = argv[i + 1]
            elif argv[i] == "-seconds":
                seconds = argv[i + 1]
            else:
                runs = int(argv[i + 1])
            i += 2
        else:
            specs.append(argv[i])
            i += 1
    if not specs:
        sys.exit(__doc__)
    print("| algorithm | block | ember | openssl | ember / openssl | pairs |")
    print("|---|---|---|---|---|---|")
    for spec in specs:
        if spec.startswith(("rsa", "dsa")):
            e, o = [], []
            for _ in range(runs):
                e.append(pk("ember", ember, spec, seconds))
                o.append(pk("openssl", ember, spec, seconds))
            for k, op in enumerate(("sign/s", "verify/s")):
                em = statistics.median(x[k] for x in e)
                om = statistics.median(x[k] for x in o)
                print(f"| {spec} | {op} | {em:.1f} | {om:.1f} | {em / om:.2f} | {spread(e, o, k)} |")
            sys.stdout.flush()
            continue
        parts = spec.split(":")
        alg, size, decrypt = parts[0], int(parts[1]), len(parts) > 2 and parts[2] == "decrypt"
        label = alg + (" (decrypt)" if decrypt else "")
        e, o = [], []
        for _ in range(runs):
            e.append(sym("ember", ember, alg, size, decrypt, seconds))
            if alg not in NO_PEER:
                o.append(sym("openssl", ember, alg, size, decrypt, seconds))
        em = statistics.median(e) / 1e6
        if o:
            om = statistics.median(o) / 1e6
            print(f"| {label} | {size} | {em:.1f} MB/s | {om:.1f} MB/s | {em / om:.2f} | {spread(e, o)} |")
        else:
            print(f"| {label} | {size} | {em:.1f} MB/s | (not in OpenSSL 3) | - | - |")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
