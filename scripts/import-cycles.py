#!/usr/bin/env python3
"""Fails when a Rust crate of the workspace has an import circle between its source files.

A file depends on another when it names a path into it (`use crate::a::b`, `crate::a::b::f(...)`, `super::x`,
`crate::{a, b::c}`). Unit-test modules (`#[cfg(test)] mod tests`) and comments are not the structure and are
skipped. Prints each circle (its files) and exits 1 when there is one; the console's circles are ESLint's
(`import-x/no-cycle`).

Usage: scripts/import-cycles.py [CRATE_SRC ...]   (default: gateway/src schema-registry/src)
"""
import os
import re
import sys

PATH = re.compile(r"\b(crate|super|self)(?=::)((?:::[A-Za-z_][A-Za-z0-9_]*)*)(?:::\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\})?")


def modules(src):
    """Module path (tuple) → file, for every .rs file under src."""
    found = {}
    for folder, _, names in os.walk(src):
        for name in names:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            parts = os.path.relpath(path, src)[:-3].split(os.sep)
            if parts[-1] in ("lib", "main", "mod"):
                parts = parts[:-1]
            found[tuple(parts)] = path
    return found


def strip(text):
    text = re.sub(r"(?s)#\[cfg\(test\)\]\s*mod tests\s*\{.*", "", text)
    text = re.sub(r"(?m)//.*$", "", text)
    return text


def expand(group):
    """`a, b::{c, d}, e::f` → ['a', 'b::c', 'b::d', 'e::f'] (one level of nesting is enough here)."""
    items, depth, current = [], 0, ""
    for char in group:
        if char == "," and depth == 0:
            items.append(current)
            current = ""
            continue
        depth += char == "{"
        depth -= char == "}"
        current += char
    items.append(current)
    out = []
    for item in (i.strip() for i in items if i.strip()):
        nested = re.match(r"([\w:]+)::\{(.*)\}$", item, re.S)
        if nested:
            out.extend(f"{nested.group(1)}::{inner}" for inner in expand(nested.group(2)))
        else:
            out.append(item.split(" as ")[0].strip())
    return out


def edges(found):
    graph = {path: set() for path in found.values()}
    for module, path in found.items():
        bases = {"crate": [], "super": list(module[:-1]), "self": list(module)}

        def resolve(parts):
            for n in range(len(parts), 0, -1):
                target = found.get(tuple(parts[:n]))
                if target:
                    return target
            return None

        text = strip(open(path, encoding="utf-8").read())
        # Names a file brings into scope (`use crate::http::routes;`, `use super::{check, entry}`) and its own
        # child modules: `routes::api()` later in the file is a path into that module.
        aliases = {child[-1]: list(child) for child in found if child[:-1] == module and child}
        for match in PATH.finditer(text):
            root, rest, group = match.group(1), match.group(2), match.group(3)
            prefix = bases[root] + [p for p in rest.split("::") if p]
            for tail in expand(group) if group else [""]:
                parts = prefix + [p for p in tail.split("::") if p and p not in ("self", "*")]
                if parts and tuple(parts) in found:
                    aliases[parts[-1]] = parts
                elif len(parts) > 1 and tuple(parts[:-1]) in found and tail.strip() in ("self", ""):
                    aliases[parts[-2]] = parts[:-1]
        for match in re.finditer(r"(?<![:\w])([a-z_][a-z0-9_]*)((?:::[A-Za-z_][A-Za-z0-9_]*)+)", text):
            head = match.group(1)
            if head in ("crate", "super", "self") or head not in aliases:
                continue
            target = resolve(aliases[head] + [p for p in match.group(2).split("::") if p])
            if target and target != path:
                graph[path].add(target)
        for match in PATH.finditer(text):
            root, rest, group = match.group(1), match.group(2), match.group(3)
            prefix = bases[root] + [p for p in rest.split("::") if p]
            tails = expand(group) if group else [""]
            for tail in tails:
                parts = prefix + [p for p in tail.split("::") if p and p not in ("self", "*")]
                target = resolve(parts)
                if target and target != path:
                    graph[path].add(target)
    return graph


def circles(graph):
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10_000)

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def main():
    roots = sys.argv[1:] or ["gateway/src", "schema-registry/src"]
    failed = False
    for root in roots:
        for circle in circles(edges(modules(root))):
            failed = True
            print(f"import circle of {len(circle)} files: {', '.join(circle)}")
    if failed:
        print("untangle it: move what both sides need into a lower module that imports neither", file=sys.stderr)
        return 1
    print(f"import-cycles: none in {', '.join(roots)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
