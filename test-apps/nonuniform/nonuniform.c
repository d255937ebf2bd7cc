/*
 * nonuniform: non-uniform work-groups (OpenCL 3.0 API 5.9, clEnqueueNDRangeKernel).
 *  - A program built with -cl-std=CL3.0 (or CL2.0 where the device lists no
 *    OpenCL C 3.0) runs NDRanges whose global size is not a multiple of the
 *    work-group size in 1, 2 and 3 dimensions, with offsets: every work-item
 *    records its ids and sizes (get_global_id, get_local_id, get_local_size,
 *    get_enqueued_local_size, get_group_id, get_num_groups, get_local_linear_id,
 *    get_work_dim) and what its work-group computed together (a sum in local
 *    memory after a barrier, a count by local atomics, and
 *    work_group_reduce_add where the language has it); the app computes every
 *    value itself from the NDRange and compares.
 *  - With no local size the runtime's choice must also be consistent.
 *  - The work-group size must stay uniform for OpenCL C 1.2 programs and for
 *    -cl-uniform-work-group-size: CL_INVALID_WORK_GROUP_SIZE.
 * Devices that report no CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT (PoCL 3.1)
 * skip the non-uniform launches, saying so.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include "testapp.h"

#include <string.h>

/* Values each work-item records. */
enum {
    GID = 0,        /* 3: get_global_id */
    LID = 3,        /* 3: get_local_id */
    LSIZE = 6,      /* 3: get_local_size */
    ENQ = 9,        /* 3: get_enqueued_local_size */
    GROUP = 12,     /* 3: get_group_id */
    NGROUPS = 15,   /* 3: get_num_groups */
    LLID = 18,      /* get_local_linear_id */
    SUM = 19,       /* sum of (local linear id + 1) over the work-group */
    COUNT = 20,     /* work-items of the work-group, counted by local atomics */
    REDUCE = 21,    /* work_group_reduce_add(1), or the count where there is none */
    DIM = 22,       /* get_work_dim */
    RECORD = 23
};

static const char *const source =
    "#if __OPENCL_C_VERSION__ == 200 || defined(__opencl_c_work_group_collective_functions)\n"
    "#define REDUCE_ADD(x, fallback) work_group_reduce_add(x)\n"
    "#else\n"
    "#define REDUCE_ADD(x, fallback) (fallback)\n"
    "#endif\n"
    "kernel void ids(global uint *out, local uint *scratch, local uint *counter)\n"
    "{\n"
    "    global uint *o = out + 23 * get_global_linear_id();\n"
    "    for (uint d = 0; d < 3; d++) {\n"
    "        o[0 + d] = get_global_id(d);\n"
    "        o[3 + d] = get_local_id(d);\n"
    "        o[6 + d] = get_local_size(d);\n"
    "        o[9 + d] = get_enqueued_local_size(d);\n"
    "        o[12 + d] = get_group_id(d);\n"
    "        o[15 + d] = get_num_groups(d);\n"
    "    }\n"
    "    uint me = get_local_linear_id();\n"
    "    uint n = get_local_size(0) * get_local_size(1) * get_local_size(2);\n"
    "    o[18] = me;\n"
    "    if (me == 0)\n"
    "        *counter = 0;\n"
    "    scratch[me] = me + 1;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    atomic_inc(counter);\n"
    "    uint sum = 0;\n"
    "    for (uint i = 0; i < n; i++)\n"
    "        sum += scratch[i];\n"
    "    o[19] = sum;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    uint count = *counter;\n"
    "    o[20] = count;\n"
    "    o[21] = REDUCE_ADD(1u, count);\n"
    "    o[22] = get_work_dim();\n"
    "}\n";

/* A kernel OpenCL C 1.2 can compile. */
static const char *const source_1_2 =
    "kernel void fill(global uint *out) { out[get_global_id(0)] = get_local_size(0); }\n";

static cl_context ctx;
static cl_device_id device;
static cl_command_queue queue;

/* Whether CL_DEVICE_OPENCL_C_ALL_VERSIONS lists OpenCL C major.minor. */
static int has_c_version(unsigned major, unsigned minor)
{
    return ta_device_lists(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, "OpenCL C", major, minor);
}

/* One NDRange of the ids kernel; local == NULL lets the runtime choose. */
struct range {
    const char *name;
    cl_uint dims;
    size_t offset[3], global[3], local[3];
    int runtime_local;
};

/* What work-item (x, y, z) (relative to the offset) of `r` must record, with
 * work-group size `l` (the enqueued one). */
static void expected(const struct range *r, const size_t *l, const size_t *rel, cl_uint *e)
{
    size_t lsize[3], lid[3];
    for (int d = 0; d < 3; d++) {
        size_t g = d < (int)r->dims ? r->global[d] : 1;
        size_t group = rel[d] / l[d];
        lid[d] = rel[d] % l[d];
        lsize[d] = g - group * l[d] < l[d] ? g - group * l[d] : l[d];
        e[GID + d] = (cl_uint)(rel[d] + (d < (int)r->dims ? r->offset[d] : 0));
        e[LID + d] = (cl_uint)lid[d];
        e[LSIZE + d] = (cl_uint)lsize[d];
        e[ENQ + d] = (cl_uint)l[d];
        e[GROUP + d] = (cl_uint)group;
        e[NGROUPS + d] = (cl_uint)((g + l[d] - 1) / l[d]);
    }
    size_t n = lsize[0] * lsize[1] * lsize[2];
    e[LLID] = (cl_uint)(lid[0] + lsize[0] * (lid[1] + lsize[1] * lid[2]));
    e[SUM] = (cl_uint)(n * (n + 1) / 2);
    e[COUNT] = (cl_uint)n;
    e[REDUCE] = (cl_uint)n;
    e[DIM] = r->dims;
}

