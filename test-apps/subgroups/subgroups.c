/*
 * subgroups: sub-groups (OpenCL C 3.0 6.15.18 / cl_khr_subgroups) as a program
 * sees them, checked without assuming how work-items map to sub-groups:
 *  - every work-item records its sub-group (get_sub_group_id), its place in it
 *    (get_sub_group_local_id), get_sub_group_size, get_max_sub_group_size,
 *    get_num_sub_groups, get_enqueued_num_sub_groups and the results of
 *    sub_group_reduce_add/min, sub_group_scan_inclusive_add,
 *    sub_group_scan_exclusive_max, sub_group_broadcast(x, 0), sub_group_all,
 *    sub_group_any (after a sub_group_barrier) on inputs from the host;
 *  - the app groups the records by work-group and sub-group and checks every
 *    value against the members' inputs: local ids 0..size-1 each once, sizes
 *    within the maximum, the number of sub-groups, the reductions and scans
 *    in sub-group local id order;
 *  - clGetKernelSubGroupInfo agrees with the kernel: the maximum sub-group
 *    size and sub-group count for each NDRange, a local size for a requested
 *    number of sub-groups that gives it, CL_KERNEL_MAX_NUM_SUB_GROUPS.
 * NDRanges: full and partial last sub-groups, 1 to 3 dimensions, and a
 * non-uniform one. Devices with CL_DEVICE_MAX_NUM_SUB_GROUPS 0 skip it.
 * Independent forward progress: a device listing cl_khr_subgroups reports it
 * (the extension requires it; CTS subgroups ifp_ext), and a device reporting
 * it runs a ring of sub-groups each spinning on the previous one's flag in
 * local memory (sub-group n waits for n - 1, and the first waits for the last
 * to have started).
 */
#define CL_TARGET_OPENCL_VERSION 300
#include "testapp.h"

#include <string.h>

enum {
    SG_ID, SG_LID, SG_SIZE, SG_MAX, SG_NUM, SG_ENQ, RED_ADD, RED_MIN, SCAN_INC, SCAN_EXC_MAX,
    BCAST, ALL, ANY, GROUP, RECORD
};

static const char *const source =
    "#ifndef __opencl_c_subgroups\n"
    "#pragma OPENCL EXTENSION cl_khr_subgroups : enable\n"
    "#endif\n"
    "kernel void sg(global uint *out, global const uint *in)\n"
    "{\n"
    "    size_t g = get_global_linear_id();\n"
    "    uint x = in[g];\n"
    "    global uint *o = out + 14 * g;\n"
    "    o[0] = get_sub_group_id();\n"
    "    o[1] = get_sub_group_local_id();\n"
    "    o[2] = get_sub_group_size();\n"
    "    o[3] = get_max_sub_group_size();\n"
    "    o[4] = get_num_sub_groups();\n"
    "    o[5] = get_enqueued_num_sub_groups();\n"
    "    sub_group_barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    o[6] = sub_group_reduce_add(x);\n"
    "    o[7] = sub_group_reduce_min(x);\n"
    "    o[8] = sub_group_scan_inclusive_add(x);\n"
    "    o[9] = sub_group_scan_exclusive_max(x);\n"
    "    o[10] = sub_group_broadcast(x, 0);\n"
    "    o[11] = sub_group_all(x % 7 != 0);\n"
    "    o[12] = sub_group_any(x % 61 == 0);\n"
    "    o[13] = get_group_id(0) + 1000 * (get_group_id(1) + 1000 * get_group_id(2));\n"
    "}\n";

/* Sub-group 0 sets its flag; every other one waits for the previous one's flag and
 * then sets its own; sub-group 0 then waits for the last one's. Needs every
 * sub-group to progress while others spin. */
static const char *const ifp_source =
    "#ifndef __opencl_c_subgroups\n"
    "#pragma OPENCL EXTENSION cl_khr_subgroups : enable\n"
    "#endif\n"
    "kernel void ring(global uint *out)\n"
    "{\n"
    "    local atomic_uint flags[32];\n"
    "    uint n = get_num_sub_groups(), me = get_sub_group_id();\n"
    "    if (get_local_id(0) < 32) atomic_init(&flags[get_local_id(0)], 0);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    uint spins = 0;\n"
    "    if (get_sub_group_local_id() == 0) {\n"
    "        if (me > 0)\n"
    "            while (atomic_load(&flags[me - 1]) == 0) spins++;\n"
    "        atomic_store(&flags[me], 1);\n"
    "        if (me == 0)\n"
    "            while (atomic_load(&flags[n - 1]) == 0) spins++;\n"
    "        out[get_group_id(0) * 32 + me] = 1 + (spins > 0);\n"
    "    }\n"
    "}\n";

static cl_context ctx;
static cl_device_id device;
static cl_command_queue queue;
static cl_kernel kernel;

struct range {
    const char *name;
    cl_uint dims;
    size_t global[3], local[3];
};

