/*
 * microbench: microbenchmarks of gcnsim's timing model, from kernel durations in
 * profiling events.
 *
 *   alu   a dependent chain of VALU instructions on one wavefront: cycles per
 *         instruction (the SIMD's 4-cycle occupancy of a 64-lane instruction);
 *   issue the same chain on a work-group of 4 wavefronts, one per SIMD: cycles per
 *         VALU instruction of the compute unit (the issue arbiter's VALU throughput);
 *   l1    a pointer chase around a 1 KiB ring (L1 vector cache hits);
 *   l2    around a 64 KiB ring: larger than the L1 (16 KiB), smaller than the L2;
 *   dram  along an 8 MiB ring: four times the L2 (2 MiB), so that the start of the
 *         ring, which the chase walks, is no longer cached after the ring was made
 *         (each measured launch walks a ring of its own);
 *   bank  4 chases at once, one per work-item, whose every node is in one DRAM bank
 *         (each in a row of its own): each hop's 4 loads queue on that bank;
 *   queue 10 chases at once, one per work-item, each hop one load of 10 DRAM accesses
 *         on one controller and rank: two on one bank, then one on each of the next 8
 *         banks. The second waits for its bank; the others' banks are free, but with
 *         a command queue of few entries per rank they wait for entries, which the
 *         first two hold until their row activations;
 *   wide  64 chases at once, one per lane of a wavefront, nodes 64 bytes apart: each
 *         hop is one vector load of 64 lines of one page, all L1 hits, whose requests
 *         leave one a cycle and may wait for a place in the L1 (its requests in
 *         flight);
 *   fetch a loop of four dependent scalar instructions and its branch, on one wavefront:
 *         the branch empties the instruction buffer, so every pass fetches its line
 *         again from the L1 instruction cache;
 *   mixed 64 chases at once like wide, but only lane 0's stays on one line (an L1 hit,
 *         its request the first to leave, as the lowest address); the other 63 each
 *         walk 8 nodes 4 KiB apart, whose lines no L1 set keeps (8 lines to a 4-way
 *         set, none in lane 0's set) but the L2 does: each hop is one L1 hit followed
 *         by 63 L2 hits, which on the R9 Nano come back sooner than the hit. With the
 *         answers taken in request order, one a cycle (gpu.cu.vector_answers_in_order),
 *         the 63 wait for the hit and then take a cycle each.
 *
 * Each measurement is the difference of two launches of different lengths (so the
 * launch, the first misses and the kernel's prologue cancel) divided by the
 * difference in instructions or hops. The chase is one dependent 8-byte load per
 * hop with no arithmetic in between, one line (64 B) apart.
 *
 * Every kernel's result is checked against the host's. With --check-timing (for
 * gcnsim in timing mode; PoCL has no such model) the measurements are also
 * checked, within 5 %, against the expected cycles given as options, which the
 * CMake file derives from the configuration the run uses:
 *   --alu-cycles   cycles per dependent VALU instruction (decode, then the SIMD's 4
 *                  cycles);
 *   --load-cycles  cycles a load spends in the compute unit: from its issue to its
 *                  request leaving the vector memory unit, plus the cycle its answer
 *                  takes to reach the arbiter and the cycle of the s_waitcnt that waited
 *                  for it;
 *   --l1-cycles    cycles from a request leaving the compute unit to its data on an L1
 *                  hit (L1 TLB and L1 vector cache latencies);
 *   --l2-cycles    the same on an L2 hit (L1 TLB, the L1's tag lookup, the crossbar
 *                  both ways and the L2);
 *   --dram-cycles  the same from DRAM (adding DRAM latency and a line's transfer).
 *   --dram-bytes-per-cycle  bytes per cycle a stream of loads from every compute unit
 *                  reads out of DRAM: every channel's bus busy (controllers × bytes
 *                  per cycle each).
 *   --issue-centicycles  hundredths of a cycle per VALU instruction of the compute unit
 *                  with 4 wavefronts, one per SIMD.
 *   --turn-cycles  cycles between a SIMD's issue turns: 1 with MGPUSim's sticky arbiter
 *                  (any cycle), 4 with GCN3's round robin.
 *   --bank-stride  bytes between two rows of one DRAM bank (controllers × interleave ×
 *                  banks); 0 (the default) skips the bank measurement;
 *   --bank-cycles  cycles between two accesses to one bank: the larger of the bank's
 *                  busy cycles and a line's transfer on the channel. A bank hop takes a
 *                  DRAM hop plus 3 of them (the last of 4 loads waits for 3).
 *   --l1-in-flight  requests the L1 vector cache holds at once, hits included (0: no
 *                  limit); with --l1-tlb-cycles and --l1v-cycles (the L1 TLB's and the
 *                  L1's own latencies) it gives the wide hop's latency.
 *   --fetch-cycles cycles per pass of the fetch loop: each scalar instruction's decode
 *                  and unit stages, the branch unit's stages (it has no decoder), then
 *                  the fetch (the instruction cache's hit latency) and the cycle its
 *                  answer takes to reach the arbiter, each rounded up to the SIMD's
 *                  turns; 0 (the default) prints the measurement without checking it.
 *   --cu-window    vector memory requests a compute unit has in flight at once (0: no
 *                  limit; with answers taken in request order): a request leaves only
 *                  once the answer of the request that many before it has come back and
 *                  every answer before that one too, one request a cycle.
 *   --bank-step    bytes between two banks of one controller (interleave ×
 *                  controllers); with --bank-stride, measures the queue hop (0, the
 *                  default: not measured);
 *   --queue-entries  accesses a rank's command queue holds (0: no limit), each from
 *                  entering (in order of arrival, when an entry is free) to its read or
 *                  write command, --activate-cycles after its access starts (when its
 *                  bank is free: --bank-cycles after the bank's last access started);
 *   --mixed-hop    measure the mixed hop (valid while the L1's MSHRs do not hold back its
 *                  63 misses: each holds one for less than a cycle per MSHR);
 *   --in-order-answers  1: the compute unit takes vector memory answers in request
 *                  order, one a cycle (the mixed hop's latency is 63 + the larger of the
 *                  L1 and L2 hit's); 0: as they arrive (the larger of the L1 hit's and
 *                  63 + the L2 hit's).
 * A hop takes the load's cycles in the compute unit plus its memory latency (each
 * rounded up to the SIMD's turns).
 */
