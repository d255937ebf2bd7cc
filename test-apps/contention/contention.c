/*
 * contention: what discrete GPUs share in simulated time (gcnsim only: the times
 * checked are gcnsim's simulated ones, in timing mode).
 *
 * 1. The IOMMU. A kernel whose work-items each read a float from a page of their own
 *    (PAGES pages, every one a TLB miss and a page walk) runs on GPU 0 alone, on GPU 1
 *    alone, then on both at once (each on fresh pages). Run with a platform file whose
 *    IOMMU has one walker of --walk-ns per walk, the walks dominate: alone, a kernel
 *    takes at least PAGES walks; with the GPUs on one timeline
 *    (platform.discrete_timeline = "shared", --shared 1) the one walker serves both
 *    kernels, so from the first START to the last END the pair takes at least 2 x PAGES
 *    walks, and the later one about twice as long as alone (checked: 1.7x to 2.3x).
 *    With an engine per GPU (--shared 0) each GPU has a walker of its own and the pair
 *    takes what one kernel alone takes (within 10 %).
 * 2. The links (with three GPUs or more). GPU 1 and GPU 2 each migrate a 1 MiB buffer
 *    from GPU 0 at the same time (clEnqueueMigrateMemObjects; the buffers were written
 *    on GPU 0). Every 64-byte line leaves GPU 0 over its one link to its PCIe switch,
 *    with a 4-byte header, at --link-gbps GB/s. On the shared timeline the two moves
 *    share that link line by line: each one's START - SUBMIT is about twice one move's
 *    link time (1.8x to 2.2x); with an engine per GPU both take one (within 10 %).
 *    (Checked on the PCIe tree only: with --fabric all_to_all the two moves cross links
 *    of their own.)
 * 3. The host's links. GPU 0 alone, then GPUs 0 and 1 at once, each write a 1 MiB buffer
 *    from the host (clEnqueueWriteBuffer). On the shared timeline the writes cross the
 *    fabric's host links: the GPU asks for every 64-byte line with a 12-byte request and
 *    the line comes down with a 4-byte header, at --link-gbps GB/s, so one write takes
 *    L = 1 MiB x 68/64 / --link-gbps on each link, plus the links' latencies of a
 *    request's way up and the lines' way down. On the PCIe tree (--fabric tree) the host
 *    hangs on the root complex: two switches each way, --switch-ns each; alone a write
 *    takes L + 4 x --switch-ns, and the two writes together (first START to last END)
 *    2 x L + 4 x --switch-ns, since both GPUs' lines cross the host's one link into the
 *    root complex; the link takes the two writes' lines in turn, so each write takes
 *    that too (they end together). With direct links between the GPUs (--fabric
 *    all_to_all) each GPU has a PCIe link of its own to the host, --pcie-latency-ns each
 *    way: alone L + 2 x --pcie-latency-ns, and the pair takes what one write alone takes.
 *    With an engine per GPU (--shared 0) a write takes --pcie-latency-ns + 1 MiB /
 *    --link-gbps on a link of its own, alone or not. Then GPU 0 writes 256 KiB (its
 *    lines' time on a link Ls = L / 4) and GPU 1 1 MiB at once: on the PCIe tree the
 *    host's link takes one line of each in turn until the small write's last, so the
 *    small write takes 2 x Ls + 4 x --switch-ns (twice its time alone) and the big one
 *    ends Ls + L + 4 x --switch-ns after the first START (its lines and the small one's);
 *    with direct links Ls + 2 x --pcie-latency-ns and L + 2 x --pcie-latency-ns; with an
 *    engine per GPU --pcie-latency-ns + the bytes / --link-gbps each. All within 1 % (the
 *    requests and one line's way over each link add about 15 ns).
 * 4. The host's messages. A small kernel runs on GPU 0 alone, then while the host writes
 *    1 MiB to GPU 1 (the kernel ends long before the write). On the shared timeline the
 *    host driver's request to flush GPU 0's L2 after the kernel (12 bytes) and the answer
 *    (4 bytes) cross the fabric's links, taking their turn between the write's messages:
 *    on the PCIe tree (GPUs 0 and 1 under one switch) the request waits for the write's
 *    line in service on host>root and on root>switch0 (68 bytes at --link-gbps, 4.25 ns
 *    at 16 GB/s), the answer for a request of the write in service on switch0>root and
 *    root>host (12 bytes, 0.75 ns), and each is handed over on the next edge of the
 *    GPU's 1 GHz clock: the kernel's END - START is longer than alone, by at most
 *    2 x 4.25 + 2 x 0.75 + 2 x 1 = 12 ns (not the write's 69.6 us, as when the flush was
 *    booked behind a whole transfer). A second kernel, enqueued once the first has ended
 *    (the write's lines coming down), sends its dispatch (12 bytes) down host>root and
 *    root>switch0 between them: its START - SUBMIT is longer than alone by at most
 *    2 x 4.25 ns and a clock edge. With direct links, or an engine per GPU, neither
 *    shares a link with the write: their times are what they are alone.
 *
 * With --poll the program waits for the pair of kernels and the pair of moves by spinning
 * on clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS) instead of clWaitForEvents (the
 * same times: a polling program sees the same simulated times as a waiting one).
 *
 *   contention [--shared 0|1] [--walk-ns W] [--link-gbps G] [--fabric tree|all_to_all]
 *              [--switch-ns S] [--pcie-latency-ns P] [--poll]
 */
