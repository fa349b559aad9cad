// Host code in a header of the program: a plain function that launches (host_member_launch.cu).
inline void launch_halve(float *x, int n) { halve<<<(n + 31) / 32, 32>>>(x, n); }