#include "workload.h"

#include <math.h>

static unsigned long check_timing, clock_mhz = 1000;
static unsigned long alu_cycles = 5, load_cycles = 71, turn_cycles = 1;
/* Hundredths of a cycle. */
static unsigned long issue_centicycles = 125;
static unsigned long l1_cycles = 21, l2_cycles = 33, dram_cycles = 134;
/* Bytes per cycle the GPU reads from DRAM at most (0: not checked). */
static unsigned long dram_bytes_per_cycle;
/* Bytes between two rows of a DRAM bank (0: not measured); cycles per access of a bank. */
static unsigned long bank_stride, bank_cycles;
/* Requests a cache holds at once (0: no limit), and the L1 TLB's and L1 vector cache's
 * own latencies (for the wide measurement). */
static unsigned long l1_in_flight, l1_tlb_cycles = 12, l1v_cycles = 62;
/* Cycles per pass of the fetch loop (0: not checked). */
static unsigned long fetch_cycles;
/* Vector memory requests a compute unit has in flight at once (0: no limit). */
static unsigned long cu_window;
/* Bytes between two banks of a controller (0: no queue hop); command queue entries per
 * rank (0: no limit); cycles from an access's start to its read or write command. */
static unsigned long bank_step, queue_entries, activate_cycles = 14;
/* Whether the mixed hop is measured, and whether answers are taken in request order. */
static unsigned long mixed_hop, in_order_answers = 1;

static cl_ulong run_1(struct wl_device *dev, cl_kernel k)
{
    size_t one = 1;
    return wl_run(dev->queue, k, 1, &one, &one);
}

static double cycles(double ns)
{
    return ns * (double)clock_mhz / 1000.0;
}

/* Records whether `got` is within 5 % of `want` (when timing is checked). */
static void check_close(const char *what, double got, double want)
{
    printf("%s: %.2f (expected %.2f)\n", what, got, want);
    if (check_timing)
        ta_check(fabs(got - want) <= 0.05 * want, "%s: %.2f within 5%% of %.2f", what, got,
                 want);
}