static size_t query(cl_kernel k, cl_kernel_sub_group_info param, const size_t *local,
                    cl_uint dims)
{
    size_t value = 0;
    TA_CHECK(clGetKernelSubGroupInfo(k, device, param, dims * sizeof(size_t), local,
                                     sizeof value, &value, NULL));
    return value;
}

/* Checks one sub-group: the records of its members, `n` of them. */
static int check_sub_group(const cl_uint *rec[], const cl_uint *in, const size_t *gid,
                           size_t n, size_t max_size, const char *name)
{
    /* Order the members by sub-group local id (each must appear once). */
    const cl_uint *by_lid[64];
    cl_uint x[64];
    if (n > 64 || n > max_size) {
        printf("  %s: a sub-group of %zu work-items (maximum %zu)\n", name, n, max_size);
        return 0;
    }
    memset(by_lid, 0, sizeof by_lid);
    for (size_t i = 0; i < n; i++) {
        cl_uint lid = rec[i][SG_LID];
        if (lid >= n || by_lid[lid]) {
            printf("  %s: sub-group local id %u repeated or out of range\n", name, lid);
            return 0;
        }
        by_lid[lid] = rec[i];
        x[lid] = in[gid[i]];
    }
    cl_uint add = 0, min = UINT32_MAX, all = 1, any = 0;
    for (size_t i = 0; i < n; i++) {
        add += x[i];
        min = x[i] < min ? x[i] : min;
        all &= x[i] % 7 != 0;
        any |= x[i] % 61 == 0;
    }
    cl_uint inc = 0, exc_max = 0;
    for (size_t i = 0; i < n; i++) {
        const cl_uint *r = by_lid[i];
        inc += x[i];
        cl_uint want[RECORD] = {r[SG_ID], (cl_uint)i, (cl_uint)n, r[SG_MAX], r[SG_NUM],
                                r[SG_ENQ], add, min, inc, exc_max, x[0], all, any, r[GROUP]};
        for (int f = 0; f < RECORD; f++) {
            int ok = f == ALL || f == ANY ? (r[f] != 0) == (want[f] != 0) : r[f] == want[f];
            if (!ok) {
                printf("  %s: sub-group %u, local id %zu: field %d is %u, expected %u\n", name,
                       r[SG_ID], i, f, r[f], want[f]);
                return 0;
            }
        }
        exc_max = x[i] > exc_max ? x[i] : exc_max;
    }
    return 1;
}

static void run(const struct range *r)
{
    size_t g[3] = {1, 1, 1}, items = 1, l = 1;
    for (cl_uint d = 0; d < r->dims; d++) {
        g[d] = r->global[d];
        items *= g[d];
        l *= r->local[d];
    }
    size_t max_size = query(kernel, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, r->local, r->dims);
    size_t count = query(kernel, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, r->local, r->dims);
    ta_check(max_size >= 1 && max_size <= l && count == (l + max_size - 1) / max_size,
             "%s: clGetKernelSubGroupInfo: maximum sub-group size %zu, %zu sub-groups", r->name,
             max_size, count);
    cl_uint *in = malloc(items * sizeof *in), *out = malloc(items * RECORD * sizeof *out);
    for (size_t i = 0; i < items; i++)
        in[i] = (cl_uint)((i * 2654435761u) >> 7) % 1000 + (i % 5 == 0 ? 61 : 1);
    cl_int err;
    cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, items * sizeof *in,
                                in, &err);
    TA_CHECK(err);
    cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, items * RECORD * sizeof *out, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(kernel, 0, sizeof bout, &bout));
    TA_CHECK(clSetKernelArg(kernel, 1, sizeof bin, &bin));
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, r->dims, NULL, r->global, r->local, 0, NULL,
                                    NULL));
    TA_CHECK(clEnqueueReadBuffer(queue, bout, CL_TRUE, 0, items * RECORD * sizeof *out, out, 0,
                                 NULL, NULL));
    /* Group the work-items by (work-group, sub-group) and check each sub-group. */
    const cl_uint **members = malloc(items * sizeof *members);
    size_t *gid = malloc(items * sizeof *gid);
    char *seen = calloc(items, 1);
    int ok = 1;
    for (size_t i = 0; i < items && ok; i++) {
        if (seen[i])
            continue;
        const cl_uint *first = out + i * RECORD;
        size_t n = 0;
        for (size_t j = i; j < items; j++) {
            const cl_uint *rj = out + j * RECORD;
            if (!seen[j] && rj[GROUP] == first[GROUP] && rj[SG_ID] == first[SG_ID]) {
                seen[j] = 1;
                members[n] = rj;
                gid[n++] = j;
            }
        }
        ok = first[SG_MAX] == max_size && first[SG_ENQ] == count && first[SG_ID] < first[SG_NUM];
        if (!ok)
            printf("  %s: maximum size %u (query %zu), enqueued sub-groups %u (query %zu), "
                   "sub-group %u of %u\n", r->name, first[SG_MAX], max_size, first[SG_ENQ],
                   count, first[SG_ID], first[SG_NUM]);
        ok = ok && check_sub_group(members, in, gid, n, max_size, r->name);
    }
    ta_check(ok, "%s: every sub-group's ids, sizes, reductions, scans and votes", r->name);
    free(members);
    free(gid);
    free(seen);
    free(in);
    free(out);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
}

