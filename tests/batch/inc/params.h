#define FILL_N 64
#define FILL_VALUE 2.5f
