/* mgpusim: shared set-up of the cross-validation hosts (see mgpusim.h). */
#include "mgpusim.h"

#include <CL/cl_gcnsim.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes $MGPUSIM_DIR/<relative> into path (PATH_MAX bytes) and prints it;
 * exits FAILED if MGPUSIM_DIR is unset. */
static void code_object_path(char *path, const char *relative)
{
    const char *dir = getenv("MGPUSIM_DIR");
    wl_require(dir && *dir, "MGPUSIM_DIR must name an MGPUSim v3.0.0 checkout");
    wl_require(snprintf(path, PATH_MAX, "%s/%s", dir, relative) < PATH_MAX,
               "code object path too long");
    printf("code object: %s\n", path);
}

void mg_open(struct wl_device *dev, const char *relative)
{
    char path[PATH_MAX];
    code_object_path(path, relative);
    wl_open_binary(dev, path);
}

void mg_open_devices(struct wl_devices *all, unsigned long count, const char *relative)
{
    char path[PATH_MAX];
    code_object_path(path, relative);
    wl_open_devices_binary(all, count, path);
}

struct wl_device mg_device(const struct wl_devices *all, cl_uint d)
{
    struct wl_device dev = {NULL, all->devices[d], all->context, all->queues[d], all->program};
    return dev;
}

struct mg_part mg_part(size_t units, cl_uint d, cl_uint count)
{
    struct mg_part part = {units * d / count, units * (d + 1) / count - units * d / count};
    return part;
}

cl_ulong mg_run_devices(const struct wl_devices *all, const cl_kernel *kernels, const char *label,
                        cl_uint dims, const size_t *global, const size_t *local)
{
    cl_event *events = calloc(all->count, sizeof *events);
    for (cl_uint d = 0; d < all->count; d++) {
        const size_t *size = global + d * dims;
        int empty = 0;
        for (cl_uint i = 0; i < dims; i++)
            empty |= size[i] == 0;
        if (empty)
            continue;
        TA_CHECK(clEnqueueNDRangeKernel(all->queues[d], kernels[d], dims, NULL, size, local, 0,
                                        NULL, &events[d]));
        TA_CHECK(clFlush(all->queues[d]));
    }
    cl_ulong first = ~(cl_ulong)0, last = 0;
    for (cl_uint d = 0; d < all->count; d++) {
        if (!events[d])
            continue;
        TA_CHECK(clWaitForEvents(1, &events[d]));
        cl_ulong start = ta_event_time(events[d], CL_PROFILING_COMMAND_START);
        cl_ulong end = ta_event_time(events[d], CL_PROFILING_COMMAND_END);
        if (all->count > 1)
            printf("device %u: %s %llu ns\n", d, label, (unsigned long long)(end - start));
        first = start < first ? start : first;
        last = end > last ? end : last;
        TA_CHECK(clReleaseEvent(events[d]));
    }
    free(events);
    wl_require(last >= first, "%s: no device had work", label);
    ta_report_time(label, last - first);
    return last - first;
}

cl_mem mg_buffer(struct wl_device *dev, size_t size, const void *host)
{
    cl_mem buffer = wl_buffer(dev->context, CL_MEM_READ_WRITE, size, NULL);
    if (host)
        TA_CHECK(clEnqueueWriteBuffer(dev->queue, buffer, CL_TRUE, 0, size, host, 0, NULL, NULL));
    return buffer;
}

cl_mem mg_zeroed_buffer(struct wl_device *dev, size_t size)
{
    cl_mem buffer = wl_buffer(dev->context, CL_MEM_READ_WRITE, size, NULL);
    cl_uchar zero = 0;
    TA_CHECK(clEnqueueFillBuffer(dev->queue, buffer, &zero, 1, 0, size, 0, NULL, NULL));
    TA_CHECK(clFinish(dev->queue));
    return buffer;
}

void mg_unified_memory(struct wl_device *dev, cl_kernel kernel, size_t groups, const cl_mem *buffers,
                       size_t count, unsigned long gpus)
{
    for (size_t i = 0; i < count; i++) {
        size_t size;
        TA_CHECK(clGetMemObjectInfo(buffers[i], CL_MEM_SIZE, sizeof size, &size, NULL));
        wl_place_parts(buffers[i], 0, size, 1);
    }
    cl_platform_id platform;
    TA_CHECK(clGetDeviceInfo(dev->device, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL));
    clSetKernelWorkGroupSplitGCNSIM_fn split = (clSetKernelWorkGroupSplitGCNSIM_fn)
        clGetExtensionFunctionAddressForPlatform(platform, "clSetKernelWorkGroupSplitGCNSIM");
    wl_require(split != NULL, "the platform has no cl_gcnsim_locality (--unified-memory)");
    size_t *runs = calloc(gpus, sizeof *runs);
    for (cl_uint g = 0; g < gpus; g++)
        runs[g] = mg_part(groups, g, (cl_uint)gpus).count;
    TA_CHECK(split(kernel, (cl_uint)gpus, runs));
    free(runs);
}

cl_ulong mg_run(struct wl_device *dev, cl_kernel kernel, const char *label, cl_uint dims,
                const size_t *global, const size_t *local)
{
    cl_ulong ns = wl_run(dev->queue, kernel, dims, global, local);
    ta_report_time(label, ns);
    return ns;
}

void mg_local_arg(cl_kernel kernel, cl_uint index, size_t bytes)
{
    TA_CHECK(clSetKernelArg(kernel, index, bytes, NULL));
}

