/*
 * launch: the launch path of a kernel, measured as clpeak's kernel-latency test
 * does: an almost empty kernel on one work-group, enqueued and waited for again
 * and again, reporting from its profiling event
 *
 *   START - QUEUED   the launch latency (what clpeak prints as "kernel launch
 *                    latency"): host driver, link, command processor;
 *   END - START      the kernel's own time;
 *   SUBMIT - QUEUED  the host driver's share.
 *
 * It also enqueues two kernels back to back without waiting in between, and a
 * small buffer write, to see where their times fall. Every kernel's result is
 * checked. With --check-launch (for gcnsim; other platforms have their own
 * runtimes) the profiling times are also checked, exactly, against gcnsim's
 * model of the launch path with the latencies given as options, which the CMake
 * file derives from the platform configuration the run uses:
 *   --driver-ns        SUBMIT - QUEUED of every command (platform.driver_submit_ns);
 *   --dispatch-ns      a kernel's dispatch crossing the host link
 *                      (platform.pcie_latency_ns);
 *   --cp-launch-ns     the command processor's launch latency
 *                      (gpu.cp_launch_cycles at gpu.clock_mhz, rounded up);
 *   --cp-completion-ns the command processor's time after the last work-group,
 *                      part of END - START (gpu.cp_completion_cycles likewise).
 * The model: the host's simulated clock moves only by the driver's time on each
 * enqueue and, when the program waits for a command, to that command's END. A
 * kernel starts at max(SUBMIT + dispatch, end of the GPU's previous command) +
 * cp launch; other commands start at max(SUBMIT, end of the previous command).
 */
#include "workload.h"

#include <inttypes.h>

static const char *source =
    "__kernel void mark(__global uint *out, uint value)\n"
    "{\n"
    "    if (get_global_id(0) == 0)\n"
    "        out[0] = value;\n"
    "}\n";

static unsigned long check_launch, iterations = 8, driver_ns = 1, dispatch_ns = 500,
                     cp_launch_ns = 0, cp_completion_ns = 0;

struct times {
    cl_ulong queued, submit, start, end;
};

static struct times times_of(cl_event ev)
{
    struct times t;
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof t.queued,
                                     &t.queued, NULL));
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_SUBMIT, sizeof t.submit,
                                     &t.submit, NULL));
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t.start, &t.start,
                                     NULL));
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t.end, &t.end, NULL));
    return t;
}

/* Records that `got` equals `want` (only with --check-launch). */
static void check_ns(const char *what, cl_ulong got, cl_ulong want)
{
    if (check_launch)
        ta_check(got == want, "%s: %" PRIu64 " ns (model: %" PRIu64 " ns)", what, (uint64_t)got,
                 (uint64_t)want);
}

static cl_ulong max_ns(cl_ulong a, cl_ulong b)
{
    return a > b ? a : b;
}

/* Enqueues the kernel writing `value` (not waiting); returns its event. */
static cl_event enqueue_mark(struct wl_device *dev, cl_kernel k, cl_mem out, cl_uint value)
{
    size_t global = 64, local = 64;
    cl_event ev;
    WL_ARG(k, 0, out);
    WL_ARG(k, 1, value);
    TA_CHECK(clEnqueueNDRangeKernel(dev->queue, k, 1, NULL, &global, &local, 0, NULL, &ev));
    return ev;
}

static void check_result(struct wl_device *dev, cl_mem out, cl_uint want)
{
    cl_uint got = 0;
    wl_read(dev->queue, out, sizeof got, &got);
    ta_check(got == want, "the kernel wrote %u (got %u)", want, got);
}