/* Expected cycles of a hop whose load takes `latency` cycles in memory (see the top):
 * the load's cycles in the compute unit, but the s_waitcnt and the next load issue only
 * on their SIMD's turn, every `turn_cycles`. */
static double hop_cycles(unsigned long latency)
{
    unsigned long waited = load_cycles - 1 + latency;
    return (double)(turn_cycles * ((waited + turn_cycles - 1) / turn_cycles) + turn_cycles);
}

/* Cycles per VALU instruction of `waves` wavefronts (work-groups of at most 4) running
 * the dependent chain at once: the difference of two launches over the difference in
 * VALU instructions of all wavefronts. */
static double alu_chain(struct wl_device *dev, size_t waves)
{
    cl_int err;
    cl_kernel k = wl_kernel(dev->program, "alu_chain");
    size_t items = waves * 64, local = items < 256 ? items : 256;
    cl_mem out = clCreateBuffer(dev->context, CL_MEM_WRITE_ONLY, items * 4, NULL, &err);
    TA_CHECK(err);
    cl_uint a = 0x9e3779b9u, b = 12345;
    /* The first launch warms the instruction cache for the two measured ones. */
    const cl_uint rounds[3] = {8, 8, 72};
    cl_ulong ns[3];
    cl_uint *got = malloc(items * sizeof *got);
    for (int i = 0; i < 3; i++) {
        WL_ARG(k, 0, out);
        WL_ARG(k, 1, rounds[i]);
        WL_ARG(k, 2, a);
        WL_ARG(k, 3, b);
        ns[i] = wl_run(dev->queue, k, 1, &items, &local);
        wl_read(dev->queue, out, items * 4, got);
        for (size_t id = 0; id < items; id++) {
            cl_uint want = (cl_uint)id;
            for (cl_uint r = 0; r < rounds[i] * 256; r++)
                want = (want ^ a) + b;
            if (got[id] != want) {
                ta_check(0, "alu_chain(%u rounds)[%zu] = %#x (want %#x)", rounds[i], id, got[id],
                         want);
                break;
            }
        }
    }
    free(got);
    clReleaseMemObject(out);
    clReleaseKernel(k);
    return cycles((double)(ns[2] - ns[1])) / ((rounds[2] - rounds[1]) * 256.0 * 2.0 * waves);
}

/* A ring of `n` pointers, each to the one `stride` further on (the kernel make_ring). */
static cl_mem make_ring(struct wl_device *dev, size_t bytes, cl_uint n, cl_uint stride)
{
    cl_int err;
    cl_mem ring = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    TA_CHECK(err);
    cl_kernel make = wl_kernel(dev->program, "make_ring");
    WL_ARG(make, 0, ring);
    WL_ARG(make, 1, n);
    WL_ARG(make, 2, stride);
    size_t global = wl_round_up(n, 64), local = 64;
    wl_run(dev->queue, make, 1, &global, &local);
    clReleaseKernel(make);
    return ring;
}

/* Cycles per hop around a ring of `bytes`, stepping one 64-byte line a hop. With
 * `fresh`, each launch walks a ring of its own, made (by a kernel, which leaves its lines
 * in the L2) just before it, so both measured launches start alike: caches keep their
 * lines from one kernel to the next unless a host copy came between (the platform's
 * gpu.host_copies_invalidate_caches), and the result is read after each launch. */
