/*
 * kernellinks: on a unified device (GCNSIM_UNIFIED=1, timing mode, 2 or more GPUs on the
 * PCIe tree, two GPUs a switch), a kernel's traffic between the GPUs and a host transfer
 * that overlaps it in simulated time share the link they both cross (gcnsim only: the
 * times checked are gcnsim's simulated ones).
 *
 * The kernel's work-groups all run on GPU 1 and read n floats held on GPU 0 (the Locality
 * API places them): every 64-byte line of input crosses gpu0>switch0 and switch0>gpu1 as
 * an answer with a 4-byte header. The host writes n floats into a buffer held on GPU 1:
 * every line crosses host>root, root>switch0 and switch0>gpu1, with a 4-byte header.
 * So switch0>gpu1 carries L = n x 4 x 68/64 / --link-gbps ns for each (the platform's
 * pcie_gbytes_per_s), and each alone is bound by it (the kernel by about L, the write
 * takes L + 4 switches' latency). Both ask for their lines from GPU 1 with 12-byte
 * requests, over gpu1>switch0: R = L x 12/68 each.
 *
 * Each is timed alone, then both together (one user event starts both; two command
 * queues; together.toml makes the kernel's dispatch take 1 ns, so that both start
 * when the event ends, whichever queue's thread comes first): the link passes their
 * lines in turn, so
 * - each takes longer than alone by at least L / 2 (the other's lines pass between its
 *   own while both wait at the link, about one for one: about L more each);
 * - each takes longer by at most (L + R) x 1.01 (it waits for no more than all of the
 *   other's lines and requests on the links they share);
 * - the later of the two ends at least 2L after they started (the link carries both).
 * Each alone it took the same as before the links were shared; together it took the
 * same as alone then.
 *
 *   kernellinks [-n N] [--link-gbps G]
 */
#include "testapp.h"

#include <CL/cl_gcnsim.h>
#include <string.h>

static const char *source =
    "__kernel void scale(__global const float *in, __global float *out) {\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = in[i] * 2.0f + 1.0f;\n"
    "}\n";

/* A command's START to END; releases the event. */
static cl_ulong took(cl_event event, const char *what) {
    cl_ulong ns = ta_event_ns(event);
    ta_report_time(what, ns);
    clReleaseEvent(event);
    return ns;
}