#include "testapp.h"

#include <string.h>

/* Pages the kernel touches, one per work-item. */
#define PAGES 256
/* Floats in a 4 KiB page. */
#define PAGE_FLOATS 1024
/* Floats moved per buffer in part 2: 1 MiB. */
#define MOVE_FLOATS 262144

static const char *source =
    "__kernel void touch(__global const float *in, __global float *out) {\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = in[i * 1024] + 1.0f;\n"
    "}\n"
    "__kernel void mark(__global float *out) {\n"
    "    if (get_global_id(0) == 0)\n"
    "        out[0] = 7.0f;\n"
    "}\n";

/* A buffer of PAGES pages written from the host (resident on the GPU that uses it). */
static cl_mem pages(cl_context ctx, const float *host) {
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              (size_t)PAGES * PAGE_FLOATS * sizeof(float), (void *)host, &err);
    TA_CHECK(err);
    return m;
}

/* Enqueues the kernel (in, out) on `queue` over PAGES work-items. */
static cl_event touch(cl_command_queue queue, cl_kernel kernel, cl_mem in, cl_mem out) {
    size_t n = PAGES, local = 64;
    cl_event done;
    TA_CHECK(clSetKernelArg(kernel, 0, sizeof in, &in));
    TA_CHECK(clSetKernelArg(kernel, 1, sizeof out, &out));
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &n, &local, 0, NULL, &done));
    return done;
}

/* Whether `out` holds in[i * PAGE_FLOATS] + 1 for every work-item. */
static int right(cl_command_queue queue, cl_mem out, const float *host) {
    float back[PAGES];
    TA_CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
    for (size_t i = 0; i < PAGES; i++)
        if (back[i] != host[i * PAGE_FLOATS] + 1.0f)
            return 0;
    return 1;
}

