/*
 * hostoverlap: two command queues' host transfers on a unified device that overlap in
 * simulated time share the fabric's links (gcnsim only: the times checked are gcnsim's
 * simulated ones; GCNSIM_UNIFIED=1, timing mode, --gpus N the number of GPUs).
 *
 * A host transfer carries each page's bytes between the host and the GPU holding the
 * page (pages of 4 KiB interleaved over the N GPUs), line by line: a 12-byte request
 * per 64-byte line, the line back with a 4-byte header, at --link-gbps GB/s. 1 MiB takes
 * L = 1 MiB x 68/64 / --link-gbps on a link that carries all of it (see hostlinks).
 *
 * Alone, a write of 1 MiB takes L + 4 x --switch-ns on the PCIe tree (--fabric tree:
 * every page crosses the host's one link into the root complex, two switches each way)
 * and L / N + 2 x --pcie-latency-ns with direct links (--fabric all_to_all: each GPU's
 * own link to the host carries its 1/N). Two queues' writes of 1 MiB each to two
 * buffers, enqueued together, share those links line by line: each takes the lines of
 * both, 2L + 4 x --switch-ns or 2L / N + 2 x --pcie-latency-ns, and they end together
 * (within 1 %). The same for two reads. Before transfers shared the links (each timed
 * on links idle when it started), each took what it takes alone.
 *
 *   hostoverlap --gpus N [--fabric tree|all_to_all] [--link-gbps G] [--switch-ns S]
 *               [--pcie-latency-ns P]
 */
#include "testapp.h"

#include <string.h>

/* Bytes moved by each transfer: 1 MiB. */
#define BYTES (1u << 20)

/* Checks the START to END of `event` within 1 % of `expected` (reported under `what`). */
static void check_time(const char *what, cl_event event, double expected) {
    cl_ulong ns = ta_event_ns(event);
    ta_report_time(what, ns);
    ta_check(ns > 0.99 * expected && ns < 1.01 * expected,
             "%s: %llu ns, expected %.0f ns (%.3fx)", what, (unsigned long long)ns, expected,
             ns / expected);
}

/* Checks that the two queues' transfers `a` and `b` (named `what`) started together, each
 * took `expected` and they ended within 1 % of it of each other; releases them. */
static void check_pair(const char *what, cl_event a, cl_event b, double expected) {
    char name[64];
    snprintf(name, sizeof name, "%s[queue 1]", what);
    check_time(name, a, expected);
    snprintf(name, sizeof name, "%s[queue 2]", what);
    check_time(name, b, expected);
    cl_ulong starts[2] = {ta_event_time(a, CL_PROFILING_COMMAND_START),
                          ta_event_time(b, CL_PROFILING_COMMAND_START)};
    cl_ulong ends[2] = {ta_event_time(a, CL_PROFILING_COMMAND_END),
                        ta_event_time(b, CL_PROFILING_COMMAND_END)};
    cl_ulong apart = starts[0] > starts[1] ? starts[0] - starts[1] : starts[1] - starts[0];
    ta_check(apart == 0, "%s: started %llu ns apart", what, (unsigned long long)apart);
    apart = ends[0] > ends[1] ? ends[0] - ends[1] : ends[1] - ends[0];
    ta_report_time(what, apart);
    ta_check(apart < 0.01 * expected, "%s: ended %llu ns apart, expected together", what,
             (unsigned long long)apart);
    clReleaseEvent(a);
    clReleaseEvent(b);
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
    cl_device_id device = devices[0];
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue queues[2];
    for (int q = 0; q < 2; q++) {
        queues[q] = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
        TA_CHECK(err);
    }
    /* The link part of a transfer's time: on the host's one link (tree) or on each
     * GPU's own (direct links); and its latency. */
    double link_ns = BYTES * 68.0 / 64.0 / link_gbps;
    double part = tree ? link_ns : link_ns / gpus;
    double latency = tree ? 4 * switch_ns : 2 * pcie_latency_ns;
    double alone = part + latency, shared = 2 * part + latency;
    printf("%u GPUs, %s: 1 MiB alone %.0f ns, two at once %.0f ns each\n", gpus,
           tree ? "PCIe tree" : "direct links", alone, shared);

    unsigned char *data[2], *back[2];
    cl_mem buffers[2];
    for (int q = 0; q < 2; q++) {
        data[q] = malloc(BYTES);
        back[q] = malloc(BYTES);
        for (size_t i = 0; i < BYTES; i++)
            data[q][i] = (unsigned char)(i * 7 + q);
        buffers[q] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, BYTES, NULL, &err);
        TA_CHECK(err);
    }
    cl_event events[2];

    /* One write alone. */
    TA_CHECK(clEnqueueWriteBuffer(queues[0], buffers[0], CL_TRUE, 0, BYTES, data[0], 0, NULL,
                                  &events[0]));
    check_time("write[alone]", events[0], alone);
    clReleaseEvent(events[0]);

    /* Two queues' writes at once, then their reads at once: each pair waits for a user
     * event, so both start when it completes (a command of one queue starts no earlier
     * than the device's running command did, whichever queue's thread gets there first:
     * with a common START that order does not matter). */
    cl_event go = clCreateUserEvent(ctx, &err);
    TA_CHECK(err);
    for (int q = 0; q < 2; q++)
        TA_CHECK(clEnqueueWriteBuffer(queues[q], buffers[q], CL_FALSE, 0, BYTES, data[q], 1,
                                      &go, &events[q]));
    TA_CHECK(clSetUserEventStatus(go, CL_COMPLETE));
    clReleaseEvent(go);
    for (int q = 0; q < 2; q++)
        TA_CHECK(clFinish(queues[q]));
    check_pair("write[together]", events[0], events[1], shared);
    go = clCreateUserEvent(ctx, &err);
    TA_CHECK(err);
    for (int q = 0; q < 2; q++)
        TA_CHECK(clEnqueueReadBuffer(queues[q], buffers[q], CL_FALSE, 0, BYTES, back[q], 1,
                                     &go, &events[q]));
    TA_CHECK(clSetUserEventStatus(go, CL_COMPLETE));
    clReleaseEvent(go);
    for (int q = 0; q < 2; q++)
        TA_CHECK(clFinish(queues[q]));
    check_pair("read[together]", events[0], events[1], shared);
    for (int q = 0; q < 2; q++)
        ta_check(!memcmp(back[q], data[q], BYTES), "queue %d read back what it wrote", q + 1);

    for (int q = 0; q < 2; q++) {
        clReleaseMemObject(buffers[q]);
        clReleaseCommandQueue(queues[q]);
        free(data[q]);
        free(back[q]);
    }
    clReleaseContext(ctx);
    free(devices);
    return ta_finish();
}
