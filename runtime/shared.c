/* shared.c: the one source of libcuda2hlo_runtime.so. The shared library is
 * c2h_runtime's archive linked whole (runtime/CMakeLists.txt); this file only gives the
 * target a translation unit, and checks that the public header compiles on its own. */
#include "cuda2hlo_runtime.h"
