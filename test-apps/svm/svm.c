/*
 * svm: OpenCL 2.0 shared virtual memory as applications use it.
 *  - vector add on coarse-grained SVM buffers (written and read through
 *    clEnqueueSVMMap/Unmap, plus clEnqueueSVMMemFill and clEnqueueSVMMemcpy);
 *  - vector add on fine-grained SVM buffers touched directly by the host, the
 *    two halves computed by two devices at once when the platform has two;
 *  - linked lists built by the host in SVM memory (nodes in two allocations,
 *    the second one announced with CL_KERNEL_EXEC_INFO_SVM_PTRS) and walked by
 *    a kernel: pointers stored inside SVM memory are valid on the device;
 *  - the honest errors: SVM atomics or system SVM where not reported.
 * Parts the device does not report (CL_DEVICE_SVM_CAPABILITIES) are skipped
 * with a message.
 */
#define CL_TARGET_OPENCL_VERSION 200
#include "testapp.h"

#include <stdint.h>
#include <string.h>

#define N 4096
#define LISTS 64
#define NODES_PER_LIST 37

static const char *source =
    "kernel void vadd(global const float *a, global const float *b, global float *c)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    c[i] = a[i] + b[i];\n"
    "}\n"
    "typedef struct node { global struct node *next; int value; } node;\n"
    "typedef struct list { global node *head; } list;\n"
    "kernel void walk(global const list *lists, global int *sums)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    int sum = 0;\n"
    "    for (global node *n = lists[i].head; n; n = n->next)\n"
    "        sum += n->value;\n"
    "    sums[i] = sum;\n"
    "}\n";

/* The host's view of the kernel's node. */
struct node {
    struct node *next;
    cl_int value;
};

struct env {
    cl_context ctx;
    cl_command_queue q;
    cl_program program;
    cl_device_svm_capabilities caps;
    /* gcnsim: checked for the spec's error where other platforms are lenient. */
    int strict;
};

