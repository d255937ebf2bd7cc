/* Kernels that misbehave: the simulator must fail their commands cleanly. */

/* Writes through a pointer far outside any allocation. */
__kernel void wild_store(__global uint *unused, ulong wild_address) {
    __global uint *p = (__global uint *)wild_address;
    p[get_global_id(0)] = 0xdeadbeefu;
}

/* Never finishes: the loop bound comes from memory the host set to zero. */
__kernel void endless_loop(__global volatile uint *flag, __global uint *out) {
    uint n = 0;
    while (flag[0] == 0u)
        n++;
    out[get_global_id(0)] = n;
}

/* A well-behaved kernel: after a failed command, the device still works. */
__kernel void fill(__global uint *out, uint value) {
    out[get_global_id(0)] = value + (uint)get_global_id(0);
}

/* 100,000 bytes of private memory per work-item (6.4 MB of scratch per wavefront; all
 * the GPU's wavefront slots at once would need 16 GB, four times its memory): runs,
 * since scratch takes memory only for the wavefronts that run. */
__kernel void big_private(__global uint *out, uint seed) {
    volatile uint a[25000];
    uint i = get_global_id(0);
    a[(i * 7919u + seed) % 25000u] = i + 1u;
    out[i] = a[(i * 7919u + seed) % 25000u];
}
