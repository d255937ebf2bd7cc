/*
 * faults: kernels with a wild pointer and an endless loop must fail their own
 * command (a negative event status, clFinish returning), leave every other
 * buffer untouched, and leave the device usable. Runs only under gcnsim: on a
 * CPU implementation such kernels crash or hang the host process.
 */
#include "testapp.h"

#include <stdlib.h>
#include <string.h>

#define N 256

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t got = fread(text, 1, (size_t)size, f);
    text[got] = 0;
    fclose(f);
    return text;
}

/* Runs `kernel` over `global` work-items; returns the command's final status. */
static cl_int run_grid(cl_command_queue queue, cl_kernel kernel, size_t global) {
    size_t local = 64;
    cl_event done;
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, &done));
    TA_CHECK(clFinish(queue));
    cl_int status;
    TA_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
    clReleaseEvent(done);
    return status;
}

/* Runs `kernel` over N work-items; returns the command's final status. */
static cl_int run(cl_command_queue queue, cl_kernel kernel) {
    return run_grid(queue, kernel, N);
}

static int untouched(cl_command_queue queue, cl_mem buffer, cl_uint pattern) {
    cl_uint host[N];
    TA_CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        if (host[i] != pattern)
            return 0;
    return 1;
}

int main(int argc, char **argv) {
    ta_init(&argc, argv);
    if (argc < 2) {
        fprintf(stderr, "usage: faults <faults.cl>\n");
        return 2;
    }
    char *source = read_file(argv[1]);
    if (!source) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    cl_platform_id platform = ta_platform();
    cl_device_id device = ta_device(platform);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err);
    TA_CHECK(err);
    cl_program program = clCreateProgramWithSource(ctx, 1, (const char **)&source, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));

    cl_uint zero = 0, pattern = 0x5a5a5a5a;
    cl_mem guard = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(cl_uint), NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clEnqueueFillBuffer(queue, guard, &pattern, sizeof pattern, 0, N * sizeof(cl_uint), 0,
                                 NULL, NULL));
    cl_mem flag = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_uint), NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clEnqueueWriteBuffer(queue, flag, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL));
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(cl_uint), NULL, &err);
    TA_CHECK(err);

    /* A store to an address no allocation covers. */
    cl_kernel wild = clCreateKernel(program, "wild_store", &err);
    TA_CHECK(err);
    cl_ulong wild_address = 0x7ff000000000ull;
    TA_CHECK(clSetKernelArg(wild, 0, sizeof guard, &guard));
    TA_CHECK(clSetKernelArg(wild, 1, sizeof wild_address, &wild_address));
    cl_int status = run(queue, wild);
    ta_check(status < 0, "a wild store fails its command (status %d)", status);
    ta_check(untouched(queue, guard, pattern), "a wild store leaves other buffers untouched");

    /* A kernel that never ends (stopped by the configured instruction limit). */
    cl_kernel endless = clCreateKernel(program, "endless_loop", &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(endless, 0, sizeof flag, &flag));
    TA_CHECK(clSetKernelArg(endless, 1, sizeof out, &out));
    status = run(queue, endless);
    ta_check(status < 0, "an endless loop fails its command (status %d)", status);
    ta_check(untouched(queue, guard, pattern), "an endless loop leaves other buffers untouched");
    /* On a real-sized grid it is stopped by the launch's instruction budget (each of its
     * 16,384 wavefronts stays far below the per-wavefront limit). */
    cl_mem big_out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)4 << 20, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(endless, 1, sizeof big_out, &big_out));
    status = run_grid(queue, endless, (size_t)1 << 20);
    ta_check(status < 0, "an endless loop on 2^20 work-items fails its command (status %d)",
             status);

    /* A large private segment needs scratch only for the wavefronts that run. */
    cl_kernel big_private = clCreateKernel(program, "big_private", &err);
    TA_CHECK(err);
    cl_uint seed = 12345;
    TA_CHECK(clSetKernelArg(big_private, 0, sizeof out, &out));
    TA_CHECK(clSetKernelArg(big_private, 1, sizeof seed, &seed));
    status = run(queue, big_private);
    ta_check(status == CL_COMPLETE, "100,000 bytes of private memory per work-item run (status %d)",
             status);
    cl_uint got[N];
    TA_CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    int private_ok = 1;
    for (int i = 0; i < N; i++)
        private_ok &= got[i] == (cl_uint)i + 1;
    ta_check(private_ok, "the private-memory kernel's results are right");

    /* The device still runs good kernels afterwards. */
    cl_kernel fill = clCreateKernel(program, "fill", &err);
    TA_CHECK(err);
    cl_uint value = 1000;
    TA_CHECK(clSetKernelArg(fill, 0, sizeof out, &out));
    TA_CHECK(clSetKernelArg(fill, 1, sizeof value, &value));
    status = run(queue, fill);
    ta_check(status == CL_COMPLETE, "a good kernel after the faults completes (status %d)", status);
    cl_uint host[N];
    TA_CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
    int good = 1;
    for (int i = 0; i < N; i++)
        good &= host[i] == value + (cl_uint)i;
    ta_check(good, "the good kernel's results are right");

    clReleaseKernel(wild);
    clReleaseKernel(endless);
    clReleaseKernel(big_private);
    clReleaseMemObject(big_out);
    clReleaseKernel(fill);
    clReleaseMemObject(guard);
    clReleaseMemObject(flag);
    clReleaseMemObject(out);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    free(source);
    return ta_finish();
}
