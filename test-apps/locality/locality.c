/*
 * locality: gcnsim's Locality API (cl_gcnsim_locality, include/CL/cl_gcnsim.h) on a
 * unified device of several GPUs (GCNSIM_UNIFIED=1, timing mode).
 *
 * A kernel reads n floats and writes n. Run twice: once with its input, its output
 * and all its work-groups on GPU 0 (local), once with the input left on GPU 0 and the
 * output and all work-groups on GPU 1 (remote: every line of input crosses the link
 * between the two GPUs). Both results must be right, and the remote run must take
 * longer than the local one by the time the input's lines take on the link: each
 * 64-byte line answered with 4 bytes of header, at --link-gbps GB/s (the platform's
 * pcie_gbytes_per_s, which the test passes in), rounded up to whole flits of
 * --flit-bytes (platform.link_flit_bytes; 0: bytes exactly), within 15 %. Also checks the API's
 * errors: no such GPU, a range outside the buffer, more GPUs than the device has, a
 * split that does not add up to the launch.
 *
 *   locality [-n N] [--link-gbps G] [--flit-bytes F]
 */
#include "testapp.h"

#include <CL/cl_gcnsim.h>
#include <string.h>

static const char *source =
    "__kernel void scale(__global const float *in, __global float *out) {\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = in[i] * 2.0f + 1.0f;\n"
    "}\n";

struct api {
    clSetMemObjectPlacementGCNSIM_fn place;
    clSetKernelWorkGroupSplitGCNSIM_fn split;
};

/* Runs the kernel with `in` on GPU 0 and `out` and every work-group on GPU `gpu`;
 * returns the kernel's time and checks the output. */
static cl_ulong run(const struct api *api, cl_command_queue queue, cl_kernel kernel,
                    cl_mem in, cl_mem out, size_t n, unsigned gpu, const float *host) {
    size_t bytes = n * sizeof(float), local = 256, groups = n / local;
    size_t split[2] = {gpu == 0 ? groups : 0, gpu == 0 ? 0 : groups};
    TA_CHECK(api->place(in, 0, bytes, 0));
    TA_CHECK(api->place(out, 0, bytes, gpu));
    TA_CHECK(api->split(kernel, 2, split));
    cl_event done;
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &n, &local, 0, NULL, &done));
    TA_CHECK(clWaitForEvents(1, &done));
    cl_ulong ns = ta_event_ns(done);
    clReleaseEvent(done);
    float *back = malloc(bytes);
    TA_CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, bytes, back, 0, NULL, NULL));
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++)
        wrong += back[i] != host[i] * 2.0f + 1.0f;
    ta_check(wrong == 0, "work-groups on GPU %u: %zu of %zu outputs wrong", gpu, wrong, n);
    free(back);
    return ns;
}

int main(int argc, char **argv) {
    ta_init(&argc, argv);
    size_t n = 262144;
    double link_gbps = 16.0;
    unsigned flit_bytes = 0;
    if (ta_link_args(argc, argv, &n, &link_gbps, &flit_bytes))
        return 2;
    cl_platform_id platform = ta_platform();
    cl_device_id device = ta_device(platform);
    struct api api = {
        (clSetMemObjectPlacementGCNSIM_fn)clGetExtensionFunctionAddressForPlatform(
            platform, "clSetMemObjectPlacementGCNSIM"),
        (clSetKernelWorkGroupSplitGCNSIM_fn)clGetExtensionFunctionAddressForPlatform(
            platform, "clSetKernelWorkGroupSplitGCNSIM"),
    };
    if (!ta_check(api.place && api.split, "cl_gcnsim_locality's entry points exist"))
        return ta_finish();
    char *extensions = ta_platform_string(platform, CL_PLATFORM_EXTENSIONS);
    ta_check(strstr(extensions, "cl_gcnsim_locality") != NULL,
             "the platform lists cl_gcnsim_locality");
    free(extensions);

    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue queue =
        clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    TA_CHECK(err);
    cl_program program = ta_build(ctx, device, source, "");
    cl_kernel kernel = clCreateKernel(program, "scale", &err);
    TA_CHECK(err);
    size_t bytes = n * sizeof(float);
    float *host = malloc(bytes);
    for (size_t i = 0; i < n; i++)
        host[i] = (float)(i % 1000) * 0.25f;
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
    TA_CHECK(err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(kernel, 0, sizeof in, &in));
    TA_CHECK(clSetKernelArg(kernel, 1, sizeof out, &out));

    ta_check_err(api.place(in, 0, bytes, 1000), CL_INVALID_VALUE, "placement on GPU 1000");
    ta_check_err(api.place(in, bytes - 4, 8, 0), CL_INVALID_VALUE,
                 "placement past the buffer's end");
    size_t too_many[65] = {0};
    ta_check_err(api.split(kernel, 65, too_many), CL_INVALID_VALUE, "a split over 65 GPUs");
    ta_check_err(api.split(kernel, 2, NULL), CL_INVALID_VALUE, "a split without counts");

    /* A split that does not add up to the launch's work-groups fails its command. */
    size_t wrong_sum[2] = {1, 1};
    TA_CHECK(api.split(kernel, 2, wrong_sum));
    size_t local_size = 256;
    cl_event bad;
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &n, &local_size, 0, NULL, &bad));
    cl_int bad_status = clWaitForEvents(1, &bad);
    cl_int status = CL_COMPLETE;
    TA_CHECK(clGetEventInfo(bad, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                            NULL));
    ta_check(bad_status != CL_SUCCESS && status < 0,
             "a split of 2 work-groups for %zu fails its command (status %d)", n / 256, status);
    clReleaseEvent(bad);

    cl_ulong local = run(&api, queue, kernel, in, out, n, 0, host);
    cl_ulong remote = run(&api, queue, kernel, in, out, n, 1, host);
    ta_report_time("scale[local]", local);
    ta_report_time("scale[remote]", remote);
    /* Every 64-byte line of input crosses the link once, with a 4-byte header (rounded
     * up to whole flits on links that move flits). */
    unsigned line_bytes = 68;
    if (flit_bytes)
        line_bytes = (line_bytes + flit_bytes - 1) / flit_bytes * flit_bytes;
    double expected = (double)bytes / 64.0 * (double)line_bytes / link_gbps;
    double extra = (double)remote - (double)local;
    printf("remote - local: %.0f ns; the input's lines on the link: %.0f ns\n", extra,
           expected);
    ta_check(extra > 0.85 * expected && extra < 1.15 * expected,
             "the remote run takes the link's time longer (%.0f ns, expected %.0f)", extra,
             expected);

    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    free(host);
    return ta_finish();
}