/* Waits for `events` by clWaitForEvents, or with `poll` by spinning on their status. */
static void wait_all(int poll, cl_uint n, const cl_event *events) {
    if (!poll) {
        TA_CHECK(clWaitForEvents(n, events));
        return;
    }
    for (cl_uint i = 0; i < n; i++) {
        cl_int status;
        do {
            TA_CHECK(clGetEventInfo(events[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                                    &status, NULL));
        } while (status > CL_COMPLETE);
        ta_check(status == CL_COMPLETE, "a polled command completes");
    }
}

/* Whether `actual` is within 1 % of `expected`; prints both under `what`. */
static int near(const char *what, cl_ulong actual, double expected) {
    return ta_check(actual > 0.99 * expected && actual < 1.01 * expected,
                    "%s: %llu ns, expected %.0f ns (%.3fx)", what, (unsigned long long)actual,
                    expected, actual / expected);
}

/* Part 3, two sizes: GPU 0 writes a quarter of `data`, GPU 1 all MOVE_FLOATS floats, at once
 * (see the top of the file). */
static void unequal_writes(cl_context ctx, cl_command_queue *q, const float *data, int poll,
                           int shared, int tree, double link_gbps, double switch_ns,
                           double pcie_latency_ns) {
    size_t bytes[2] = {MOVE_FLOATS * sizeof(float) / 4, MOVE_FLOATS * sizeof(float)};
    cl_int err;
    cl_mem buffer[2];
    cl_event write[2];
    for (int g = 0; g < 2; g++) {
        buffer[g] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes[g], NULL, &err);
        TA_CHECK(err);
    }
    for (int g = 0; g < 2; g++)
        TA_CHECK(clEnqueueWriteBuffer(q[g], buffer[g], CL_FALSE, 0, bytes[g], data, 0, NULL,
                                      &write[g]));
    wait_all(poll, 2, write);
    cl_ulong start0 = ta_event_time(write[0], CL_PROFILING_COMMAND_START);
    cl_ulong start1 = ta_event_time(write[1], CL_PROFILING_COMMAND_START);
    cl_ulong first = start0 < start1 ? start0 : start1;
    cl_ulong small_ns = ta_event_ns(write[0]);
    cl_ulong big_ns = ta_event_time(write[1], CL_PROFILING_COMMAND_END) - first;
    ta_report_time("write[256 KiB with 1 MiB]", small_ns);
    ta_report_time("write[1 MiB with 256 KiB, first start to its end]", big_ns);
    double small_link = bytes[0] * 68.0 / 64.0 / link_gbps;
    double big_link = bytes[1] * 68.0 / 64.0 / link_gbps;
    if (!shared) {
        near("256 KiB on its own PCIe link", small_ns, pcie_latency_ns + bytes[0] / link_gbps);
        near("1 MiB on its own PCIe link", big_ns, pcie_latency_ns + bytes[1] / link_gbps);
    } else if (tree) {
        near("256 KiB sharing the host's link line by line: twice its time", small_ns,
             2 * small_link + 4 * switch_ns);
        near("1 MiB sharing the host's link: its lines and the small write's", big_ns,
             small_link + big_link + 4 * switch_ns);
    } else {
        near("256 KiB over its GPU's host link", small_ns, small_link + 2 * pcie_latency_ns);
        near("1 MiB over its GPU's host link", big_ns, big_link + 2 * pcie_latency_ns);
    }
    for (int g = 0; g < 2; g++) {
        clReleaseEvent(write[g]);
        clReleaseMemObject(buffer[g]);
    }
}

/* Part 4: a small kernel on GPU 0, alone and while the host writes MOVE_FLOATS floats to
 * GPU 1 (see the top of the file): how much longer its END - START is, the flush after it
 * waiting its turn on the links the write's lines and requests take, and its START -
 * SUBMIT when its dispatch leaves while the write's lines come down. */
