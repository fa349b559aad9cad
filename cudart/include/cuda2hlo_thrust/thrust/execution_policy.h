/* cuda2hlo-cc: thrust's own <thrust/execution_policy.h>, then the runtime is told that host code runs
 * thrust's device algorithms on device memory (../cuda2hlo_thrust_device.h). */
#pragma once
#include_next <thrust/execution_policy.h>
#include <cuda2hlo_thrust_device.h>