static const char *const field_names[RECORD] = {
    "global_id(0)", "global_id(1)", "global_id(2)", "local_id(0)", "local_id(1)",
    "local_id(2)", "local_size(0)", "local_size(1)", "local_size(2)",
    "enqueued_local_size(0)", "enqueued_local_size(1)", "enqueued_local_size(2)",
    "group_id(0)", "group_id(1)", "group_id(2)", "num_groups(0)", "num_groups(1)",
    "num_groups(2)", "local_linear_id", "work-group sum", "work-group count",
    "work_group_reduce_add", "work_dim"};

static void run(cl_kernel k, const struct range *r)
{
    size_t g[3] = {1, 1, 1}, items = 1;
    for (cl_uint d = 0; d < r->dims; d++) {
        g[d] = r->global[d];
        items *= g[d];
    }
    cl_int err;
    size_t bytes = items * RECORD * sizeof(cl_uint);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    TA_CHECK(clSetKernelArg(k, 1, 1024 * sizeof(cl_uint), NULL));
    TA_CHECK(clSetKernelArg(k, 2, sizeof(cl_uint), NULL));
    TA_CHECK(clEnqueueNDRangeKernel(queue, k, r->dims, r->offset, r->global,
                                    r->runtime_local ? NULL : r->local, 0, NULL, NULL));
    cl_uint *got = malloc(bytes);
    TA_CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, bytes, got, 0, NULL, NULL));
    /* The enqueued work-group size: the app's, or the runtime's as work-item 0 saw it. */
    size_t l[3] = {1, 1, 1};
    for (cl_uint d = 0; d < r->dims; d++)
        l[d] = r->runtime_local ? got[ENQ + d] : r->local[d];
    int bad = 0;
    for (size_t i = 0; i < items && bad < 5; i++) {
        size_t rel[3] = {i % g[0], (i / g[0]) % g[1], i / (g[0] * g[1])};
        cl_uint e[RECORD];
        expected(r, l, rel, e);
        for (int f = 0; f < RECORD; f++) {
            if (got[i * RECORD + f] != e[f] && bad++ < 5)
                printf("  %s: work-item (%zu, %zu, %zu): %s is %u, expected %u\n", r->name,
                       rel[0], rel[1], rel[2], field_names[f], got[i * RECORD + f], e[f]);
        }
    }
    ta_check(!bad, "%s: every work-item's ids, sizes and work-group results", r->name);
    if (r->runtime_local)
        ta_check(l[0] >= 1 && l[0] <= r->global[0],
                 "%s: the runtime chose a work-group of %zu work-items", r->name, l[0]);
    free(got);
    clReleaseMemObject(out);
}

/* A launch of `fill` (global 100) with work-groups of `local` must give `want`. */
static void launch_1d(cl_program p, size_t local, cl_int want, const char *what)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, "fill", &err);
    TA_CHECK(err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 100 * sizeof(cl_uint), NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    size_t global = 100;
    ta_check_err(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
                 want, "%s: global 100, local %zu", what, local);
    TA_CHECK(clFinish(queue));
    clReleaseMemObject(out);
    clReleaseKernel(k);
}

/* std: the -cl-std option of the newest OpenCL C (2.0 or later) the device
 * has, or NULL. */
static void check_uniform_programs(const char *std)
{
    cl_program p = ta_build(ctx, device, source_1_2, "");
    launch_1d(p, 64, CL_INVALID_WORK_GROUP_SIZE, "OpenCL C 1.2 needs uniform work-groups");
    launch_1d(p, 50, CL_SUCCESS, "OpenCL C 1.2, uniform work-groups");
    clReleaseProgram(p);
    if (std) {
        char options[64];
        snprintf(options, sizeof options, "%s -cl-uniform-work-group-size", std);
        p = ta_build(ctx, device, source_1_2, options);
        launch_1d(p, 64, CL_INVALID_WORK_GROUP_SIZE, options);
        clReleaseProgram(p);
    }
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    cl_platform_id platform = ta_platform();
    device = ta_device(platform);
    cl_int err;
    ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    queue = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    TA_CHECK(err);

    const char *std = has_c_version(3, 0)   ? "-cl-std=CL3.0"
                      : has_c_version(2, 0) ? "-cl-std=CL2.0"
                                            : NULL;
    check_uniform_programs(std);

    cl_bool supported = CL_FALSE;
    if (clGetDeviceInfo(device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof supported,
                        &supported, NULL) != CL_SUCCESS ||
        !supported || !std) {
        printf("skipping the non-uniform launches: the device does not support them\n");
        clReleaseCommandQueue(queue);
        clReleaseContext(ctx);
        return ta_finish();
    }
    printf("building with %s\n", std);
    cl_program p = ta_build(ctx, device, source, std);
    cl_kernel k = clCreateKernel(p, "ids", &err);
    TA_CHECK(err);
    const struct range ranges[] = {
        {"1-D 100 / 64, offset 3", 1, {3}, {100}, {64}, 0},
        {"1-D 1000 / 256", 1, {0}, {1000}, {256}, 0},
        {"2-D 37x19 / 16x8, offset (0, 5)", 2, {0, 5}, {37, 19}, {16, 8}, 0},
        {"3-D 9x7x5 / 4x4x2, offset (1, 2, 3)", 3, {1, 2, 3}, {9, 7, 5}, {4, 4, 2}, 0},
        {"2-D 130x3 / 128x2", 2, {0, 0}, {130, 3}, {128, 2}, 0},
        {"1-D 1009, local size chosen by the runtime", 1, {0}, {1009}, {0}, 1},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof *ranges; i++)
        run(k, &ranges[i]);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return ta_finish();
}
