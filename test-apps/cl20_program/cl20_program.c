/*
 * cl20_program: an OpenCL C 2.0 program built with -cl-std=CL2.0:
 *  - program-scope __global variables with initialisers (an array, an atomic,
 *    a pointer initialised to the address of another variable) and __constant
 *    data; their values persist from one kernel launch to the next;
 *  - generic pointers: one function called with private, local and global
 *    addresses, and to_global/to_local/to_private;
 *  - 2.0 atomics (atomic_fetch_add_explicit with device and work-group
 *    scopes, through global and generic pointers to global and local atomics;
 *    atomic_init, atomic_load, atomic_store) and a work-group reduction.
 * Devices that compile neither OpenCL C 2.0 nor OpenCL C 3.0 with the features
 * it uses skip it, saying so. A 1.2 build of the same
 * source must fail (program-scope globals are 2.0 only). --must-run (gcnsim's
 * runs) makes skipping a failure.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include "testapp.h"

#include <string.h>

#define N 256
#define LOCAL 64

static const char *source =
    "global int table[4] = {10, 20, 30, 40};\n"
    "constant float scale[2] = {0.5f, 2.0f};\n"
    "global atomic_int hits = ATOMIC_VAR_INIT(5);\n"
    "global int *global cursor = &table[1];\n"
    "\n"
    "int twice(int *p) { *p += 1; return 2 * *p; } /* generic pointer */\n"
    "/* flat (generic) atomics, to local or global memory */\n"
    "void count(volatile atomic_int *c)\n"
    "{\n"
    "    atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_work_group);\n"
    "}\n"
    "\n"
    "kernel void mix(global int *out, local int *scratch)\n"
    "{\n"
    "    int i = (int)get_global_id(0), l = (int)get_local_id(0);\n"
    "    int priv = i;\n"
    "    scratch[l] = 3 * i;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    int a = twice(&priv);\n"
    "    int b = twice(&scratch[l]);\n"
    "    int c = 2 * table[i % 4];\n"
    "    out[i] = a + b + c + (int)(scale[i % 2] * 4.0f) + *cursor + priv;\n"
    "    atomic_fetch_add_explicit(&hits, 1, memory_order_relaxed, memory_scope_device);\n"
    "    out[N + i] = work_group_reduce_add(i);\n"
    "    local atomic_int group_hits;\n"
    "    if (l == 0) atomic_init(&group_hits, 0);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    count(&group_hits);\n"
    "    count(&hits);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    out[3 * N + i] = atomic_load_explicit(&group_hits, memory_order_acquire,\n"
    "                                          memory_scope_work_group);\n"
    "    int *g = &table[i % 4], *lp = &scratch[l], *pp = &priv;\n"
    "    out[2 * N + i] = (to_global(g) != 0) | (to_local(g) == 0) << 1 | (to_private(g) == 0) << 2\n"
    "                   | (to_local(lp) != 0) << 3 | (to_global(lp) == 0) << 4\n"
    "                   | (to_private(pp) != 0) << 5 | (to_global(pp) == 0) << 6;\n"
    "}\n"
    "\n"
    "kernel void bump(void)\n"
    "{\n"
    "    table[3] = 41;\n"
    "    cursor = &table[3];\n"
    "    atomic_store(&hits, atomic_load(&hits) + 1000);\n"
    "}\n"
    "\n"
    "kernel void read_back(global int *out)\n"
    "{\n"
    "    out[0] = atomic_load(&hits);\n"
    "    out[1] = *cursor;\n"
    "    out[2] = table[0] + table[1] + table[2] + table[3];\n"
    "}\n";

/* Whether the device compiles this OpenCL C 2.0 program: OpenCL C 2.0 is in
 * CL_DEVICE_OPENCL_C_ALL_VERSIONS, or (an OpenCL 3.0 device that does not claim
 * all of 2.0, e.g. without pipes or device-side enqueue, as gcnsim) OpenCL C 3.0
 * is, with the optional features the program uses; before OpenCL 3.0, its
 * CL_DEVICE_OPENCL_C_VERSION is 2.0 or later. */
