/*
 * Work-items of different work-groups racing on the same memory: each takes a
 * ticket from a global counter (atomic_inc), every work-item overwrites one
 * shared word with its id (plain stores racing), and each work-group's first
 * work-item reads the shared word once its stores have gone (a racing load).
 * Which ticket a work-item gets, which id the shared word ends with and what the
 * loads see depend on how the work-groups interleave: on a simulator they must
 * still be the same run to run and at any host thread count.
 */
__kernel void race(__global uint *counter, __global uint *tickets, __global uint *last,
                   __global uint *seen)
{
    uint gid = get_global_id(0);
    tickets[gid] = atomic_inc(counter);
    last[0] = gid;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        seen[get_group_id(0)] = last[0];
}
