/*
 * hostlinks: a unified device's host transfers over the fabric (gcnsim only: the times
 * checked are gcnsim's simulated ones; GCNSIM_UNIFIED=1, --gpus N the number of GPUs).
 *
 * The device's pages (4 KiB) are interleaved over its N GPUs' memories. A host transfer
 * carries each page's bytes between the host and the GPU holding the page, over the
 * fabric's links (as MGPUSim's driver sends each page to its GPU): the receiving side
 * asks for every 64-byte line with a 12-byte request and the line comes back with a
 * 4-byte header, at --link-gbps GB/s, so 1 MiB takes L = 1 MiB x 68/64 / --link-gbps on
 * a link that carries all of it.
 *
 * - On the PCIe tree (--fabric tree) the host hangs on the root complex: every page
 *   crosses the host's one link into it, so 1 MiB takes L + 4 x --switch-ns (two
 *   switches each way), whatever N.
 * - With direct links between the GPUs (--fabric all_to_all) each GPU has a PCIe link of
 *   its own to the host, --pcie-latency-ns each way, carrying its 1/N of the pages at
 *   the same time as the others: L / N + 2 x --pcie-latency-ns.
 *
 * Checked for a write of 1 MiB (clEnqueueWriteBuffer), a read of it after a kernel
 * doubled it on all GPUs (clEnqueueReadBuffer), a map for writing that fetches it
 * (clEnqueueMapBuffer) and the unmap that writes it back. Then two command queues write
 * 1 MiB each to two buffers at once (both writes wait for one user event), and read them
 * back at once: transfers that overlap in simulated time share the links line by line,
 * so each takes the lines of both, 2L + 4 x --switch-ns on the tree and 2L / N + 2 x
 * --pcie-latency-ns with direct links, and the two end together (within 1 %; before
 * they shared the links, each took what it takes alone). Then, after the Locality API
 * put every page on the last GPU, a write crosses that GPU's link only: L + 4 x
 * --switch-ns on the tree, L + 2 x --pcie-latency-ns with direct links. All within 1 %
 * (the requests and one line's way over each link add about 15 ns).
 *
 *   hostlinks --gpus N [--fabric tree|all_to_all] [--link-gbps G] [--switch-ns S]
 *             [--pcie-latency-ns P]
 */
#include "testapp.h"

#include <CL/cl_gcnsim.h>
#include <string.h>

/* Floats moved: 1 MiB. */
#define FLOATS 262144

static const char *source =
    "__kernel void twice(__global float *x) {\n"
    "    size_t i = get_global_id(0);\n"
    "    x[i] = 2.0f * x[i];\n"
    "}\n";

/* The times the platform's keys give a transfer of `bytes` (see the top of the file). */
struct expected {
    double interleaved;
    /* Each of two transfers of `bytes` at once, interleaved. */
    double together;
    double on_one_gpu;
};

static struct expected expected_ns(double bytes, unsigned gpus, int tree, double link_gbps,
                                   double switch_ns, double pcie_latency_ns) {
    double link_ns = bytes * 68.0 / 64.0 / link_gbps;
    struct expected e;
    if (tree) {
        e.interleaved = link_ns + 4 * switch_ns;
        e.together = 2 * link_ns + 4 * switch_ns;
        e.on_one_gpu = e.interleaved;
    } else {
        e.interleaved = link_ns / gpus + 2 * pcie_latency_ns;
        e.together = 2 * link_ns / gpus + 2 * pcie_latency_ns;
        e.on_one_gpu = link_ns + 2 * pcie_latency_ns;
    }
    return e;
}

/* Reports the command's START to END under `what` and checks it within 1 % of
 * `expected`; releases the event. */
static void check_time(const char *what, cl_event event, double expected) {
    cl_ulong ns = ta_event_ns(event);
    clReleaseEvent(event);
    ta_report_time(what, ns);
    ta_check(ns > 0.99 * expected && ns < 1.01 * expected,
             "%s: %llu ns, expected %.0f ns (%.3fx)", what, (unsigned long long)ns, expected,
             ns / expected);
}

/* Queue q of `queues` writes host[q] to buffers[q] (or reads it back into host[q]), both
 * waiting for one user event, so that both start when it completes (a command starts no
 * earlier than the device's running command did, whichever queue's thread comes first:
 * with one START that order does not matter); then checks that each took `expected`
 * and they ended together (within 1 % of `expected`). */
static void together(cl_context ctx, cl_command_queue *queues, cl_mem *buffers, float **host,
                     int write, double expected) {
    cl_int err;
    cl_event go = clCreateUserEvent(ctx, &err), events[2];
    TA_CHECK(err);
    size_t bytes = FLOATS * sizeof(float);
    for (int q = 0; q < 2; q++) {
        if (write)
            err = clEnqueueWriteBuffer(queues[q], buffers[q], CL_FALSE, 0, bytes, host[q], 1,
                                       &go, &events[q]);
        else
            err = clEnqueueReadBuffer(queues[q], buffers[q], CL_FALSE, 0, bytes, host[q], 1,
                                      &go, &events[q]);
        TA_CHECK(err);
    }
    TA_CHECK(clSetUserEventStatus(go, CL_COMPLETE));
    clReleaseEvent(go);
    for (int q = 0; q < 2; q++)
        TA_CHECK(clFinish(queues[q]));
    const char *what = write ? "write[together]" : "read[together]";
    cl_ulong ends[2];
    for (int q = 0; q < 2; q++) {
        ends[q] = ta_event_time(events[q], CL_PROFILING_COMMAND_END);
        char name[64];
        snprintf(name, sizeof name, "%s[queue %d]", what, q + 1);
        check_time(name, events[q], expected);
    }
    cl_ulong apart = ends[0] > ends[1] ? ends[0] - ends[1] : ends[1] - ends[0];
    ta_report_time(what, apart);
    ta_check(apart < 0.01 * expected, "%s: ended %llu ns apart, expected together", what,
             (unsigned long long)apart);
}