static void flush_during_write(cl_context ctx, cl_command_queue *q, cl_program program,
                               const float *data, int poll, int shared, int tree,
                               double link_gbps) {
    size_t bytes = MOVE_FLOATS * sizeof(float);
    cl_int err;
    cl_kernel mark = clCreateKernel(program, "mark", &err);
    TA_CHECK(err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(float), NULL, &err);
    TA_CHECK(err);
    cl_mem buffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(mark, 0, sizeof out, &out));
    size_t n = 64;
    cl_event warm, alone, during[2], later;
    /* The first run warms GPU 0's TLBs; the second is the one measured alone. */
    TA_CHECK(clEnqueueNDRangeKernel(q[0], mark, 1, NULL, &n, &n, 0, NULL, &warm));
    TA_CHECK(clWaitForEvents(1, &warm));
    TA_CHECK(clEnqueueNDRangeKernel(q[0], mark, 1, NULL, &n, &n, 0, NULL, &alone));
    TA_CHECK(clWaitForEvents(1, &alone));
    TA_CHECK(clEnqueueWriteBuffer(q[1], buffer, CL_FALSE, 0, bytes, data, 0, NULL, &during[0]));
    TA_CHECK(clEnqueueNDRangeKernel(q[0], mark, 1, NULL, &n, &n, 0, NULL, &during[1]));
    wait_all(poll, 1, &during[1]);
    /* Enqueued once the first has ended: its dispatch leaves while the write's lines
     * come down. */
    TA_CHECK(clEnqueueNDRangeKernel(q[0], mark, 1, NULL, &n, &n, 0, NULL, &later));
    wait_all(poll, 1, &later);
    wait_all(poll, 1, &during[0]);
    cl_ulong alone_ns = ta_event_ns(alone), kernel_ns = ta_event_ns(during[1]);
    cl_ulong alone_dispatch = ta_event_time(alone, CL_PROFILING_COMMAND_START) -
                              ta_event_time(alone, CL_PROFILING_COMMAND_SUBMIT);
    cl_ulong later_dispatch = ta_event_time(later, CL_PROFILING_COMMAND_START) -
                              ta_event_time(later, CL_PROFILING_COMMAND_SUBMIT);
    ta_report_time("mark[alone]", alone_ns);
    ta_report_time("mark[during a 1 MiB write to GPU 1]", kernel_ns);
    ta_report_time("mark[alone, submit to start]", alone_dispatch);
    ta_report_time("mark[during the write's lines, submit to start]", later_dispatch);
    ta_check(ta_event_time(later, CL_PROFILING_COMMAND_END) <
                 ta_event_time(during[0], CL_PROFILING_COMMAND_END),
             "the kernels end while the write runs");
    /* The second kernel's dispatch (12 bytes) waits for the write's line in service on
     * host>root and root>switch0, and is handed over on the next clock edge. */
    double most_dispatch = 2 * 68.0 / link_gbps + 1;
    if (shared && tree)
        ta_check(later_dispatch > alone_dispatch &&
                     later_dispatch <= alone_dispatch + most_dispatch,
                 "the dispatch waits its turn on the write's links: %llu ns more, in (0, %.2f]",
                 (unsigned long long)(later_dispatch - alone_dispatch), most_dispatch);
    else
        ta_check(later_dispatch == alone_dispatch,
                 "the dispatch shares no link with the write (%llu ns)",
                 (unsigned long long)later_dispatch);
    /* On the PCIe tree the flush's request waits for the line in service on host>root
     * and root>switch0 (68 bytes each), its answer for the request in service on
     * switch0>root and root>host (12 bytes each), plus a clock edge at each end. */
    double line_ns = 68.0 / link_gbps, request_ns = 12.0 / link_gbps;
    double most = 2 * line_ns + 2 * request_ns + 2;
    if (shared && tree)
        ta_check(kernel_ns > alone_ns && kernel_ns <= alone_ns + most,
                 "the flush waits its turn on the write's links: %llu ns more, in (0, %.2f]",
                 (unsigned long long)(kernel_ns - alone_ns), most);
    else
        ta_check(kernel_ns == alone_ns, "the flush shares no link with the write (%llu ns)",
                 (unsigned long long)kernel_ns);
    float got = 0;
    TA_CHECK(clEnqueueReadBuffer(q[0], out, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL));
    ta_check(got == 7.0f, "the kernel's result");
    clReleaseEvent(warm);
    clReleaseEvent(alone);
    for (int i = 0; i < 2; i++)
        clReleaseEvent(during[i]);
    clReleaseEvent(later);
    clReleaseMemObject(buffer);
    clReleaseMemObject(out);
    clReleaseKernel(mark);
}

/* Part 3: GPU 0 alone, then GPUs 0 and 1 at once, write MOVE_FLOATS floats of `data` from
 * the host into buffers of their own (see the top of the file). */