static double chase(struct wl_device *dev, const char *what, size_t bytes, cl_uint short_hops,
                    cl_uint long_hops, int warm_up, int fresh)
{
    cl_int err;
    cl_uint n = (cl_uint)(bytes / 8), stride = 8;
    cl_mem ring = make_ring(dev, bytes, n, stride);
    cl_mem out = clCreateBuffer(dev->context, CL_MEM_WRITE_ONLY, 4, NULL, &err);
    TA_CHECK(err);
    cl_kernel k = wl_kernel(dev->program, "chase");
    const cl_uint hops[3] = {short_hops, short_hops, long_hops};
    cl_ulong ns[3];
    for (int i = warm_up ? 0 : 1; i < 3; i++) {
        if (fresh && i > 1) {
            clReleaseMemObject(ring);
            ring = make_ring(dev, bytes, n, stride);
        }
        WL_ARG(k, 0, ring);
        WL_ARG(k, 1, out);
        WL_ARG(k, 2, hops[i]);
        ns[i] = run_1(dev, k);
        cl_uint got;
        wl_read(dev->queue, out, 4, &got);
        cl_uint want = (cl_uint)(((unsigned long long)hops[i] * stride) % n);
        ta_check(got == want, "%s: chase(%u hops) reached %u (want %u)", what, hops[i], got, want);
    }
    clReleaseKernel(k);
    clReleaseMemObject(out);
    clReleaseMemObject(ring);
    return cycles((double)(ns[2] - ns[1])) / (double)(long_hops - short_hops);
}

/* Cycles per hop of `lanes` chases at once, one per work-item of one wavefront, along
 * rings of `nodes` nodes `step` ulongs apart (make_bank_rings; the first `pinned` stay
 * on one node): the difference of the last two of three launches of `hops` (multiples
 * of 4) hops, the first unmeasured (it makes the translations warm); with `flush` each
 * launch follows a host read, which empties the caches. */
static double lane_chase(struct wl_device *dev, const char *what, cl_uint lanes, cl_uint nodes,
                         cl_uint step, cl_uint pinned, const cl_uint hops[3], int flush)
{
    cl_int err;
    cl_mem ring = clCreateBuffer(dev->context, CL_MEM_READ_WRITE,
                                 (size_t)lanes * nodes * step * 8, NULL, &err);
    TA_CHECK(err);
    cl_mem out = clCreateBuffer(dev->context, CL_MEM_WRITE_ONLY, lanes * 4, NULL, &err);
    TA_CHECK(err);
    cl_kernel make = wl_kernel(dev->program, "make_bank_rings");
    WL_ARG(make, 0, ring);
    WL_ARG(make, 1, lanes);
    WL_ARG(make, 2, nodes);
    WL_ARG(make, 3, step);
    WL_ARG(make, 4, pinned);
    size_t global = wl_round_up(lanes * nodes, 64), local = 64;
    wl_run(dev->queue, make, 1, &global, &local);
    clReleaseKernel(make);
    cl_kernel k = wl_kernel(dev->program, "bank_chase");
    cl_ulong ns[3];
    size_t items = lanes;
    cl_uint *got = malloc(lanes * sizeof *got);
    for (int i = 0; i < 3; i++) {
        WL_ARG(k, 0, ring);
        WL_ARG(k, 1, out);
        WL_ARG(k, 2, hops[i]);
        WL_ARG(k, 3, step);
        ns[i] = wl_run(dev->queue, k, 1, &items, &items);
        if (flush || i == 2)
            wl_read(dev->queue, out, lanes * 4, got);
        for (cl_uint l = 0; l < lanes && (flush || i == 2); l++) {
            cl_uint want = l < pinned ? l : hops[i] % nodes * lanes + l;
            ta_check(got[l] == want, "%s: chase %u (%u hops) reached %u (want %u)", what, l,
                     hops[i], got[l], want);
        }
    }
    free(got);
    clReleaseKernel(k);
    clReleaseMemObject(out);
    clReleaseMemObject(ring);
    return cycles((double)(ns[2] - ns[1])) / (double)(hops[2] - hops[1]);
}

/* Cycles per hop of 4 chases at once whose nodes are all in one DRAM bank (rings of 8
 * nodes `bank_stride` apart per chase: 32 pages, which the L1 TLB keeps). Each launch
 * follows a host read, which empties the caches but keeps translations warm: every hop
 * misses to DRAM. */
static double bank_chase(struct wl_device *dev)
{
    const cl_uint hops[3] = {8, 4, 8};
    return lane_chase(dev, "bank", 4, 8, (cl_uint)(bank_stride / 8), 0, hops, 1);
}

/* Lanes of the queue hop: two on one bank, then one on each of the next 8 banks. */
#define QUEUE_LANES 10