/* Whether `x` holds `scale` x i for every i. */
static int holds(const float *x, float scale) {
    for (size_t i = 0; i < FLOATS; i++)
        if (x[i] != scale * (float)i)
            return 0;
    return 1;
}

int main(int argc, char **argv) {
    ta_init(&argc, argv);
    unsigned gpus = 0;
    int tree = 1;
    double link_gbps = 16.0, switch_ns = 140.0, pcie_latency_ns = 500.0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--gpus") && i + 1 < argc)
            gpus = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--fabric") && i + 1 < argc)
            tree = strcmp(argv[++i], "all_to_all") != 0;
        else if (!strcmp(argv[i], "--link-gbps") && i + 1 < argc)
            link_gbps = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--switch-ns") && i + 1 < argc)
            switch_ns = strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "--pcie-latency-ns") && i + 1 < argc)
            pcie_latency_ns = strtod(argv[++i], NULL);
        else
            gpus = 0;
    }
    if (gpus < 2) {
        fprintf(stderr,
                "usage: %s --gpus N (2 or more) [--fabric tree|all_to_all] [--link-gbps G] "
                "[--switch-ns S] [--pcie-latency-ns P]\n",
                argv[0]);
        return 2;
    }
    cl_platform_id platform = ta_platform();
    cl_uint count = 0;
    cl_device_id *devices = ta_devices(platform, &count);
    if (!ta_check(count == 1, "one (unified) device (%u)", count))
        return ta_finish();
    clSetMemObjectPlacementGCNSIM_fn place =
        (clSetMemObjectPlacementGCNSIM_fn)clGetExtensionFunctionAddressForPlatform(
            platform, "clSetMemObjectPlacementGCNSIM");
    if (!ta_check(place != NULL, "cl_gcnsim_locality's placement exists"))
        return ta_finish();
    cl_device_id device = devices[0];
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    TA_CHECK(err);
    cl_program program = ta_build(ctx, device, source, "");
    cl_kernel kernel = clCreateKernel(program, "twice", &err);
    TA_CHECK(err);

    size_t bytes = FLOATS * sizeof(float);
    struct expected e = expected_ns((double)bytes, gpus, tree, link_gbps, switch_ns,
                                    pcie_latency_ns);
    printf("%u GPUs, %s: 1 MiB interleaved %.0f ns, two at once %.0f ns each, on one GPU "
           "%.0f ns\n",
           gpus, tree ? "PCIe tree" : "direct links", e.interleaved, e.together, e.on_one_gpu);
    float *data = malloc(bytes), *back = malloc(bytes);
    for (size_t i = 0; i < FLOATS; i++)
        data[i] = (float)i;
    cl_mem buffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    TA_CHECK(err);
    cl_event event;

    /* Write, double on every GPU, read back. */
    TA_CHECK(clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes, data, 0, NULL, &event));
    check_time("write[interleaved]", event, e.interleaved);
    size_t global = FLOATS, local = 256;
    TA_CHECK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
    TA_CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, back, 0, NULL, &event));
    check_time("read[interleaved]", event, e.interleaved);
    ta_check(holds(back, 2.0f), "the kernel doubled every float");

    /* A map for writing fetches the megabyte; its unmap writes it back. */
    float *mapped = clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_WRITE, 0, bytes, 0, NULL,
                                       &event, &err);
    TA_CHECK(err);
    check_time("map[interleaved]", event, e.interleaved);
    ta_check(holds(mapped, 2.0f), "the map holds the doubled floats");
    for (size_t i = 0; i < FLOATS; i++)
        mapped[i] = 3.0f * (float)i;
    TA_CHECK(clEnqueueUnmapMemObject(queue, buffer, mapped, 0, NULL, &event));
    TA_CHECK(clWaitForEvents(1, &event));
    check_time("unmap[interleaved]", event, e.interleaved);

    /* Two queues' writes at once, then their reads. */
    cl_command_queue queues[2] = {queue, clCreateCommandQueue(ctx, device,
                                                              CL_QUEUE_PROFILING_ENABLE, &err)};
    TA_CHECK(err);
    cl_mem buffers[2] = {buffer, clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err)};
    TA_CHECK(err);
    float *second = malloc(bytes);
    float *written[2] = {data, data}, *read[2] = {back, second};
    together(ctx, queues, buffers, written, 1, e.together);
    together(ctx, queues, buffers, read, 0, e.together);
    ta_check(holds(back, 1.0f) && holds(second, 1.0f), "each queue read what it wrote");
    free(second);
    clReleaseMemObject(buffers[1]);
    clReleaseCommandQueue(queues[1]);

    /* Every page on the last GPU: a write crosses its link only. */
    TA_CHECK(place(buffer, 0, bytes, gpus - 1));
    TA_CHECK(clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes, data, 0, NULL, &event));
    check_time("write[on the last GPU]", event, e.on_one_gpu);
    TA_CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, back, 0, NULL, NULL));
    ta_check(holds(back, 1.0f), "the bytes written on the last GPU");

    clReleaseMemObject(buffer);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    free(devices);
    free(data);
    free(back);
    return ta_finish();
}
