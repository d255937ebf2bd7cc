// Global and local atomics.
__kernel void histogram(__global const uint *data, uint n, __global volatile uint *bins) {
    __local uint local_bins[16];
    uint lid = get_local_id(0);
    if (lid < 16)
        local_bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&local_bins[data[i] & 15]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 16)
        atomic_add(&bins[lid], local_bins[lid]);
}

__kernel void claim(__global volatile int *flag, __global int *winner) {
    if (atomic_cmpxchg(flag, 0, 1) == 0)
        *winner = get_global_id(0);
    atomic_max(winner + 1, (int)get_global_id(0));
}