/* Cycles per hop of the QUEUE_LANES chases of make_queue_rings, rings of 8 nodes, a DRAM
 * row apart (9 × 64 KiB on the R9 Nano: 50 pages, which the L1 TLB keeps): the
 * difference of the last two of three launches of 8, 4 and 8 hops, each after a host
 * read, which empties the caches but keeps translations warm, so every load misses to
 * DRAM. */
static double queue_chase(struct wl_device *dev)
{
    cl_int err;
    const cl_uint lanes = QUEUE_LANES, nodes = 8, hops[3] = {8, 4, 8};
    const cl_ulong row = bank_stride, step = bank_step;
    cl_mem ring = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, (nodes + 1) * row, NULL,
                                 &err);
    TA_CHECK(err);
    cl_mem start = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, lanes * 8, NULL, &err);
    TA_CHECK(err);
    cl_mem out = clCreateBuffer(dev->context, CL_MEM_WRITE_ONLY, lanes * 4, NULL, &err);
    TA_CHECK(err);
    cl_kernel make = wl_kernel(dev->program, "make_queue_rings");
    WL_ARG(make, 0, ring);
    WL_ARG(make, 1, start);
    WL_ARG(make, 2, lanes);
    WL_ARG(make, 3, nodes);
    WL_ARG(make, 4, row);
    WL_ARG(make, 5, step);
    size_t global = wl_round_up(lanes * nodes, 64), local = 64;
    wl_run(dev->queue, make, 1, &global, &local);
    clReleaseKernel(make);
    cl_kernel k = wl_kernel(dev->program, "queue_chase");
    size_t items = lanes;
    cl_ulong ns[3];
    cl_uint got[QUEUE_LANES];
    for (int i = 0; i < 3; i++) {
        WL_ARG(k, 0, start);
        WL_ARG(k, 1, out);
        WL_ARG(k, 2, hops[i]);
        WL_ARG(k, 3, row);
        ns[i] = wl_run(dev->queue, k, 1, &items, &items);
        wl_read(dev->queue, out, sizeof got, got);
        for (cl_uint l = 0; l < lanes; l++)
            ta_check(got[l] == hops[i] % nodes, "queue: chase %u (%u hops) reached %u (want %u)",
                     l, hops[i], got[l], hops[i] % nodes);
    }
    clReleaseKernel(k);
    clReleaseMemObject(out);
    clReleaseMemObject(start);
    clReleaseMemObject(ring);
    return cycles((double)(ns[2] - ns[1])) / (double)(hops[2] - hops[1]);
}

/* Cycles per hop of 64 chases at once, one per lane, whose nodes are 64 bytes apart: each
 * hop is one vector load of 64 lines of one page, all L1 hits (2 nodes per chase: 8 KiB,
 * which the L1 keeps between launches). */
static double wide_chase(struct wl_device *dev)
{
    const cl_uint hops[3] = {8, 8, 40};
    return lane_chase(dev, "wide", 64, 2, 8, 0, hops, 0);
}

/* Cycles per hop of 64 chases at once, one per lane, with lane 0's on one line and the
 * others' along rings of 8 nodes: node n of lane l is line n × 64 + l, so a hop's lines
 * are lane 0's line and then 63 in the 63 other L1 sets of a 4 KiB block (the L1 has
 * 64 sets of 4 ways, 4 KiB apart), the next hop the next block's: every set but lane
 * 0's sees 8 lines in turn and keeps none, lane 0's line stays. The 32 KiB stay in the
 * L2 (no host copy between the launches). Hop counts are multiples of 8, so every
 * launch starts on node 0. */
static double mixed_chase(struct wl_device *dev)
{
    const cl_uint hops[3] = {8, 8, 40};
    return lane_chase(dev, "mixed", 64, 8, 8, 1, hops, 0);
}

/* Bytes per cycle read by a stream of float4 loads from every compute unit, out of
 * DRAM: the difference between a pass over 32 MiB and one over 16 MiB (each launch
 * after a host read, which empties the caches but keeps translations warm, and after
 * an unmeasured pass that makes them warm). */
