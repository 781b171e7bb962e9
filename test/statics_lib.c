/* A shared library's global: not symmetric (statics_edges' shlib scenario).
 * Static, and reached through a function: an extern variable that the
 * executable names is copied into the executable's own data (a copy
 * relocation), where it is symmetric. */
static int lib_counter;

int *lib_counter_addr(void) { return &lib_counter; }
