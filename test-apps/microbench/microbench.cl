/* Microbenchmarks of the timing model: a dependent ALU chain and pointer chases. */

/* ROUNDS × 256 dependent steps of (x ^ a) + b: two dependent VALU instructions each
 * (256 per round, so that the loop's own instructions add little). */
__kernel void alu_chain(__global uint *out, uint rounds, uint a, uint b)
{
    uint x = get_global_id(0);
    for (uint r = 0; r < rounds; r++) {
#pragma unroll
        for (int i = 0; i < 256; i++)
            x = (x ^ a) + b;
    }
    out[get_global_id(0)] = x;
}

/* ring[i] points at ring[(i + stride) % n]: a ring of pointers. */
__kernel void make_ring(__global ulong *ring, uint n, uint stride)
{
    uint i = get_global_id(0);
    if (i < n)
        ring[i] = (ulong)(ring + (i + stride) % n);
}

/* Follows the ring for `hops` hops (a multiple of 8) from ring[0] (launched with one
 * work-item); stores the index reached. Each hop is one load whose address is the
 * previous load's value, with no arithmetic in between. The start depends on the
 * work-item id so that the loads are vector loads (a uniform address would let the
 * compiler use the scalar cache). */
__kernel void chase(__global ulong *ring, __global uint *out, uint hops)
{
    __global ulong *p = ring + get_local_id(0);
    for (uint h = 0; h < hops; h += 8) {
#pragma unroll
        for (int i = 0; i < 8; i++)
            p = (__global ulong *)*p;
    }
    out[0] = (uint)(p - ring);
}

/* Streams `rounds` × global size float4s from `in` (each round one coalesced pass of
 * 16 bytes per work-item, the next round the next block) and stores one sum per
 * work-item: reads at the memory system's full rate. */
__kernel void stream(__global const float4 *in, __global float *out, uint rounds)
{
    size_t n = get_global_size(0);
    float4 s = 0.0f;
    for (uint r = 0; r < rounds; r++)
        s += in[r * n + get_global_id(0)];
    out[get_global_id(0)] = s.x + s.y + s.z + s.w;
}

/* `lanes` rings of `nodes` nodes, `step` ulongs apart: node n of ring l is element
 * (n × lanes + l) × step and points at node n + 1 of the same ring (the last at the
 * first), except that the rings of the first `pinned` lanes stay on their node 0 (it
 * points at itself). With `step` × 8 bytes the distance between two rows of one DRAM
 * bank, every node is in the same bank of the same controller, each in a row of its
 * own. */
__kernel void make_bank_rings(__global ulong *ring, uint lanes, uint nodes, uint step,
                              uint pinned)
{
    uint i = get_global_id(0);
    if (i < lanes * nodes) {
        uint next = i % lanes < pinned ? i : (i / lanes + 1) % nodes * lanes + i % lanes;
        ring[(size_t)i * step] = (ulong)(ring + (size_t)next * step);
    }
}

/* Follows ring get_local_id(0) of make_bank_rings for `hops` hops (a multiple of 4):
 * each hop is one vector load of as many addresses as work-items, all in one DRAM bank.
 * Stores the node index reached by each work-item. */
__kernel void bank_chase(__global ulong *ring, __global uint *out, uint hops, uint step)
{
    __global ulong *p = ring + (size_t)get_local_id(0) * step;
    for (uint h = 0; h < hops; h += 4) {
#pragma unroll
        for (int i = 0; i < 4; i++)
            p = (__global ulong *)*p;
    }
    out[get_local_id(0)] = (uint)((p - ring) / step);
}

/* Rings for the command-queue hop in the first `row`-aligned part of `buf`, where `row`
 * is the distance between two rows of one DRAM bank, so that part starts at bank 0 of
 * the first controller. Lane 0's node n is at n × row, lane 1's 64 bytes further (the
 * same bank, another line) and lane l ≥ 2's at n × row + (l - 1) × bank_step: bank l - 1
 * of the same controller (`bank_step` = interleave × controllers). Each node points at
 * its lane's next (the last at the first); start[l] is lane l's node 0. */
__kernel void make_queue_rings(__global ulong *buf, __global ulong *start, uint lanes,
                               uint nodes, ulong row, ulong bank_step)
{
    uint i = get_global_id(0);
    if (i >= lanes * nodes)
        return;
    uint l = i % lanes, n = i / lanes;
    ulong base = ((ulong)buf + row - 1) / row * row;
    ulong lane = l == 0 ? 0 : l == 1 ? 64 : (l - 1) * bank_step;
    __global ulong *node = (__global ulong *)(base + n * row + lane);
    *node = base + (n + 1) % nodes * row + lane;
    if (n == 0)
        start[l] = (ulong)node;
}

/* Follows ring get_local_id(0) of make_queue_rings from start[] for `hops` hops (a
 * multiple of 4): each hop is one vector load of the lanes' nodes. Stores the node
 * number each work-item reached. */
__kernel void queue_chase(__global const ulong *start, __global uint *out, uint hops,
                          ulong row)
{
    uint l = get_local_id(0);
    __global ulong *p = (__global ulong *)start[l];
    for (uint h = 0; h < hops; h += 4) {
#pragma unroll
        for (int i = 0; i < 4; i++)
            p = (__global ulong *)*p;
    }
    out[l] = (uint)(((ulong)p - start[l]) / row);
}

/* `rounds` passes of a loop the compiler keeps (not unrolled), each one dependent scalar
 * step and the loop's branch (launched with one work-item, so every value is uniform and
 * lives in scalar registers). Every branch empties the wavefront's instruction buffer,
 * so each pass waits for its code to be fetched again: a pass takes the instruction
 * cache's hit latency plus the cycles of its few instructions. */
__kernel void branch_loop(__global uint *out, uint rounds, uint a)
{
    uint x = a;
#pragma nounroll
    for (uint r = 0; r < rounds; r++)
        x = (x ^ a) + r;
    out[0] = x;
}