static double stream_bytes_per_cycle(struct wl_device *dev)
{
    cl_int err;
    const size_t items = 65536, bytes = 32u << 20;
    const cl_uint rounds[3] = {32, 16, 32};
    cl_mem in = clCreateBuffer(dev->context, CL_MEM_READ_ONLY, bytes, NULL, &err);
    TA_CHECK(err);
    float zero = 0.0f;
    TA_CHECK(clEnqueueFillBuffer(dev->queue, in, &zero, sizeof zero, 0, bytes, 0, NULL, NULL));
    cl_mem out = clCreateBuffer(dev->context, CL_MEM_WRITE_ONLY, items * sizeof(float), NULL,
                                &err);
    TA_CHECK(err);
    cl_kernel k = wl_kernel(dev->program, "stream");
    WL_ARG(k, 0, in);
    WL_ARG(k, 1, out);
    cl_ulong ns[3];
    size_t local = 256;
    for (int i = 0; i < 3; i++) {
        WL_ARG(k, 2, rounds[i]);
        ns[i] = wl_run(dev->queue, k, 1, &items, &local);
        float first;
        wl_read(dev->queue, out, sizeof first, &first);
        ta_check(first == 0.0f, "stream: sum %g (want 0)", first);
    }
    clReleaseKernel(k);
    clReleaseMemObject(out);
    clReleaseMemObject(in);
    double extra = (double)(rounds[2] - rounds[1]) * (double)items * 16.0;
    return extra / cycles((double)(ns[2] - ns[1]));
}

/* Cycles from the first of `lines` requests (one per cycle) leaving the compute unit to
 * its taking the last one's answer, all L1 hits: each passes the L1 TLB, then holds one of the L1's
 * `l1_in_flight` places for the L1's latency; with no limit, or more places than
 * requests, the last leaves `lines` - 1 cycles after the first. */
static unsigned long window_latency(unsigned long lines, unsigned long first,
                                    unsigned long others);

static unsigned long wide_latency(unsigned long lines)
{
    if (cu_window)
        return window_latency(lines, l1_cycles, l1_cycles);
    if (l1_in_flight == 0 || l1_in_flight >= lines)
        return lines - 1 + l1_cycles;
    unsigned long rounds = (lines + l1_in_flight - 1) / l1_in_flight;
    unsigned long last = (lines - 1) % l1_in_flight;
    return l1_tlb_cycles + (rounds - 1) * l1v_cycles + last + l1v_cycles;
}

/* Cycles per pass of branch_loop on one work-item: the difference of two launches (after
 * one that warms the instruction cache) over the difference in passes. */
static double branch_loop(struct wl_device *dev)
{
    cl_int err;
    cl_kernel k = wl_kernel(dev->program, "branch_loop");
    cl_mem out = clCreateBuffer(dev->context, CL_MEM_WRITE_ONLY, 4, NULL, &err);
    TA_CHECK(err);
    const cl_uint a = 0x9e3779b9u, rounds[3] = {64, 64, 576};
    cl_ulong ns[3];
    for (int i = 0; i < 3; i++) {
        WL_ARG(k, 0, out);
        WL_ARG(k, 1, rounds[i]);
        WL_ARG(k, 2, a);
        ns[i] = run_1(dev, k);
        cl_uint got, want = a;
        wl_read(dev->queue, out, 4, &got);
        for (cl_uint r = 0; r < rounds[i]; r++)
            want = (want ^ a) + r;
        ta_check(got == want, "branch_loop(%u) = %#x (want %#x)", rounds[i], got, want);
    }
    clReleaseMemObject(out);
    clReleaseKernel(k);
    return cycles((double)(ns[2] - ns[1])) / (double)(rounds[2] - rounds[1]);
}

/* Cycles from the first of `lines` requests (one per cycle) leaving the compute unit to
 * its taking the last one's answer, the first an L1 hit and the others L2 hits, which
 * arrive before the hit when the L2 is the faster. In request order, one a cycle, the
 * answer to request i (arriving at i + l2 for a miss) is taken at the later of its
 * arrival and the cycle after the answer before it: the last at `lines` - 1 + the larger
 * of the two latencies. As they arrive, the last is taken when the later of the hit
 * and the last miss arrives. */
