// scripts/coverage.sh's test input: host code only, no kernel.
int twice(int x) { return 2 * x; }