static void host_writes(cl_context ctx, cl_command_queue *q, const float *data, int poll,
                        int shared, int tree, double link_gbps, double switch_ns,
                        double pcie_latency_ns) {
    size_t bytes = MOVE_FLOATS * sizeof(float);
    cl_int err;
    cl_mem buffer[3];
    cl_event alone, both[2];
    for (int b = 0; b < 3; b++) {
        buffer[b] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
        TA_CHECK(err);
    }
    TA_CHECK(clEnqueueWriteBuffer(q[0], buffer[0], CL_FALSE, 0, bytes, data, 0, NULL, &alone));
    TA_CHECK(clWaitForEvents(1, &alone));
    for (int g = 0; g < 2; g++)
        TA_CHECK(clEnqueueWriteBuffer(q[g], buffer[1 + g], CL_FALSE, 0, bytes, data, 0, NULL,
                                      &both[g]));
    wait_all(poll, 2, both);
    cl_ulong alone_ns = ta_event_ns(alone);
    cl_ulong start0 = ta_event_time(both[0], CL_PROFILING_COMMAND_START);
    cl_ulong start1 = ta_event_time(both[1], CL_PROFILING_COMMAND_START);
    cl_ulong end0 = ta_event_time(both[0], CL_PROFILING_COMMAND_END);
    cl_ulong end1 = ta_event_time(both[1], CL_PROFILING_COMMAND_END);
    cl_ulong pair_ns = (end0 > end1 ? end0 : end1) - (start0 < start1 ? start0 : start1);
    ta_report_time("write[alone]", alone_ns);
    ta_report_time("write[two GPUs at once, first start to last end]", pair_ns);
    printf("writes: pair / alone: %.2f\n", (double)pair_ns / alone_ns);
    double link_ns = bytes * 68.0 / 64.0 / link_gbps;
    if (!shared) {
        double own = pcie_latency_ns + bytes / link_gbps;
        near("a write alone on its own PCIe link", alone_ns, own);
        near("two writes at once, each on its own PCIe link", pair_ns, own);
    } else if (tree) {
        near("a write alone over the PCIe tree", alone_ns, link_ns + 4 * switch_ns);
        near("two writes at once over the host's one link", pair_ns,
             2 * link_ns + 4 * switch_ns);
        for (int g = 0; g < 2; g++)
            near("each of the two, sharing the host's link line by line", ta_event_ns(both[g]),
                 2 * link_ns + 4 * switch_ns);
    } else {
        double own = link_ns + 2 * pcie_latency_ns;
        near("a write alone over its GPU's host link", alone_ns, own);
        near("two writes at once over links of their own", pair_ns, own);
    }
    float back[4];
    for (int g = 0; g < 2; g++) {
        TA_CHECK(clEnqueueReadBuffer(q[g], buffer[1 + g], CL_TRUE, bytes - sizeof back,
                                     sizeof back, back, 0, NULL, NULL));
        ta_check(back[3] == data[MOVE_FLOATS - 1], "the bytes written on GPU %d", g);
        clReleaseEvent(both[g]);
    }
    clReleaseEvent(alone);
    for (int b = 0; b < 3; b++)
        clReleaseMemObject(buffer[b]);
}

