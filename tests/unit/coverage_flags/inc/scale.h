typedef REAL real_t;
#define SCALE 2