/* Go's rngSource (math/rand/rng.go): an additive lagged Fibonacci generator. */
#define RNG_LEN 607
#define RNG_TAP 273
#define INT32_MAX_GO 2147483647

struct go_rng {
    int tap, feed;
    int64_t vec[RNG_LEN];
};

static int64_t cooked[RNG_LEN];
static int cooked_loaded, global_seeded;
static struct go_rng global;

static FILE *open_rng_go(void)
{
    char root[PATH_MAX] = "", path[PATH_MAX + 32];
    const char *env = getenv("GOROOT");
    if (env && *env) {
        snprintf(root, sizeof root, "%s", env);
    } else {
        FILE *go = popen("go env GOROOT 2>/dev/null", "r");
        if (go) {
            if (!fgets(root, sizeof root, go))
                root[0] = '\0';
            pclose(go);
        }
        root[strcspn(root, "\n")] = '\0';
    }
    if (!root[0])
        return NULL;
    snprintf(path, sizeof path, "%s/src/math/rand/rng.go", root);
    return fopen(path, "r");
}

static uint64_t rng_uint64(struct go_rng *rng)
{
    if (--rng->tap < 0)
        rng->tap += RNG_LEN;
    if (--rng->feed < 0)
        rng->feed += RNG_LEN;
    uint64_t x = (uint64_t)rng->vec[rng->feed] + (uint64_t)rng->vec[rng->tap];
    rng->vec[rng->feed] = (int64_t)x;
    return x;
}

static int32_t seedrand(int32_t x)
{
    int32_t hi = x / 44488, lo = x % 44488;
    x = 48271 * lo - 3399 * hi;
    return x < 0 ? x + INT32_MAX_GO : x;
}

static void rng_seed(struct go_rng *rng, int64_t seed)
{
    rng->tap = 0;
    rng->feed = RNG_LEN - RNG_TAP;
    seed %= INT32_MAX_GO;
    if (seed < 0)
        seed += INT32_MAX_GO;
    if (seed == 0)
        seed = 89482311;
    int32_t x = (int32_t)seed;
    for (int i = -20; i < RNG_LEN; i++) {
        x = seedrand(x);
        if (i >= 0) {
            uint64_t u = (uint64_t)(int64_t)x << 40;
            x = seedrand(x);
            u ^= (uint64_t)(int64_t)x << 20;
            x = seedrand(x);
            u ^= (uint64_t)(int64_t)x;
            rng->vec[i] = (int64_t)(u ^ (uint64_t)cooked[i]);
        }
    }
}

/* Reads rngCooked from Go's rng.go and checks it: Go's first rand.Int63()
 * with seed 1 is 5577006791947779410. */
static void load_cooked(void)
{
    if (cooked_loaded)
        return;
    FILE *f = open_rng_go();
    wl_require(f != NULL, "Go's math/rand/rng.go not found (set GOROOT to the Go installation "
                          "that built MGPUSim): it seeds the inputs MGPUSim's hosts draw");
    char line[1024];
    int n = 0, inside = 0;
    while (n < RNG_LEN && fgets(line, sizeof line, f)) {
        char *p = line;
        if (!inside) {
            char *start = strstr(line, "rngCooked [rngLen]int64 = [...]int64{");
            if (!start)
                continue;
            inside = 1;
            p = strchr(start, '{') + 1;
        }
        for (;;) {
            while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\n')
                p++;
            char *end;
            long long v = strtoll(p, &end, 10);
            if (end == p)
                break;
            if (n < RNG_LEN)
                cooked[n++] = v;
            p = end;
        }
    }
    fclose(f);
    wl_require(n == RNG_LEN, "rng.go: read %d of Go's %d seeding values", n, RNG_LEN);
    struct go_rng check;
    rng_seed(&check, 1);
    wl_require((rng_uint64(&check) & INT64_MAX) == 5577006791947779410ULL,
               "rng.go: the seeding table does not reproduce Go's math/rand");
    cooked_loaded = 1;
}

void mg_rand_seed(int64_t seed)
{
    load_cooked();
    rng_seed(&global, seed);
    global_seeded = 1;
}

int64_t mg_rand_int63(void)
{
    if (!global_seeded)
        mg_rand_seed(1); /* Go 1.19's global source before any rand.Seed */
    return (int64_t)(rng_uint64(&global) & INT64_MAX);
}

uint32_t mg_rand_uint32(void)
{
    return (uint32_t)(mg_rand_int63() >> 31);
}

int64_t mg_rand_int(void)
{
    return mg_rand_int63();
}

int32_t mg_rand_int31n(int32_t n)
{
    if ((n & (n - 1)) == 0)
        return (int32_t)(mg_rand_int63() >> 32) & (n - 1);
    int32_t max = (int32_t)(INT32_MAX - (int32_t)((UINT32_C(1) << 31) % (uint32_t)n));
    int32_t v = (int32_t)(mg_rand_int63() >> 32);
    while (v > max)
        v = (int32_t)(mg_rand_int63() >> 32);
    return v % n;
}

double mg_rand_float64(void)
{
    for (;;) {
        double f = (double)mg_rand_int63() / 9223372036854775808.0;
        if (f != 1.0)
            return f;
    }
}

float mg_rand_float32(void)
{
    for (;;) {
        float f = (float)mg_rand_float64();
        if (f != 1.0f)
            return f;
    }
}
