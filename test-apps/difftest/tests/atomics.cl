/* Atomic functions (OpenCL 1.2 6.12.11) on global and local memory. The order
 * of the work-items' updates is free, so only order-independent final values
 * are compared: every work-item updates counter i % 64 of the output
 * (init=index: counter k starts at k). */
#define GLOBAL_ATOMIC(name, T, op)                                      \
    kernel void name(global const T *xs, global T *out)                 \
    {                                                                   \
        size_t i = get_global_id(0);                                    \
        op(&out[i % 64], xs[i]);                                        \
    }
//@ atomic_add_g out=int in=int:any init=index
GLOBAL_ATOMIC(atomic_add_g, int, atomic_add)
//@ atomic_sub_g out=uint in=uint:any init=index
GLOBAL_ATOMIC(atomic_sub_g, uint, atomic_sub)
//@ atomic_min_g out=int in=int:any init=index
GLOBAL_ATOMIC(atomic_min_g, int, atomic_min)
//@ atomic_max_g out=uint in=uint:any init=index
GLOBAL_ATOMIC(atomic_max_g, uint, atomic_max)
//@ atomic_and_g out=uint in=uint:any init=fill:0xff
GLOBAL_ATOMIC(atomic_and_g, uint, atomic_and)
//@ atomic_or_g out=int in=int:range:0:65535 init=index
GLOBAL_ATOMIC(atomic_or_g, int, atomic_or)
//@ atomic_xor_g out=uint in=uint:any init=index
GLOBAL_ATOMIC(atomic_xor_g, uint, atomic_xor)
//@ atom_add_g out=int in=int:any init=index
GLOBAL_ATOMIC(atom_add_g, int, atom_add)

/* inc/dec: the final counts; xchg: a deterministic value (every work-item of
 * counter k exchanges the same value); cmpxchg: exactly one work-item per
 * counter wins, and the winner's value is the same for all. */
//@ atomic_inc_dec_g out=int in=int:range:0:1 init=index
kernel void atomic_inc_dec_g(global const int *xs, global int *out)
{
    size_t i = get_global_id(0);
    if (xs[i])
        atomic_inc(&out[i % 64]);
    else
        atomic_dec(&out[i % 64]);
}
//@ atomic_xchg_g out=int in=int:any init=index
kernel void atomic_xchg_g(global const int *xs, global int *out)
{
    size_t i = get_global_id(0);
    atomic_xchg(&out[i % 64], xs[i % 64]);
}
//@ atomic_xchg_f out=float in=float:any init=index
kernel void atomic_xchg_f(global const float *xs, global float *out)
{
    size_t i = get_global_id(0);
    atomic_xchg(&out[i % 64], xs[i % 64]);
}
//@ atomic_cmpxchg_g out=int in=int:any init=fill:0
kernel void atomic_cmpxchg_g(global const int *xs, global int *out)
{
    size_t i = get_global_id(0);
    int old = atomic_cmpxchg(&out[i % 64], 0, (int)(i % 64) + 1000);
    /* Exactly one winner per slot, whichever work-group runs first (counting only the
       winners after the first wavefront made the result depend on the order in which
       the implementation ran work-groups: PoCL under load sometimes ran a later one
       first). */
    atomic_add(&out[64 + i % 64], old == 0);
    atomic_add(&out[128 + i % 64], old != 0); /* losers */
}

/* Local memory: sums and extremes per work-group, then one global write. */
//@ atomics_local out=int in=int:any local=256
kernel void atomics_local(global const int *xs, global int *out)
{
    local int acc[8];
    size_t l = get_local_id(0), i = get_global_id(0);
    if (l < 8)
        acc[l] = l == 3 ? INT_MAX : l == 4 ? INT_MIN : l == 6 ? -1 : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&acc[0], xs[i]);
    atomic_sub(&acc[1], xs[i]);
    atomic_inc(&acc[2]);
    atomic_min(&acc[3], xs[i]);
    atomic_max(&acc[4], xs[i]);
    atomic_or(&acc[5], xs[i] & 0x0f0f);
    atomic_and(&acc[6], xs[i] | 0x10);
    atomic_xor(&acc[7], xs[i]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 8)
        out[get_group_id(0) * 8 + l] = acc[l];
}
//@ atomics_local_u out=uint in=uint:any local=64
kernel void atomics_local_u(global const uint *xs, global uint *out)
{
    local uint acc[4];
    size_t l = get_local_id(0), i = get_global_id(0);
    if (l < 4)
        acc[l] = l == 1 ? UINT_MAX : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_max(&acc[0], xs[i]);
    atomic_min(&acc[1], xs[i]);
    atomic_add(&acc[2], xs[i]);
    atomic_dec(&acc[3]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 4)
        out[get_group_id(0) * 4 + l] = acc[l];
}