int main(int argc, char **argv)
{
    const struct wl_option options[] = {
        {"--check-launch", "check profiling times against gcnsim's launch model", &check_launch,
         1},
        {"-i", "launches measured", &iterations, 0},
        {"--driver-ns", "expected SUBMIT - QUEUED (ns)", &driver_ns, 0},
        {"--dispatch-ns", "expected link crossing of a kernel's dispatch (ns)", &dispatch_ns, 0},
        {"--cp-launch-ns", "expected command-processor launch latency (ns)", &cp_launch_ns, 0},
        {"--cp-completion-ns", "expected command-processor time after the last work-group (ns)",
         &cp_completion_ns, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(iterations >= 2, "-i must be at least 2");
    struct wl_device dev;
    dev.platform = ta_platform();
    dev.device = ta_device(dev.platform);
    char *name = ta_device_string(dev.device, CL_DEVICE_NAME);
    printf("device: %s\n", name);
    free(name);
    cl_int err;
    dev.context = clCreateContext(NULL, 1, &dev.device, NULL, NULL, &err);
    TA_CHECK(err);
    dev.queue = clCreateCommandQueue(dev.context, dev.device, CL_QUEUE_PROFILING_ENABLE, &err);
    TA_CHECK(err);
    dev.program = wl_build(dev.context, source, NULL);
    cl_kernel k = wl_kernel(dev.program, "mark");
    cl_uint zero = 0;
    cl_mem out = wl_buffer(dev.context, CL_MEM_READ_WRITE, sizeof zero, &zero);

    /* clpeak's measurement: launch, wait, read the event; repeat. */
    cl_ulong latency = 0, kernel = 0, driver = 0, previous_end = 0;
    for (unsigned long i = 0; i < iterations; i++) {
        cl_event ev = enqueue_mark(&dev, k, out, (cl_uint)i + 1);
        TA_CHECK(clFinish(dev.queue));
        struct times t = times_of(ev);
        TA_CHECK(clReleaseEvent(ev));
        ta_check(t.queued <= t.submit && t.submit <= t.start && t.start <= t.end,
                 "launch %lu: QUEUED <= SUBMIT <= START <= END", i);
        ta_check(t.end > t.start, "launch %lu: END - START is not zero", i);
        check_ns("SUBMIT - QUEUED", t.submit - t.queued, driver_ns);
        check_ns("START - SUBMIT on an idle GPU", t.start - t.submit, dispatch_ns + cp_launch_ns);
        if (check_launch)
            ta_check(t.end - t.start > cp_completion_ns,
                     "END - START (%" PRIu64 " ns) includes the command processor's %lu ns",
                     (uint64_t)(t.end - t.start), cp_completion_ns);
        if (i > 0)
            check_ns("QUEUED after waiting for the previous launch", t.queued, previous_end);
        previous_end = t.end;
        latency += t.start - t.queued;
        kernel += t.end - t.start;
        driver += t.submit - t.queued;
    }
    check_result(&dev, out, (cl_uint)iterations);
    printf("kernel launch latency (START - QUEUED): %.2f us (%" PRIu64 " ns)\n",
           latency / 1000.0 / iterations, (uint64_t)(latency / iterations));
    printf("host driver (SUBMIT - QUEUED): %" PRIu64 " ns\n", (uint64_t)(driver / iterations));
    printf("kernel (END - START): %" PRIu64 " ns\n", (uint64_t)(kernel / iterations));

    /* Two launches back to back: the second is queued as soon as the first is
     * submitted, and its dispatch waits for the GPU. */
    cl_event a = enqueue_mark(&dev, k, out, 1000);
    cl_event b = enqueue_mark(&dev, k, out, 1001);
    TA_CHECK(clFinish(dev.queue));
    struct times ta = times_of(a), tb = times_of(b);
    ta_check(tb.start >= ta.end, "the second kernel starts after the first ends");
    check_ns("second QUEUED (the host continued after the first SUBMIT)", tb.queued, ta.submit);
    check_ns("second START", tb.start,
             max_ns(tb.submit + dispatch_ns, ta.end) + cp_launch_ns);
    printf("back to back: second START - first END: %" PRIu64 " ns\n",
           (uint64_t)(tb.start - ta.end));
    check_result(&dev, out, 1001);
    TA_CHECK(clReleaseEvent(a));
    TA_CHECK(clReleaseEvent(b));

    /* A transfer pays the driver but not the kernel dispatch. */
    cl_event last, w;
    cl_uint value = 7;
    TA_CHECK(clEnqueueMarkerWithWaitList(dev.queue, 0, NULL, &last));
    TA_CHECK(clFinish(dev.queue));
    TA_CHECK(clEnqueueWriteBuffer(dev.queue, out, CL_FALSE, 0, sizeof value, &value, 0, NULL, &w));
    TA_CHECK(clFinish(dev.queue));
    struct times tl = times_of(last), tw = times_of(w);
    check_ns("write QUEUED (after waiting for the marker)", tw.queued, tl.end);
    check_ns("write SUBMIT - QUEUED", tw.submit - tw.queued, driver_ns);
    check_ns("write START - SUBMIT on an idle GPU", tw.start - tw.submit, 0);
    TA_CHECK(clReleaseEvent(last));
    TA_CHECK(clReleaseEvent(w));
    check_result(&dev, out, 7);

    TA_CHECK(clReleaseMemObject(out));
    TA_CHECK(clReleaseKernel(k));
    wl_close(&dev);
    return ta_finish();
}
