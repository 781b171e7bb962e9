#!/bin/sh
# Every environment variable of the configuration table is documented in
# the README's table.
cd "$(dirname "$0")/.."
fail=0
for v in $(grep -oE '^ +X\((SHMEM_[A-Z_]+),' src/init/config.h | grep -oE 'SHMEM_[A-Z_]+'); do
    grep -q "| \`$v\` |" README.md || { echo "README.md does not document $v"; fail=1; }
done
[ $fail -eq 0 ] && echo "all variables of src/init/config.h are in README.md"
exit $fail