/* Runs the ring kernel on 2 work-groups of `sub_groups` sub-groups each (when the
 * device reports independent forward progress). */
static void check_independent_forward_progress(const char *std)
{
    cl_bool ifp = CL_FALSE;
    TA_CHECK(clGetDeviceInfo(device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, sizeof ifp,
                             &ifp, NULL));
    char *extensions = ta_device_string(device, CL_DEVICE_EXTENSIONS);
    if (strstr(extensions, "cl_khr_subgroups"))
        ta_check(ifp, "cl_khr_subgroups is listed, so sub-groups have independent forward "
                      "progress (CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS)");
    free(extensions);
    if (!ifp)
        return;
    cl_int err;
    cl_program p = ta_build(ctx, device, ifp_source, std);
    cl_kernel k = clCreateKernel(p, "ring", &err);
    TA_CHECK(err);
    size_t local = 256, sub_groups = 0;
    TA_CHECK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                     sizeof local, &local, sizeof sub_groups, &sub_groups, NULL));
    ta_check(sub_groups >= 1 && sub_groups <= 32, "256 work-items make 1 to 32 sub-groups (%zu)",
             sub_groups);
    size_t global = 2 * local;
    cl_uint out[64] = {0};
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof out, out, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(k, 0, sizeof b, &b));
    cl_event done;
    TA_CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, &done));
    cl_int status = CL_QUEUED;
    clWaitForEvents(1, &done);
    TA_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                            NULL));
    ta_check(status == CL_COMPLETE, "the ring of spinning sub-groups completes (status %d)",
             status);
    TA_CHECK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (size_t g = 0; g < 2 && sub_groups <= 32; g++)
        for (size_t i = 0; i < sub_groups; i++)
            ta_check(out[g * 32 + i] >= 1, "work-group %zu: sub-group %zu passed its wait", g, i);
    clReleaseEvent(done);
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseProgram(p);
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    cl_platform_id platform = ta_platform();
    device = ta_device(platform);
    cl_uint max_sub_groups = 0;
    TA_CHECK(clGetDeviceInfo(device, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof max_sub_groups,
                             &max_sub_groups, NULL));
    if (max_sub_groups == 0) {
        printf("skipping: the device has no sub-groups\n");
        ta_check(1, "CL_DEVICE_MAX_NUM_SUB_GROUPS is 0");
        return ta_finish();
    }
    cl_int err;
    ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    queue = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    TA_CHECK(err);
    const char *std = ta_device_lists(device, CL_DEVICE_OPENCL_C_FEATURES, "__opencl_c_subgroups", 0, 0) ? "-cl-std=CL3.0" : "-cl-std=CL2.0";
    printf("building with %s\n", std);
    cl_program p = ta_build(ctx, device, source, std);
    kernel = clCreateKernel(p, "sg", &err);
    TA_CHECK(err);

    size_t kernel_max = 0;
    TA_CHECK(clGetKernelSubGroupInfo(kernel, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
                                     sizeof kernel_max, &kernel_max, NULL));
    ta_check(kernel_max >= 1 && kernel_max <= max_sub_groups,
             "CL_KERNEL_MAX_NUM_SUB_GROUPS %zu within CL_DEVICE_MAX_NUM_SUB_GROUPS %u", kernel_max,
             max_sub_groups);
    size_t want = 2, local[3] = {0, 0, 0};
    TA_CHECK(clGetKernelSubGroupInfo(kernel, device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                     sizeof want, &want, sizeof local, local, NULL));
    size_t l = local[0] * local[1] * local[2];
    ta_check(l > 0 && query(kernel, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, local, 3) == want,
             "CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT(2) is %zux%zux%zu, which has 2 sub-groups",
             local[0], local[1], local[2]);

    const struct range ranges[] = {
        {"1-D 512 / 256", 1, {512}, {256}},
        {"1-D 200 / 100", 1, {200}, {100}},
        {"2-D 24x20 / 8x10", 2, {24, 20}, {8, 10}},
        {"3-D 8x6x4 / 4x3x4", 3, {8, 6, 4}, {4, 3, 4}},
        {"1-D 150 / 128, non-uniform", 1, {150}, {128}},
        {"requested 2 sub-groups", 3, {local[0] * 2, local[1], local[2]},
         {local[0], local[1], local[2]}},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof *ranges; i++)
        run(&ranges[i]);
    check_independent_forward_progress(std);
    clReleaseKernel(kernel);
    clReleaseProgram(p);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return ta_finish();
}
