#!/bin/sh
# Every environment variable of the configuration table has its row in
# docs/environment.md, and every row there or in the README's settings
# names a variable of the table (none left behind by a rename).
cd "$(dirname "$0")/.."
fail=0
vars=$(grep -oE '^ +X\((SHMEM_[A-Z_]+),' src/init/config.h | grep -oE 'SHMEM_[A-Z_]+')
for v in $vars; do
    grep -q "^| \`$v\` |" docs/environment.md ||
        { echo "docs/environment.md does not document $v"; fail=1; }
done
for f in docs/environment.md README.md; do
    for v in $(grep -oE '^\| `SHMEM_[A-Z_]+` \|' "$f" | grep -oE 'SHMEM_[A-Z_]+'); do
        echo "$vars" | grep -qx "$v" ||
            { echo "$f documents $v, which src/init/config.h does not have"; fail=1; }
    done
done
[ $fail -eq 0 ] && echo "all variables of src/init/config.h are in docs/environment.md, and no others"
exit $fail
