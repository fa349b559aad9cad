/* C helper of tests/cudart/ok_host_minmax.cu: a .c file built with the build's C++
 * standard flag, as nvcc hands it to the host compiler (cuda2hlo-cc drops -std=c++17 for
 * C with a warning, as gcc does). */
int c2h_helper_clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}
