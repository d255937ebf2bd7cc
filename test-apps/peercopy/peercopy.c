/*
 * peercopy: buffers moving between discrete GPUs (two OpenCL devices of one context)
 * take the simulated time of the links between them.
 *
 * 1. A kernel reads n floats and writes n, once on GPU 0 with its input resident there
 *    (local), once on GPU 1 with the input still on GPU 0 (remote: the input moves to
 *    GPU 1 before the kernel starts). From QUEUED to END the remote command must take
 *    longer by the move's time on the links, within 10 %: every 64-byte line crosses
 *    from GPU 0 to GPU 1 with a 4-byte header at --link-gbps GB/s (the platform's
 *    pcie_gbytes_per_s, passed in by the test), less the 500 ns the kernel's dispatch
 *    takes anyway (the move and the dispatch overlap).
 * 2. clEnqueueCopyBuffer on GPU 0's queue from the remote kernel's output (on GPU 1):
 *    the copy starts (START - SUBMIT) the output's link time later, within 10 %.
 * 3. A chain over both queues, ordered by events only: kernel on GPU 0, copy to a
 *    buffer used on GPU 1, kernel on GPU 1, copy back on GPU 0; the result is checked
 *    and printed (`result:`) for the determinism test.
 *
 * The metrics report shows the moves (gpu_to_gpu rows, transfers.fabric rows).
 *
 *   peercopy [-n N] [--link-gbps G]
 */
#include "testapp.h"

#include <string.h>

static const char *source =
    "__kernel void scale(__global const float *in, __global float *out) {\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = in[i] * 2.0f + 1.0f;\n"
    "}\n";

/* Launches `kernel` (in, out) over n work-items on `queue` after `wait` (may be NULL). */
static cl_event launch(cl_command_queue queue, cl_kernel kernel, cl_mem in, cl_mem out,
                       size_t n, cl_event wait) {
    size_t local = 256;
    cl_event done;
    TA_CHECK(clSetKernelArg(kernel, 0, sizeof in, &in));
    TA_CHECK(clSetKernelArg(kernel, 1, sizeof out, &out));
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &n, &local, wait ? 1 : 0,
                                    wait ? &wait : NULL, &done));
    return done;
}

/* Counts outputs of `buffer` that are not `times` applications of x*2+1 to host[i]. */
static size_t wrong_outputs(cl_command_queue queue, cl_mem buffer, const float *host,
                            size_t n, int times) {
    float *back = malloc(n * sizeof(float));
    TA_CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, n * sizeof(float), back, 0,
                                 NULL, NULL));
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++) {
        float want = host[i];
        for (int t = 0; t < times; t++)
            want = want * 2.0f + 1.0f;
        wrong += back[i] != want;
    }
    free(back);
    return wrong;
}

/* Checks that `got` ns is within 10 % of `want` ns. */
static void check_near(const char *what, double got, double want) {
    printf("%s: %.0f ns; the link's time: %.0f ns\n", what, got, want);
    ta_check(got > 0.9 * want && got < 1.1 * want, "%s takes the link's time (%.0f ns, expected %.0f)",
             what, got, want);
}

