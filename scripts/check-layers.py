#!/usr/bin/python3
"""Checks that every #include "..." under src/ runs down the layers that
docs/design.md lists, or is one of the exceptions listed there with its
reason. Both lists are read from design.md, so the document and the check
cannot disagree.

usage: check-layers.py [ROOT]     ROOT holds src/ and docs/design.md
       check-layers.py --self-test
"""
import fnmatch
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
EXCEPTION = re.compile(r'^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|\s*\S')
SOURCES = ('.c', '.h', '.cu', '.cuh')


def read_design(path):
    """The layers, top first (each a list of folders that may include each
    other), and the exceptions as (from-glob, header) pairs."""
    layers, exceptions, section, in_block = [], [], None, False
    with open(path) as f:
        for line in f:
            if line.startswith('## '):
                section = line[3:].strip().lower()
            elif line.startswith('```layers'):
                in_block = True
            elif in_block and line.startswith('```'):
                in_block = False
            elif in_block:
                folders = line.split('#')[0].split()
                if folders:
                    layers.append(folders)
            elif section and section.startswith('exceptions'):
                m = EXCEPTION.match(line)
                if m and m.group(1) != 'from':
                    exceptions.append((m.group(1), m.group(2)))
    if not layers:
        sys.exit(f'{path}: no ```layers block')
    return layers, exceptions


def rank_of(rel, ranks):
    """The layer of a path under src/: its deepest listed folder."""
    parts = os.path.dirname(rel).split('/')
    for n in range(len(parts), 0, -1):
        folder = '/'.join(parts[:n])
        if folder in ranks:
            return folder, ranks[folder]
    return None, None


def check(root):
    src = os.path.join(root, 'src')
    layers, exceptions = read_design(os.path.join(root, 'docs', 'design.md'))
    ranks = {folder: i for i, line in enumerate(layers) for folder in line}
    used, errors = set(), []
    for d, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith(SOURCES):
                continue
            path = os.path.join(d, name)
            rel = os.path.relpath(path, src)
            folder, rank = rank_of(rel, ranks)
            if folder is None:
                errors.append(f'src/{rel}: its folder is in no layer of docs/design.md')
                continue
            with open(path) as f:
                for no, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc = m.group(1)
                    where = f'src/{rel}:{no}: "{inc}"'
                    if '..' in inc.split('/'):
                        errors.append(f'{where}: name headers from src/, not with ../')
                        continue
                    if os.path.exists(os.path.join(d, inc)):
                        target = os.path.relpath(os.path.join(d, inc), src)
                    elif os.path.exists(os.path.join(src, inc)):
                        target = inc
                    else:
                        errors.append(f'{where}: no such header under src/')
                        continue
                    tfolder, trank = rank_of(target, ranks)
                    if trank is None or trank >= rank:
                        continue
                    match = [e for e in exceptions
                             if fnmatch.fnmatch(rel, e[0]) and e[1] == target]
                    if match:
                        used.update(match)
                        continue
                    errors.append(f'{where}: {folder}/ may not include {tfolder}/, '
                                  f'a layer above it (docs/design.md)')
    for e in exceptions:
        if e not in used:
            errors.append(f'docs/design.md: the exception {e[0]} -> {e[1]} '
                          f'matches no include: remove it')
    return errors


def self_test():
    """A tree with one include against the direction must fail, and pass
    once that include is listed as an exception."""
    design = '## Layers\n```layers\nteam\nheap\n```\n## Exceptions\n'
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, 'src', 'team'))
        os.makedirs(os.path.join(root, 'src', 'heap'))
        os.makedirs(os.path.join(root, 'docs'))
        files = {'src/team/team.h': '#include "heap/heap.h"\n',
                 'src/heap/heap.h': '',
                 'src/heap/bad.c': '#include "team/team.h"\n'}
        for name, text in files.items():
            with open(os.path.join(root, name), 'w') as f:
                f.write(text)
        with open(os.path.join(root, 'docs', 'design.md'), 'w') as f:
            f.write(design)
        errors = check(root)
        if len(errors) != 1 or 'src/heap/bad.c:1' not in errors[0]:
            return [f'self-test: expected bad.c reported once, got {errors}']
        with open(os.path.join(root, 'docs', 'design.md'), 'a') as f:
            f.write('| `heap/bad.c` | `team/team.h` | a reason |\n')
        errors = check(root)
        if errors:
            return [f'self-test: the listed exception still fails: {errors}']
    return []


def main():
    if sys.argv[1:] == ['--self-test']:
        errors = self_test()
    else:
        root = sys.argv[1] if len(sys.argv) > 1 else \
            os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        errors = check(root)
    for e in errors:
        print(e)
    if errors:
        print(f'check-layers: {len(errors)} problem(s)')
        return 1
    print('check-layers: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