static unsigned long mixed_latency(unsigned long lines)
{
    if (cu_window)
        return window_latency(lines, l1_cycles, l2_cycles);
    if (in_order_answers)
        return lines - 1 + (l1_cycles > l2_cycles ? l1_cycles : l2_cycles);
    unsigned long last_miss = lines - 1 + l2_cycles;
    return l1_cycles > last_miss ? l1_cycles : last_miss;
}

/* The same (`lines` requests, the first answered `first` cycles after it leaves, the
 * others `others` cycles after), with at most `cu_window` requests in flight and answers
 * taken in request order, one a cycle. Answer j comes back to the compute unit, freeing
 * a place, once it and every answer before it have arrived: at R(j), the latest arrival
 * among answers 0..j. Request k leaves a cycle after request k - 1, and not before the
 * place answer k - cu_window held is free: L(k) = max(L(k - 1) + 1, R(k - cu_window));
 * it arrives at A(k) = L(k) + its latency and is taken at T(k) = max(R(k), T(k - 1) + 1).
 */
static unsigned long window_latency(unsigned long lines, unsigned long first,
                                    unsigned long others)
{
    unsigned long left[64] = {0}, back[64] = {0}, taken = 0;
    for (unsigned long k = 0; k < lines && k < 64; k++) {
        left[k] = k == 0 ? 0 : left[k - 1] + 1;
        if (k >= cu_window && back[k - cu_window] > left[k])
            left[k] = back[k - cu_window];
        unsigned long arrives = left[k] + (k == 0 ? first : others);
        back[k] = k == 0 || arrives > back[k - 1] ? arrives : back[k - 1];
        taken = k == 0 || back[k] > taken + 1 ? back[k] : taken + 1;
    }
    return taken;
}

/* Cycles from the queue hop's first request leaving the compute unit to its last answer.
 * Its accesses reach the controller in lane order, one a cycle: access i at cycle i.
 * Each enters its rank's queue when the one before it has and, with `queue_entries`,
 * an entry is free (taking the first to free); starts when it has entered and its bank
 * is free; holds its entry until `activate_cycles` after its start and its bank for
 * `bank_cycles`; and is answered `dram_cycles` after its start (a single access's
 * latency), taken then or, with answers taken in request order, one a cycle, not before
 * the cycle after the answer before it. The 8 banks' transfers on the channel (a line
 * in 4 cycles on the R9 Nano) end before the second access's data is ready, so they
 * hold no answer back. */
static unsigned long queue_latency(void)
{
    unsigned long bank_free[QUEUE_LANES] = {0}, leaving[QUEUE_LANES];
    unsigned long held = 0, entered = 0, taken = 0;
    for (unsigned long i = 0; i < QUEUE_LANES; i++) {
        unsigned long bank = i < 2 ? 0 : i - 1, at = i > entered ? i : entered;
        if (queue_entries) {
            unsigned long kept = 0;
            for (unsigned long e = 0; e < held; e++)
                if (leaving[e] > at)
                    leaving[kept++] = leaving[e];
            held = kept;
            if (held >= queue_entries) {
                unsigned long first = 0;
                for (unsigned long e = 1; e < held; e++)
                    if (leaving[e] < leaving[first])
                        first = e;
                at = leaving[first];
                leaving[first] = leaving[--held];
            }
        }
        entered = at;
        unsigned long start = at > bank_free[bank] ? at : bank_free[bank];
        if (queue_entries)
            leaving[held++] = start + activate_cycles;
        bank_free[bank] = start + bank_cycles;
        unsigned long answered = dram_cycles + start;
        if (in_order_answers && i > 0 && taken + 1 > answered)
            answered = taken + 1;
        taken = answered > taken ? answered : taken;
    }
    return taken;
}