int main(int argc, char **argv) {
    ta_init(&argc, argv);
    size_t n = 262144;
    double link_gbps = 16.0;
    if (ta_link_args(argc, argv, &n, &link_gbps, NULL))
        return 2;
    cl_platform_id platform = ta_platform();
    cl_uint count = 0;
    cl_device_id *devices = ta_devices(platform, &count);
    if (!ta_check(count >= 2, "at least two devices (%u)", count))
        return ta_finish();
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 2, devices, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue q[2];
    for (int g = 0; g < 2; g++) {
        q[g] = clCreateCommandQueue(ctx, devices[g], CL_QUEUE_PROFILING_ENABLE, &err);
        TA_CHECK(err);
    }
    cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clBuildProgram(program, 0, NULL, "", NULL, NULL));
    cl_kernel kernel = clCreateKernel(program, "scale", &err);
    TA_CHECK(err);
    size_t bytes = n * sizeof(float);
    float *host = malloc(bytes);
    for (size_t i = 0; i < n; i++)
        host[i] = (float)(i % 1000) * 0.25f;
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
    TA_CHECK(err);
    cl_mem out[4];
    for (int b = 0; b < 4; b++) {
        out[b] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
        TA_CHECK(err);
    }
    /* Each 64-byte line crosses with a 4-byte header. */
    double link_ns = (double)bytes * 68.0 / 64.0 / link_gbps;

    /* 1. The same kernel on local and on remote input. */
    cl_event local = launch(q[0], kernel, in, out[0], n, NULL);
    TA_CHECK(clFinish(q[0]));
    cl_event remote = launch(q[1], kernel, in, out[1], n, NULL);
    TA_CHECK(clFinish(q[1]));
    cl_ulong local_ns = ta_event_time(local, CL_PROFILING_COMMAND_END) -
                        ta_event_time(local, CL_PROFILING_COMMAND_QUEUED);
    cl_ulong remote_ns = ta_event_time(remote, CL_PROFILING_COMMAND_END) -
                         ta_event_time(remote, CL_PROFILING_COMMAND_QUEUED);
    ta_report_time("scale[local, queued to end]", local_ns);
    ta_report_time("scale[remote, queued to end]", remote_ns);
    check_near("remote - local", (double)remote_ns - (double)local_ns, link_ns - 500.0);
    ta_check(wrong_outputs(q[1], out[1], host, n, 1) == 0, "the remote kernel's results");

    /* 2. A copy on GPU 0 from a buffer on GPU 1. */
    cl_event copy;
    TA_CHECK(clEnqueueCopyBuffer(q[0], out[1], out[2], 0, 0, bytes, 0, NULL, &copy));
    TA_CHECK(clFinish(q[0]));
    cl_ulong wait_ns = ta_event_time(copy, CL_PROFILING_COMMAND_START) -
                       ta_event_time(copy, CL_PROFILING_COMMAND_SUBMIT);
    ta_report_time("copy_buffer[gpu1 to gpu0, submit to start]", wait_ns);
    check_near("the peer copy's wait", (double)wait_ns, link_ns);
    ta_check(wrong_outputs(q[0], out[2], host, n, 1) == 0, "the peer copy's bytes");

    /* 3. A chain over both GPUs, ordered by events alone. */
    cl_event k0 = launch(q[0], kernel, in, out[0], n, NULL);
    cl_event c1;
    TA_CHECK(clEnqueueCopyBuffer(q[1], out[0], out[1], 0, 0, bytes, 1, &k0, &c1));
    cl_event k1 = launch(q[1], kernel, out[1], out[3], n, c1);
    cl_event c0;
    TA_CHECK(clEnqueueCopyBuffer(q[0], out[3], out[2], 0, 0, bytes, 1, &k1, &c0));
    TA_CHECK(clWaitForEvents(1, &c0));
    size_t wrong = wrong_outputs(q[0], out[2], host, n, 2);
    ta_check(wrong == 0, "the chain's results (%zu of %zu wrong)", wrong, n);
    cl_ulong chain_ns = ta_event_time(c0, CL_PROFILING_COMMAND_END) - ta_event_time(k0, CL_PROFILING_COMMAND_QUEUED);
    ta_report_time("chain[queued to end]", chain_ns);
    printf("result: %zu wrong of %zu\n", wrong, n);

    cl_event events[] = {local, remote, copy, k0, c1, k1, c0};
    for (size_t e = 0; e < sizeof events / sizeof *events; e++)
        clReleaseEvent(events[e]);
    clReleaseMemObject(in);
    for (int b = 0; b < 4; b++)
        clReleaseMemObject(out[b]);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    for (int g = 0; g < 2; g++)
        clReleaseCommandQueue(q[g]);
    clReleaseContext(ctx);
    free(devices);
    free(host);
    return ta_finish();
}