int main(int argc, char **argv) {
    ta_init(&argc, argv);
    size_t n = 262144;
    double link_gbps = 16.0;
    if (ta_link_args(argc, argv, &n, &link_gbps, NULL))
        return 2;
    cl_platform_id platform = ta_platform();
    cl_device_id device = ta_device(platform);
    clSetMemObjectPlacementGCNSIM_fn place =
        (clSetMemObjectPlacementGCNSIM_fn)clGetExtensionFunctionAddressForPlatform(
            platform, "clSetMemObjectPlacementGCNSIM");
    clSetKernelWorkGroupSplitGCNSIM_fn split =
        (clSetKernelWorkGroupSplitGCNSIM_fn)clGetExtensionFunctionAddressForPlatform(
            platform, "clSetKernelWorkGroupSplitGCNSIM");
    if (!ta_check(place && split, "cl_gcnsim_locality's entry points exist"))
        return ta_finish();
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue kq = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    TA_CHECK(err);
    cl_command_queue wq = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    TA_CHECK(err);
    cl_program program = ta_build(ctx, device, source, "");
    cl_kernel kernel = clCreateKernel(program, "scale", &err);
    TA_CHECK(err);
    size_t bytes = n * sizeof(float), local = 256;
    float *host = malloc(bytes);
    for (size_t i = 0; i < n; i++)
        host[i] = (float)(i % 1000) * 0.25f;
    /* Two of each, so that the kernel together reads lines no cache holds. */
    cl_mem in[2], dst[2];
    for (int i = 0; i < 2; i++) {
        in[i] = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
        TA_CHECK(err);
        dst[i] = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
        TA_CHECK(err);
        TA_CHECK(place(in[i], 0, bytes, 0));
        TA_CHECK(place(dst[i], 0, bytes, 1));
    }
    cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(place(out, 0, bytes, 1));
    size_t counts[2] = {0, n / local};
    TA_CHECK(split(kernel, 2, counts));
    TA_CHECK(clSetKernelArg(kernel, 1, sizeof out, &out));

    cl_event event;
    TA_CHECK(clSetKernelArg(kernel, 0, sizeof in[0], &in[0]));
    TA_CHECK(clEnqueueNDRangeKernel(kq, kernel, 1, NULL, &n, &local, 0, NULL, &event));
    TA_CHECK(clFinish(kq));
    cl_ulong kernel_alone = took(event, "kernel[alone]");
    TA_CHECK(clEnqueueWriteBuffer(wq, dst[0], CL_FALSE, 0, bytes, host, 0, NULL, &event));
    TA_CHECK(clFinish(wq));
    cl_ulong write_alone = took(event, "write[alone]");

    cl_event go = clCreateUserEvent(ctx, &err), k, w;
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(kernel, 0, sizeof in[1], &in[1]));
    TA_CHECK(clEnqueueNDRangeKernel(kq, kernel, 1, NULL, &n, &local, 1, &go, &k));
    TA_CHECK(clEnqueueWriteBuffer(wq, dst[1], CL_FALSE, 0, bytes, host, 1, &go, &w));
    TA_CHECK(clSetUserEventStatus(go, CL_COMPLETE));
    clReleaseEvent(go);
    TA_CHECK(clFinish(kq));
    TA_CHECK(clFinish(wq));
    cl_ulong first = ta_event_time(k, CL_PROFILING_COMMAND_START);
    cl_ulong write_start = ta_event_time(w, CL_PROFILING_COMMAND_START);
    ta_check(first == write_start, "both start together (%llu and %llu ns)",
             (unsigned long long)first, (unsigned long long)write_start);
    cl_ulong last = ta_event_time(k, CL_PROFILING_COMMAND_END);
    cl_ulong write_end = ta_event_time(w, CL_PROFILING_COMMAND_END);
    first = first < write_start ? first : write_start;
    last = last > write_end ? last : write_end;
    cl_ulong kernel_together = took(k, "kernel[together]");
    cl_ulong write_together = took(w, "write[together]");

    double link_ns = (double)bytes * 68.0 / 64.0 / link_gbps;
    double most = 1.01 * link_ns * (68.0 + 12.0) / 68.0;
    printf("L = %.0f ns; kernel %llu -> %llu ns, write %llu -> %llu ns\n", link_ns,
           (unsigned long long)kernel_alone, (unsigned long long)kernel_together,
           (unsigned long long)write_alone, (unsigned long long)write_together);
    const char *what[2] = {"kernel", "write"};
    double alone[2] = {(double)kernel_alone, (double)write_alone};
    double together[2] = {(double)kernel_together, (double)write_together};
    for (int i = 0; i < 2; i++) {
        double more = together[i] - alone[i];
        ta_check(more >= 0.5 * link_ns && more <= most,
                 "the %s takes %.0f ns longer with the other (expected %.0f to %.0f ns)",
                 what[i], more, 0.5 * link_ns, most);
    }
    ta_check((double)(last - first) >= 2.0 * link_ns,
             "both end %llu ns after they started (expected at least 2L = %.0f ns)",
             (unsigned long long)(last - first), 2.0 * link_ns);

    float *back = malloc(bytes);
    TA_CHECK(clEnqueueReadBuffer(kq, out, CL_TRUE, 0, bytes, back, 0, NULL, NULL));
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++)
        wrong += back[i] != host[i] * 2.0f + 1.0f;
    ta_check(wrong == 0, "the kernel's output (%zu of %zu wrong)", wrong, n);
    TA_CHECK(clEnqueueReadBuffer(wq, dst[1], CL_TRUE, 0, bytes, back, 0, NULL, NULL));
    ta_check(memcmp(back, host, bytes) == 0, "the written buffer holds what was written");
    free(back);

    for (int i = 0; i < 2; i++) {
        clReleaseMemObject(in[i]);
        clReleaseMemObject(dst[i]);
    }
    clReleaseMemObject(out);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(kq);
    clReleaseCommandQueue(wq);
    clReleaseContext(ctx);
    free(host);
    return ta_finish();
}
