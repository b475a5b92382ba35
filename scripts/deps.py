#!/usr/bin/env python3
"""deps.py - cycles of includes and calls between the source files of a tree.

Usage: scripts/deps.py OBJDIR SRCDIR [SRCDIR ...]   (NM: the nm to use)

Two graphs over the .c files below each SRCDIR (each SRCDIR on its own):
  calls:    A -> B when A's object refers to a function B's object defines
            (nm: an undefined symbol of A that is a text symbol 'T' of B);
            references to data (descriptors, tables) are not calls;
  includes: A -> B when A, or a header A includes, #includes B (.c or .h:
            a header belongs to the .c file of the same name, when there is
            one, so that "x.h" stands for x.c's interface).
Prints each cycle (strongly connected component of more than one file)
with one edge that closes it, and exits 1 when there is any. The objects
are OBJDIR/<path>.o, as the Makefile builds them (build/obj/src/...).
"""
import os
import re
import subprocess
import sys


def sources(d):
    out = []
    for root, _, files in os.walk(d):
        for f in files:
            if f.endswith('.c'):
                out.append(os.path.normpath(os.path.join(root, f)))
    return sorted(out)


def symbols(obj):
    """(defined text symbols, undefined symbols) of an object file."""
    if not os.path.exists(obj):
        return None
    r = subprocess.run([os.environ.get('NM', 'nm'), obj], capture_output=True, text=True, check=True)
    defined, undefined = set(), set()
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == 'U':
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in 'T':
            defined.add(parts[2])
    return defined, undefined


INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def resolve(name, here, roots):
    for base in [os.path.dirname(here)] + roots:
        p = os.path.normpath(os.path.join(base, name))
        if os.path.exists(p):
            return p
    return None


def include_closure(path, roots, memo):
    """Files (.c and .h) that |path| includes, directly or through headers."""
    if path in memo:
        return memo[path]
    memo[path] = set()
    try:
        text = open(path, encoding='utf-8', errors='replace').read()
    except OSError:
        return memo[path]
    out = set()
    for name in INC.findall(text):
        p = resolve(name, path, roots)
        if p is None:
            continue
        out.add(p)
        if p.endswith('.h'):
            out |= include_closure(p, roots, memo)
    memo[path] = out
    return out


def sccs(nodes, edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            visit(v)
    return [c for c in out if len(c) > 1]


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    objdir, dirs = sys.argv[1], sys.argv[2:]
    # the include path of the build: include/, src/, tools/ and tools' role folders (TOOL_INC)
    roots = ['include', 'src', 'tools'] + sorted(
        os.path.join('tools', e) for e in (os.listdir('tools') if os.path.isdir('tools') else [])
        if os.path.isdir(os.path.join('tools', e)))
    bad = 0
    for d in dirs:
        files = sources(d)
        syms, missing = {}, []
        for f in files:
            s = symbols(os.path.join(objdir, os.path.splitext(f)[0] + '.o'))
            if s is None:
                missing.append(f)
            else:
                syms[f] = s
        if missing:
            print('deps: %s: no object for %s (build first)' % (d, ', '.join(missing)))
            return 2
        owner = {}
        for f, (defined, _) in syms.items():
            for s in defined:
                owner[s] = f
        calls = {f: {owner[u] for u in syms[f][1] if u in owner and owner[u] != f} for f in files}
        memo, incs = {}, {}
        stem = {os.path.splitext(f)[0]: f for f in files}
        for f in files:
            targets = set()
            for p in include_closure(f, roots, memo):
                c = p if p.endswith('.c') else stem.get(os.path.splitext(p)[0])
                if c is not None and c != f and c in stem.values():
                    targets.add(c)
            incs[f] = targets
        before = bad
        ncalls = sum(len(v) for v in calls.values())
        nincs = sum(len(v) for v in incs.values())
        for kind, edges in (('call', calls), ('include', incs)):
            for comp in sccs(files, edges):
                bad += 1
                cs = set(comp)
                path = ['%s -> %s' % (a, b) for a in comp for b in sorted(edges[a]) if b in cs]
                print('deps: %s cycle of %d files: %s' % (kind, len(comp), '; '.join(path)))
        print('deps: %s: %d files, %d call edges, %d include edges between them: %s' %
              (d, len(files), ncalls, nincs, 'cycles above' if bad > before else 'no cycle'))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