static int compiles_this_program(cl_device_id device)
{
    static const char *used[] = {
        "__opencl_c_generic_address_space", "__opencl_c_program_scope_global_variables",
        "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
        "__opencl_c_work_group_collective_functions"};
    const cl_device_info all = CL_DEVICE_OPENCL_C_ALL_VERSIONS;
    size_t size = 0;
    if (clGetDeviceInfo(device, all, 0, NULL, &size) == CL_SUCCESS) {
        if (ta_device_lists(device, all, "OpenCL C", 2, 0))
            return 1;
        int has_all = ta_device_lists(device, all, "OpenCL C", 3, 0);
        for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
            has_all &= ta_device_lists(device, CL_DEVICE_OPENCL_C_FEATURES, used[i], 0, 0);
        return has_all;
    }
    char *v = ta_device_string(device, CL_DEVICE_OPENCL_C_VERSION);
    int major = 0, minor = 0;
    int parsed = sscanf(v, "OpenCL C %d.%d", &major, &minor) == 2;
    ta_check(parsed, "CL_DEVICE_OPENCL_C_VERSION is \"OpenCL C <major>.<minor> ...\" (\"%s\")", v);
    free(v);
    return parsed && major >= 2;
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    cl_platform_id platform = ta_platform();
    cl_device_id device = ta_device(platform);
    int must_run = argc > 1 && strcmp(argv[1], "--must-run") == 0;
    if (!compiles_this_program(device)) {
        printf("skipping: the device supports neither OpenCL C 2.0 nor the OpenCL C 3.0 "
               "features this program uses\n");
        ta_check(!must_run, "--must-run: the program runs on this device");
        return ta_finish();
    }
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    TA_CHECK(err);

    char define[32];
    snprintf(define, sizeof define, "#define N %d\n", N);
    const char *sources[] = {define, source};
    cl_program old = clCreateProgramWithSource(ctx, 2, sources, NULL, &err);
    TA_CHECK(err);
    ta_check_err(clBuildProgram(old, 1, &device, "", NULL, NULL), CL_BUILD_PROGRAM_FAILURE,
                 "without -cl-std=CL2.0 the program is OpenCL C 1.2 (no program-scope globals)");
    clReleaseProgram(old);

    cl_program program = clCreateProgramWithSource(ctx, 2, sources, NULL, &err);
    TA_CHECK(err);
    err = clBuildProgram(program, 1, &device, "-cl-std=CL2.0", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("%s\n", log);
        ta_die(__FILE__, __LINE__, "clBuildProgram(-cl-std=CL2.0)", err);
    }
    size_t total = 0;
    TA_CHECK(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                   sizeof total, &total, NULL));
    ta_check(total >= 4 * sizeof(cl_int) + sizeof(cl_int) + sizeof(void *),
             "CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE covers the variables (%zu bytes)", total);
    size_t max_variable = 0;
    TA_CHECK(clGetDeviceInfo(device, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof max_variable,
                             &max_variable, NULL));
    ta_check(max_variable >= 64 * 1024,
             "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE is at least the spec's 64 KiB (%zu)", max_variable);

    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * N * sizeof(cl_int), NULL, &err);
    TA_CHECK(err);
    cl_kernel mix = clCreateKernel(program, "mix", &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(mix, 0, sizeof out, &out));
    TA_CHECK(clSetKernelArg(mix, 1, LOCAL * sizeof(cl_int), NULL));
    size_t global = N, local = LOCAL;
    TA_CHECK(clEnqueueNDRangeKernel(q, mix, 1, NULL, &global, &local, 0, NULL, NULL));
    cl_int got[4 * N];
    TA_CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    const int table[4] = {10, 20, 30, 40};
    int bad_mix = 0, bad_reduce = 0, bad_casts = 0, bad_local_atomics = 0;
    for (int i = 0; i < N; i++) {
        int a = 2 * (i + 1), b = 2 * (3 * i + 1), c = 2 * table[i % 4];
        int scaled = i % 2 ? 8 : 2;
        bad_mix += got[i] != a + b + c + scaled + 20 + (i + 1);
        int g = i / LOCAL * LOCAL;
        bad_reduce += got[N + i] != LOCAL * g + LOCAL * (LOCAL - 1) / 2;
        bad_casts += got[2 * N + i] != 0x7f;
        bad_local_atomics += got[3 * N + i] != LOCAL;
    }
    ta_check(bad_mix == 0, "generic pointers to private, local and global memory; program-scope "
                           "and constant data: %d of %d wrong", bad_mix, N);
    ta_check(bad_reduce == 0, "work_group_reduce_add: %d of %d wrong", bad_reduce, N);
    ta_check(bad_local_atomics == 0,
             "generic-pointer atomics on a local atomic_int count the work-group: %d of %d wrong",
             bad_local_atomics, N);
    ta_check(bad_casts == 0, "to_global/to_local/to_private: %d of %d wrong (first %#x)",
             bad_casts, N, got[2 * N]);

    cl_kernel bump = clCreateKernel(program, "bump", &err);
    TA_CHECK(err);
    size_t one = 1;
    TA_CHECK(clEnqueueNDRangeKernel(q, bump, 1, NULL, &one, NULL, 0, NULL, NULL));
    cl_kernel read_back = clCreateKernel(program, "read_back", &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(read_back, 0, sizeof out, &out));
    TA_CHECK(clEnqueueNDRangeKernel(q, read_back, 1, NULL, &one, NULL, 0, NULL, NULL));
    TA_CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 3 * sizeof(cl_int), got, 0, NULL, NULL));
    ta_check(got[0] == 5 + 2 * N + 1000,
             "a program-scope atomic counts global and generic-pointer atomics and keeps its "
             "value across launches (%d, want %d)", got[0], 5 + 2 * N + 1000);
    ta_check(got[1] == 41, "a program-scope pointer set by one kernel is followed by the next "
                           "(%d, want 41)", got[1]);
    ta_check(got[2] == 10 + 20 + 30 + 41, "a program-scope array keeps a kernel's store (%d)",
             got[2]);

    clReleaseKernel(mix);
    clReleaseKernel(bump);
    clReleaseKernel(read_back);
    clReleaseMemObject(out);
    clReleaseProgram(program);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return ta_finish();
}