static void coarse_vector_add(struct env *e)
{
    cl_int err;
    size_t bytes = N * sizeof(float);
    float *a = clSVMAlloc(e->ctx, CL_MEM_READ_ONLY, bytes, 0);
    float *b = clSVMAlloc(e->ctx, CL_MEM_READ_ONLY, bytes, 0);
    float *c = clSVMAlloc(e->ctx, CL_MEM_READ_WRITE, bytes, 0);
    if (!ta_check(a && b && c, "coarse-grained clSVMAlloc returns memory"))
        return;
    ta_check((uintptr_t)a % 128 == 0, "alignment 0 gives the largest type's alignment (128)");

    TA_CHECK(clEnqueueSVMMap(e->q, CL_TRUE, CL_MAP_WRITE, a, bytes, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        a[i] = (float)i;
    TA_CHECK(clEnqueueSVMUnmap(e->q, a, 0, NULL, NULL));
    float *host_b = malloc(bytes);
    for (int i = 0; i < N; i++)
        host_b[i] = 0.5f * (float)(N - i);
    TA_CHECK(clEnqueueSVMMemcpy(e->q, CL_TRUE, b, host_b, bytes, 0, NULL, NULL));
    float sentinel = -7.0f;
    TA_CHECK(clEnqueueSVMMemFill(e->q, c, &sentinel, sizeof sentinel, bytes, 0, NULL, NULL));

    cl_kernel k = clCreateKernel(e->program, "vadd", &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArgSVMPointer(k, 0, a));
    TA_CHECK(clSetKernelArgSVMPointer(k, 1, b));
    TA_CHECK(clSetKernelArgSVMPointer(k, 2, c));
    size_t global = N / 2; /* the upper half of c keeps the fill pattern */
    TA_CHECK(clEnqueueNDRangeKernel(e->q, k, 1, NULL, &global, NULL, 0, NULL, NULL));

    float *out = malloc(bytes);
    TA_CHECK(clEnqueueSVMMemcpy(e->q, CL_TRUE, out, c, bytes, 0, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < N; i++) {
        float want = i < N / 2 ? (float)i + 0.5f * (float)(N - i) : sentinel;
        bad += out[i] != want;
    }
    ta_check(bad == 0, "coarse-grained vector add (+ fill, copy): %d wrong of %d", bad, N);

    TA_CHECK(clEnqueueSVMMap(e->q, CL_TRUE, CL_MAP_READ, c, bytes, 0, NULL, NULL));
    ta_check(c[3] == 3.0f + 0.5f * (float)(N - 3) && c[N - 1] == sentinel,
             "a mapped coarse-grained buffer shows the kernel's results");
    TA_CHECK(clEnqueueSVMUnmap(e->q, c, 0, NULL, NULL));

    ta_check_err(clEnqueueSVMMemcpy(e->q, CL_TRUE, c, c + 1, 8, 0, NULL, NULL),
                 CL_MEM_COPY_OVERLAP, "clEnqueueSVMMemcpy with overlapping ranges");
    ta_check_err(clEnqueueSVMMemFill(e->q, c + 1, &sentinel, 8, 16, 0, NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueSVMMemFill with svm_ptr not aligned to the pattern");
    TA_CHECK(clFinish(e->q));
    clReleaseKernel(k);
    free(out);
    free(host_b);
    clSVMFree(e->ctx, a);
    clSVMFree(e->ctx, b);
    /* Freed by a command, after the earlier ones. */
    void *ptrs[] = {c};
    TA_CHECK(clEnqueueSVMFree(e->q, 1, ptrs, NULL, NULL, 0, NULL, NULL));
    TA_CHECK(clFinish(e->q));
}

static void fine_vector_add(struct env *e, cl_device_id *devices, cl_uint ndev)
{
    if (!(e->caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER)) {
        printf("skipping fine-grained SVM: the device does not report it\n");
        return;
    }
    cl_int err;
    size_t bytes = N * sizeof(float);
    cl_svm_mem_flags fine = CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER;
    float *a = clSVMAlloc(e->ctx, fine, bytes, 64);
    float *b = clSVMAlloc(e->ctx, fine, bytes, 0);
    float *c = clSVMAlloc(e->ctx, fine, bytes, 0);
    if (!ta_check(a && b && c, "fine-grained clSVMAlloc returns memory"))
        return;
    ta_check((uintptr_t)a % 64 == 0, "clSVMAlloc honours an alignment of 64");
    for (int i = 0; i < N; i++) {
        a[i] = (float)(3 * i);
        b[i] = (float)(i % 17);
        c[i] = -1.0f;
    }
    /* Two devices each compute one half, on the same allocations. */
    cl_uint used = ndev >= 2 ? 2 : 1;
    cl_command_queue queues[2] = {e->q, NULL};
    cl_kernel kernels[2];
    for (cl_uint d = 0; d < used; d++) {
        if (d > 0) {
            queues[d] = clCreateCommandQueueWithProperties(e->ctx, devices[d], NULL, &err);
            TA_CHECK(err);
        }
        kernels[d] = clCreateKernel(e->program, "vadd", &err);
        TA_CHECK(err);
        TA_CHECK(clSetKernelArgSVMPointer(kernels[d], 0, a));
        TA_CHECK(clSetKernelArgSVMPointer(kernels[d], 1, b));
        TA_CHECK(clSetKernelArgSVMPointer(kernels[d], 2, c));
        size_t offset = d * (N / used), global = N / used;
        TA_CHECK(clEnqueueNDRangeKernel(queues[d], kernels[d], 1, &offset, &global, NULL, 0, NULL,
                                        NULL));
        TA_CHECK(clFlush(queues[d]));
    }
    for (cl_uint d = 0; d < used; d++)
        TA_CHECK(clFinish(queues[d]));
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += c[i] != (float)(3 * i + i % 17);
    ta_check(bad == 0, "fine-grained vector add on %u device(s), host reads directly: %d wrong",
             used, bad);
    for (cl_uint d = 0; d < used; d++) {
        clReleaseKernel(kernels[d]);
        if (d > 0)
            clReleaseCommandQueue(queues[d]);
    }
    clSVMFree(e->ctx, a);
    clSVMFree(e->ctx, b);
    clSVMFree(e->ctx, c);
}

/* Maps (coarse-grained) or does nothing (fine-grained) around host access. */
static void host_access(struct env *e, int fine, void *p, size_t bytes, int begin)
{
    if (fine)
        return;
    if (begin)
        TA_CHECK(clEnqueueSVMMap(e->q, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, p, bytes, 0, NULL,
                                 NULL));
    else
        TA_CHECK(clEnqueueSVMUnmap(e->q, p, 0, NULL, NULL));
}

static void linked_lists(struct env *e)
{
    int fine = (e->caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
    cl_svm_mem_flags flags = CL_MEM_READ_WRITE | (fine ? CL_MEM_SVM_FINE_GRAIN_BUFFER : 0);
    size_t half = LISTS * NODES_PER_LIST / 2;
    size_t pool_bytes = half * sizeof(struct node);
    struct node *pools[2] = {clSVMAlloc(e->ctx, flags, pool_bytes, 0),
                             clSVMAlloc(e->ctx, flags, pool_bytes, 0)};
    struct node **heads = clSVMAlloc(e->ctx, flags, LISTS * sizeof(struct node *), 0);
    cl_int *sums = clSVMAlloc(e->ctx, flags, LISTS * sizeof(cl_int), 0);
    if (!ta_check(pools[0] && pools[1] && heads && sums, "SVM pools for the lists"))
        return;
    for (int p = 0; p < 2; p++)
        host_access(e, fine, pools[p], pool_bytes, 1);
    host_access(e, fine, heads, LISTS * sizeof(struct node *), 1);
    /* Node j of list l is pool (j % 2) entry (l * NODES + j) / 2, scrambled by a
     * multiplicative permutation, so lists hop between the two allocations. */
    cl_int want[LISTS];
    for (int l = 0; l < LISTS; l++) {
        struct node *prev = NULL;
        want[l] = 0;
        for (int j = NODES_PER_LIST - 1; j >= 0; j--) {
            size_t flat = (size_t)l * NODES_PER_LIST + (size_t)j;
            struct node *n = &pools[flat % 2][(flat / 2 * 7919) % half];
            n->value = (cl_int)(flat * 13 % 101) - 50;
            n->next = prev;
            want[l] += n->value;
            prev = n;
        }
        heads[l] = prev;
    }
    for (int p = 0; p < 2; p++)
        host_access(e, fine, pools[p], pool_bytes, 0);
    host_access(e, fine, heads, LISTS * sizeof(struct node *), 0);

    cl_int err;
    cl_kernel k = clCreateKernel(e->program, "walk", &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArgSVMPointer(k, 0, heads));
    TA_CHECK(clSetKernelArgSVMPointer(k, 1, sums));
    void *indirect[] = {pools[0], pools[1]};
    TA_CHECK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof indirect, indirect));
    size_t global = LISTS;
    TA_CHECK(clEnqueueNDRangeKernel(e->q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    TA_CHECK(clFinish(e->q));
    host_access(e, fine, sums, LISTS * sizeof(cl_int), 1);
    int bad = 0;
    for (int l = 0; l < LISTS; l++)
        bad += sums[l] != want[l];
    host_access(e, fine, sums, LISTS * sizeof(cl_int), 0);
    ta_check(bad == 0, "%s SVM linked lists walked by a kernel: %d of %d sums wrong",
             fine ? "fine-grained" : "coarse-grained", bad, LISTS);

    cl_bool yes = CL_TRUE;
    cl_int sys = clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof yes, &yes);
    if (e->caps & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM)
        ta_check_err(sys, CL_SUCCESS, "system SVM is reported, so it can be enabled");
    else if (e->strict)
        ta_check_err(sys, CL_INVALID_OPERATION, "system SVM is not reported: enabling it fails");
    else
        printf("note: the platform lets system SVM be enabled although it does not report it "
               "(returned %s; the spec says CL_INVALID_OPERATION)\n", ta_error_name(sys));
    TA_CHECK(clFinish(e->q));
    clReleaseKernel(k);
    clSVMFree(e->ctx, pools[0]);
    clSVMFree(e->ctx, pools[1]);
    clSVMFree(e->ctx, heads);
    clSVMFree(e->ctx, sums);
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    cl_platform_id platform = ta_platform();
    cl_uint ndev = 0;
    cl_device_id *devices = ta_devices(platform, &ndev);
    cl_device_id device = ta_device(platform);
    struct env e;
    char *name = ta_platform_string(platform, CL_PLATFORM_NAME);
    e.strict = strstr(name, "gcnsim") != NULL;
    free(name);
    TA_CHECK(clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof e.caps, &e.caps, NULL));
    printf("SVM capabilities:%s%s%s%s\n",
           e.caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER ? " coarse-grain-buffer" : "",
           e.caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER ? " fine-grain-buffer" : "",
           e.caps & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM ? " fine-grain-system" : "",
           e.caps & CL_DEVICE_SVM_ATOMICS ? " atomics" : "");
    if (!ta_check(e.caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER,
                  "an OpenCL 2.0 device supports coarse-grained SVM buffers"))
        return ta_finish();
    cl_int err;
    cl_device_id pair[2] = {device, ndev >= 2 && devices[0] == device ? devices[1] : device};
    cl_uint used = pair[1] == device ? 1 : 2;
    e.ctx = clCreateContext(NULL, used, pair, NULL, NULL, &err);
    TA_CHECK(err);
    e.q = clCreateCommandQueueWithProperties(e.ctx, device, NULL, &err);
    TA_CHECK(err);
    e.program = clCreateProgramWithSource(e.ctx, 1, &source, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clBuildProgram(e.program, 0, NULL, "", NULL, NULL));

    if (!(e.caps & CL_DEVICE_SVM_ATOMICS))
        ta_check(clSVMAlloc(e.ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, 64, 0) ==
                     NULL,
                 "SVM atomics are not reported: such an allocation is NULL");
    ta_check(clSVMAlloc(e.ctx, CL_MEM_SVM_ATOMICS, 64, 0) == NULL,
             "CL_MEM_SVM_ATOMICS without CL_MEM_SVM_FINE_GRAIN_BUFFER is NULL");
    ta_check(clSVMAlloc(e.ctx, CL_MEM_READ_WRITE, 64, 3) == NULL,
             "an alignment that is not a power of two is NULL");
    ta_check(clSVMAlloc(e.ctx, CL_MEM_READ_WRITE, 0, 0) == NULL, "size 0 is NULL");

    coarse_vector_add(&e);
    fine_vector_add(&e, pair, used);
    linked_lists(&e);

    clReleaseProgram(e.program);
    clReleaseCommandQueue(e.q);
    clReleaseContext(e.ctx);
    free(devices);
    return ta_finish();
}