int main(int argc, char **argv)
{
    const struct wl_option options[] = {
        {"--check-timing", "check measurements against the expected cycles", &check_timing, 1},
        {"--clock-mhz", "GPU clock (MHz)", &clock_mhz, 0},
        {"--alu-cycles", "expected cycles per dependent VALU instruction", &alu_cycles, 0},
        {"--load-cycles", "expected cycles of a load in the compute unit", &load_cycles, 0},
        {"--turn-cycles", "cycles between a SIMD's issue turns (1: any cycle)", &turn_cycles,
         0},
        {"--issue-centicycles", "expected hundredths of a cycle per VALU instruction of 4 "
                                "wavefronts", &issue_centicycles, 0},
        {"--l1-cycles", "expected cycles of an L1 hit", &l1_cycles, 0},
        {"--l2-cycles", "expected cycles of an L2 hit", &l2_cycles, 0},
        {"--dram-cycles", "expected cycles of a DRAM access", &dram_cycles, 0},
        {"--dram-bytes-per-cycle", "expected DRAM read bandwidth (bytes per cycle)",
         &dram_bytes_per_cycle, 0},
        {"--bank-stride", "bytes between two rows of one DRAM bank (0: no bank test)",
         &bank_stride, 0},
        {"--bank-cycles", "expected cycles between two accesses to one DRAM bank", &bank_cycles,
         0},
        {"--bank-step", "bytes between two banks of one DRAM controller (0: no queue test)",
         &bank_step, 0},
        {"--queue-entries", "accesses a DRAM rank's command queue holds (0: no limit)",
         &queue_entries, 0},
        {"--activate-cycles", "cycles from a DRAM access's start to its read or write command",
         &activate_cycles, 0},
        {"--l1-in-flight", "requests the L1 vector cache holds at once (0: no limit)",
         &l1_in_flight, 0},
        {"--l1-tlb-cycles", "L1 TLB latency (cycles)", &l1_tlb_cycles, 0},
        {"--l1v-cycles", "L1 vector cache latency (cycles)", &l1v_cycles, 0},
        {"--fetch-cycles", "expected cycles per pass of the fetch loop (0: not checked)",
         &fetch_cycles, 0},
        {"--cu-window", "vector memory requests a compute unit has in flight at once (0: no "
                        "limit)", &cu_window, 0},
        {"--mixed-hop", "measure the hop of an L1 hit and 63 L2 hits", &mixed_hop, 1},
        {"--in-order-answers", "1: vector memory answers taken in request order, one a "
                               "cycle; 0: as they arrive", &in_order_answers, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    struct wl_device dev;
    wl_open(&dev, "microbench.cl", NULL);

    check_close("alu: cycles per dependent VALU instruction", alu_chain(&dev, 1),
                (double)alu_cycles);
    check_close("issue: cycles per VALU instruction of the compute unit", alu_chain(&dev, 4),
                issue_centicycles / 100.0);
    double l1 = chase(&dev, "l1", 1024, 512, 4608, 1, 0);
    double l2 = chase(&dev, "l2", 64 * 1024, 2048, 6144, 0, 1);
    double dram = chase(&dev, "dram", 8 * 1024 * 1024, 1024, 5120, 0, 1);
    check_close("l1: cycles per hop", l1, hop_cycles(l1_cycles));
    check_close("l2: cycles per hop", l2, hop_cycles(l2_cycles));
    check_close("dram: cycles per hop", dram, hop_cycles(dram_cycles));
    if (bank_stride)
        check_close("bank: cycles per hop", bank_chase(&dev),
                    hop_cycles(dram_cycles + 3 * bank_cycles));
    if (bank_stride && bank_step)
        check_close("queue: cycles per hop of 10 DRAM accesses on 9 banks", queue_chase(&dev),
                    hop_cycles(queue_latency()));
    check_close("wide: cycles per hop of 64 lines", wide_chase(&dev),
                hop_cycles(wide_latency(64)));
    double fetch = branch_loop(&dev);
    if (fetch_cycles)
        check_close("fetch: cycles per loop pass", fetch, (double)fetch_cycles);
    else
        printf("fetch: cycles per loop pass: %.2f\n", fetch);
    if (mixed_hop)
        check_close("mixed: cycles per hop of an L1 hit and 63 L2 hits", mixed_chase(&dev),
                    hop_cycles(mixed_latency(64)));
    double bandwidth = stream_bytes_per_cycle(&dev);
    if (dram_bytes_per_cycle)
        check_close("dram: bytes read per cycle", bandwidth, (double)dram_bytes_per_cycle);
    else
        printf("dram: bytes read per cycle: %.1f\n", bandwidth);
    wl_close(&dev);
    return ta_finish();
}