int main(int argc, char **argv) {
    ta_init(&argc, argv);
    int shared = 1, poll = 0, tree = 1;
    double walk_ns = 1000.0, link_gbps = 16.0, switch_ns = 140.0, pcie_latency_ns = 500.0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--shared") && i + 1 < argc)
            shared = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--walk-ns") && i + 1 < argc)
            walk_ns = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--link-gbps") && i + 1 < argc)
            link_gbps = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--fabric") && i + 1 < argc)
            tree = strcmp(argv[++i], "all_to_all") != 0;
        else if (!strcmp(argv[i], "--switch-ns") && i + 1 < argc)
            switch_ns = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--pcie-latency-ns") && i + 1 < argc)
            pcie_latency_ns = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--poll"))
            poll = 1;
        else {
            fprintf(stderr,
                    "usage: %s [--shared 0|1] [--walk-ns W] [--link-gbps G] "
                    "[--fabric tree|all_to_all] [--switch-ns S] [--pcie-latency-ns P] [--poll]\n",
                    argv[0]);
            return 2;
        }
    }
    cl_platform_id platform = ta_platform();
    cl_uint count = 0;
    cl_device_id *devices = ta_devices(platform, &count);
    if (!ta_check(count >= 2, "at least two devices (%u)", count))
        return ta_finish();
    cl_int err;
    cl_uint gpus = count < 3 ? count : 3;
    cl_context ctx = clCreateContext(NULL, gpus, devices, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue q[3];
    for (cl_uint g = 0; g < gpus; g++) {
        q[g] = clCreateCommandQueue(ctx, devices[g], CL_QUEUE_PROFILING_ENABLE, &err);
        TA_CHECK(err);
    }
    cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clBuildProgram(program, 0, NULL, "", NULL, NULL));
    cl_kernel kernel[2];
    for (int g = 0; g < 2; g++) {
        kernel[g] = clCreateKernel(program, "touch", &err);
        TA_CHECK(err);
    }
    size_t floats = (size_t)PAGES * PAGE_FLOATS;
    float *host = malloc(floats * sizeof(float));
    for (size_t i = 0; i < floats; i++)
        host[i] = (float)(i % 977);
    cl_mem in[4], out[4];
    for (int b = 0; b < 4; b++) {
        in[b] = pages(ctx, host);
        out[b] = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, PAGES * sizeof(float), NULL, &err);
        TA_CHECK(err);
    }

    /* 1. Alone on each GPU, then on both at once (fresh pages each time). */
    cl_event alone[2], both[2];
    for (int g = 0; g < 2; g++) {
        alone[g] = touch(q[g], kernel[g], in[g], out[g]);
        TA_CHECK(clFinish(q[g]));
    }
    for (int g = 0; g < 2; g++)
        both[g] = touch(q[g], kernel[g], in[2 + g], out[2 + g]);
    wait_all(poll, 2, both);
    for (int b = 0; b < 4; b++)
        ta_check(right(q[b % 2], out[b], host), "the kernel's results (buffer %d)", b);
    cl_ulong alone_ns = ta_event_ns(alone[0]) > ta_event_ns(alone[1]) ? ta_event_ns(alone[0]) : ta_event_ns(alone[1]);
    cl_ulong first = ta_event_time(both[0], CL_PROFILING_COMMAND_START);
    cl_ulong second = ta_event_time(both[1], CL_PROFILING_COMMAND_START);
    cl_ulong start = first < second ? first : second;
    cl_ulong end0 = ta_event_time(both[0], CL_PROFILING_COMMAND_END);
    cl_ulong end1 = ta_event_time(both[1], CL_PROFILING_COMMAND_END);
    cl_ulong pair_ns = (end0 > end1 ? end0 : end1) - start;
    ta_report_time("touch[alone, the longer of the two GPUs]", alone_ns);
    ta_report_time("touch[both GPUs at once, first start to last end]", pair_ns);
    double walks_ns = PAGES * walk_ns;
    printf("pair / alone: %.2f; %d walks of %.0f ns: %.0f ns\n", (double)pair_ns / alone_ns,
           PAGES, walk_ns, walks_ns);
    ta_check(alone_ns >= walks_ns, "a kernel alone takes its %d walks (%llu ns >= %.0f ns)",
             PAGES, (unsigned long long)alone_ns, walks_ns);
    if (shared) {
        ta_check(pair_ns >= 2.0 * walks_ns,
                 "the pair takes both kernels' walks on the one walker (%llu ns >= %.0f ns)",
                 (unsigned long long)pair_ns, 2.0 * walks_ns);
        ta_check(pair_ns > 1.7 * alone_ns && pair_ns < 2.3 * alone_ns,
                 "the pair takes about twice one kernel (%.2fx)", (double)pair_ns / alone_ns);
    } else {
        ta_check(pair_ns > 0.9 * alone_ns && pair_ns < 1.1 * alone_ns,
                 "each GPU walks on its own: the pair takes one kernel's time (%.2fx)",
                 (double)pair_ns / alone_ns);
    }

    float *data = malloc(MOVE_FLOATS * sizeof(float));
    for (size_t i = 0; i < MOVE_FLOATS; i++)
        data[i] = (float)i;
    /* 3. Host writes: GPU 0 alone, then GPUs 0 and 1 at once. */
    host_writes(ctx, q, data, poll, shared, tree, link_gbps, switch_ns, pcie_latency_ns);
    unequal_writes(ctx, q, data, poll, shared, tree, link_gbps, switch_ns, pcie_latency_ns);
    /* 4. A kernel's flush during a host write to another GPU. */
    flush_during_write(ctx, q, program, data, poll, shared, tree, link_gbps);

    /* 2. Two moves from GPU 0 at once, to GPU 1 and to GPU 2. */
    if (gpus < 3 || !tree) {
        printf("moves: skipped (%s)\n", tree ? "fewer than three devices" : "not a PCIe tree");
        return ta_finish();
    }
    cl_mem moved[2];
    cl_event written[2], migrated[2];
    for (int b = 0; b < 2; b++) {
        moved[b] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, MOVE_FLOATS * sizeof(float), NULL, &err);
        TA_CHECK(err);
        TA_CHECK(clEnqueueWriteBuffer(q[0], moved[b], CL_FALSE, 0, MOVE_FLOATS * sizeof(float),
                                      data, 0, NULL, &written[b]));
    }
    TA_CHECK(clFinish(q[0]));
    for (int b = 0; b < 2; b++)
        TA_CHECK(clEnqueueMigrateMemObjects(q[1 + b], 1, &moved[b], 0, 0, NULL, &migrated[b]));
    wait_all(poll, 2, migrated);
    double link_ns = MOVE_FLOATS * sizeof(float) * 68.0 / 64.0 / link_gbps;
    cl_ulong wait[2];
    for (int b = 0; b < 2; b++) {
        wait[b] = ta_event_time(migrated[b], CL_PROFILING_COMMAND_START) -
                  ta_event_time(migrated[b], CL_PROFILING_COMMAND_SUBMIT);
        ta_report_time(b ? "migrate[second, submit to start]" : "migrate[first, submit to start]",
                       wait[b]);
    }
    printf("moves / the link's time (%.0f ns): %.2f and %.2f\n", link_ns, wait[0] / link_ns,
           wait[1] / link_ns);
    for (int b = 0; b < 2; b++) {
        if (shared)
            ta_check(wait[b] > 1.8 * link_ns && wait[b] < 2.2 * link_ns,
                     "move %d shares the link with the other line by line (%.2fx)", b,
                     wait[b] / link_ns);
        else
            ta_check(wait[b] > 0.9 * link_ns && wait[b] < 1.1 * link_ns,
                     "move %d is timed on idle links (%.2fx)", b, wait[b] / link_ns);
    }
    float back[4];
    TA_CHECK(clEnqueueReadBuffer(q[2], moved[1], CL_TRUE, MOVE_FLOATS * sizeof(float) - sizeof back,
                                 sizeof back, back, 0, NULL, NULL));
    ta_check(back[3] == (float)(MOVE_FLOATS - 1), "the moved bytes");

    for (int g = 0; g < 2; g++) {
        clReleaseEvent(alone[g]);
        clReleaseEvent(both[g]);
        clReleaseEvent(written[g]);
        clReleaseEvent(migrated[g]);
        clReleaseMemObject(moved[g]);
        clReleaseKernel(kernel[g]);
    }
    clReleaseCommandQueue(q[2]);
    for (int b = 0; b < 4; b++) {
        clReleaseMemObject(in[b]);
        clReleaseMemObject(out[b]);
    }
    clReleaseProgram(program);
    for (int g = 0; g < 2; g++)
        clReleaseCommandQueue(q[g]);
    clReleaseContext(ctx);
    free(devices);
    free(host);
    free(data);
    return ta_finish();
}
