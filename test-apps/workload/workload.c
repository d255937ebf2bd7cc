/* workload: shared set-up and verification of the workload apps (see workload.h). */
#include "workload.h"

#include <CL/cl_gcnsim.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Prints the app's options; exits 2 if `done`. */
static void usage(const char *prog, const struct wl_option *options, size_t count, int done)
{
    fprintf(stderr, "usage: %s [common options]", prog);
    for (size_t i = 0; i < count; i++)
        fprintf(stderr, options[i].value_is_flag ? " [%s]" : " [%s N]", options[i].flag);
    fprintf(stderr, "\n");
    for (size_t i = 0; i < count; i++) {
        if (options[i].value_is_flag)
            fprintf(stderr, "  %-16s %s\n", options[i].flag, options[i].help);
        else
            fprintf(stderr, "  %-16s %s (default %lu)\n", options[i].flag, options[i].help,
                    *options[i].value);
    }
    if (done)
        exit(2);
}

void wl_init(int argc, char **argv, const struct wl_option *options, size_t count)
{
    /* ta_init answers --help with the common options only: list the app's first. */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0)
            usage(argv[0], options, count, 0);
    ta_init(&argc, argv);
    for (int i = 1; i < argc; i++) {
        const struct wl_option *match = NULL;
        for (size_t j = 0; j < count && !match; j++)
            if (strcmp(argv[i], options[j].flag) == 0)
                match = &options[j];
        if (!match)
            usage(argv[0], options, count, 1);
        if (match->value_is_flag) {
            *match->value = 1;
            continue;
        }
        char *end;
        if (++i >= argc)
            usage(argv[0], options, count, 1);
        unsigned long value = strtoul(argv[i], &end, 0);
        if (*end != '\0' || end == argv[i] || argv[i][0] == '-')
            usage(argv[0], options, count, 1);
        *match->value = value;
    }
}

void wl_require(int cond, const char *fmt, ...)
{
    if (cond)
        return;
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\nFAILED\n");
    fflush(stdout);
    exit(1);
}

/* The malloc'ed contents of the file at `path`; *size set. Exits FAILED if it
 * cannot be read. */
static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    wl_require(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)len + 1);
    wl_require(len >= 0 && fread(bytes, 1, (size_t)len, f) == (size_t)len, "cannot read %s",
               path);
    fclose(f);
    *size = (size_t)len;
    return bytes;
}

char *wl_kernel_source(const char *kernel_file)
{
    char path[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", path, sizeof path - 1);
    wl_require(len > 0, "cannot locate the executable (/proc/self/exe)");
    path[len] = '\0';
    char *slash = strrchr(path, '/');
    wl_require(slash && (size_t)(slash + 1 - path) + strlen(kernel_file) < sizeof path,
               "kernel path too long");
    strcpy(slash + 1, kernel_file);
    size_t size;
    char *source = (char *)read_file(path, &size);
    source[size] = '\0';
    return source;
}

cl_program wl_build(cl_context context, const char *source, const char *build_options)
{
    cl_int err;
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
    TA_CHECK(err);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cl_int build = clBuildProgram(program, 0, NULL, build_options, NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (build == CL_SUCCESS) {
        /* Host wall time of the build: a platform with a compiled-kernel cache answers
         * a repeated build from it (scripts/bench.sh reports this line). */
        printf("build: %.3f ms\n",
               (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
        return program;
    }

    cl_uint count;
    TA_CHECK(clGetContextInfo(context, CL_CONTEXT_NUM_DEVICES, sizeof count, &count, NULL));
    cl_device_id *devices = malloc(count * sizeof *devices);
    TA_CHECK(clGetContextInfo(context, CL_CONTEXT_DEVICES, count * sizeof *devices, devices,
                              NULL));
    for (cl_uint i = 0; i < count; i++) {
        size_t size = 0;
        TA_CHECK(clGetProgramBuildInfo(program, devices[i], CL_PROGRAM_BUILD_LOG, 0, NULL,
                                       &size));
        char *log = calloc(size + 1, 1);
        TA_CHECK(clGetProgramBuildInfo(program, devices[i], CL_PROGRAM_BUILD_LOG, size, log,
                                       NULL));
        printf("build log of device %u:\n%s\n", i, log);
        free(log);
    }
    free(devices);
    ta_die(__FILE__, __LINE__, "clBuildProgram", build);
    return NULL;
}

/* Chooses the device and creates its context and profiling queue. */
static void open_device(struct wl_device *dev)
{
    cl_int err;
    dev->platform = ta_platform();
    dev->device = ta_device(dev->platform);
    char *name = ta_device_string(dev->device, CL_DEVICE_NAME);
    printf("device: %s\n", name);
    free(name);
    dev->context = clCreateContext(NULL, 1, &dev->device, NULL, NULL, &err);
    TA_CHECK(err);
    dev->queue = clCreateCommandQueue(dev->context, dev->device, CL_QUEUE_PROFILING_ENABLE, &err);
    TA_CHECK(err);
}

void wl_open(struct wl_device *dev, const char *kernel_file, const char *build_options)
{
    open_device(dev);
    char *source = wl_kernel_source(kernel_file);
    dev->program = wl_build(dev->context, source, build_options);
    free(source);
}

/* The code object at `path` loaded with clCreateProgramWithBinary for the
 * `count` devices of `context` and built; exits FAILED if it cannot be read,
 * loaded or built. */
static cl_program load_binary(cl_context context, cl_uint count, const cl_device_id *devices,
                              const char *path)
{
    size_t size;
    unsigned char *binary = read_file(path, &size);
    size_t *sizes = malloc(count * sizeof *sizes);
    const unsigned char **binaries = malloc(count * sizeof *binaries);
    cl_int *status = malloc(count * sizeof *status);
    for (cl_uint d = 0; d < count; d++) {
        sizes[d] = size;
        binaries[d] = binary;
    }
    cl_int err;
    cl_program program =
        clCreateProgramWithBinary(context, count, devices, sizes, binaries, status, &err);
    TA_CHECK(err);
    for (cl_uint d = 0; d < count; d++)
        TA_CHECK(status[d]);
    TA_CHECK(clBuildProgram(program, count, devices, NULL, NULL, NULL));
    free(binary);
    free(sizes);
    free(binaries);
    free(status);
    return program;
}

void wl_open_binary(struct wl_device *dev, const char *path)
{
    open_device(dev);
    dev->program = load_binary(dev->context, 1, &dev->device, path);
}

void wl_close(struct wl_device *dev)
{
    TA_CHECK(clReleaseProgram(dev->program));
    TA_CHECK(clReleaseCommandQueue(dev->queue));
    TA_CHECK(clReleaseContext(dev->context));
}

/* Prints the names of all->count devices all->devices and creates their
 * context and a profiling queue each. */
static void open_devices(struct wl_devices *all)
{
    for (cl_uint d = 0; d < all->count; d++) {
        char *name = ta_device_string(all->devices[d], CL_DEVICE_NAME);
        printf("device %u: %s\n", d, name);
        free(name);
    }
    cl_int err;
    all->context = clCreateContext(NULL, all->count, all->devices, NULL, NULL, &err);
    TA_CHECK(err);
    all->queues = calloc(all->count, sizeof *all->queues);
    for (cl_uint d = 0; d < all->count; d++) {
        all->queues[d] =
            clCreateCommandQueue(all->context, all->devices[d], CL_QUEUE_PROFILING_ENABLE, &err);
        TA_CHECK(err);
    }
}

void wl_open_devices(struct wl_devices *all, int all_devices, const char *kernel_file,
                     const char *build_options)
{
    cl_platform_id platform = ta_platform();
    all->count = 1;
    if (all_devices) {
        all->devices = ta_devices(platform, &all->count);
    } else {
        all->devices = malloc(sizeof *all->devices);
        all->devices[0] = ta_device(platform);
    }
    open_devices(all);
    char *source = wl_kernel_source(kernel_file);
    all->program = wl_build(all->context, source, build_options);
    free(source);
}

void wl_open_devices_binary(struct wl_devices *all, unsigned long count, const char *path)
{
    cl_platform_id platform = ta_platform();
    cl_uint available;
    cl_device_id *devices = ta_devices(platform, &available);
    wl_require(count >= 1 && count <= available, "the platform has %u devices, not %lu",
               available, count);
    all->count = (cl_uint)count;
    all->devices = devices;
    open_devices(all);
    all->program = load_binary(all->context, all->count, all->devices, path);
}

void wl_close_devices(struct wl_devices *all)
{
    TA_CHECK(clReleaseProgram(all->program));
    for (cl_uint d = 0; d < all->count; d++)
        TA_CHECK(clReleaseCommandQueue(all->queues[d]));
    TA_CHECK(clReleaseContext(all->context));
    free(all->queues);
    free(all->devices);
}

cl_kernel wl_kernel(cl_program program, const char *name)
{
    cl_int err;
    cl_kernel kernel = clCreateKernel(program, name, &err);
    TA_CHECK(err);
    return kernel;
}

cl_ulong wl_run(cl_command_queue queue, cl_kernel kernel, cl_uint dims, const size_t *global,
                const size_t *local)
{
    cl_event event;
    TA_CHECK(clEnqueueNDRangeKernel(queue, kernel, dims, NULL, global, local, 0, NULL, &event));
    TA_CHECK(clWaitForEvents(1, &event));
    cl_ulong ns = ta_event_ns(event);
    TA_CHECK(clReleaseEvent(event));
    return ns;
}

void wl_place_parts(cl_mem buffer, size_t offset, size_t size, unsigned long gpus)
{
    cl_context context;
    TA_CHECK(clGetMemObjectInfo(buffer, CL_MEM_CONTEXT, sizeof context, &context, NULL));
    cl_device_id device;
    TA_CHECK(clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof device, &device, NULL));
    cl_platform_id platform;
    TA_CHECK(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL));
    clSetMemObjectPlacementGCNSIM_fn place = (clSetMemObjectPlacementGCNSIM_fn)
        clGetExtensionFunctionAddressForPlatform(platform, "clSetMemObjectPlacementGCNSIM");
    wl_require(place != NULL, "the platform has no cl_gcnsim_locality (--locality)");
    for (unsigned long g = 0; g < gpus; g++) {
        size_t first = size * g / gpus, end = size * (g + 1) / gpus;
        if (end > first)
            TA_CHECK(place(buffer, offset + first, end - first, (cl_uint)g));
    }
}

cl_mem wl_buffer(cl_context context, cl_mem_flags flags, size_t size, const void *host)
{
    cl_int err;
    if (host)
        flags |= CL_MEM_COPY_HOST_PTR;
    cl_mem buffer = clCreateBuffer(context, flags, size, (void *)host, &err);
    TA_CHECK(err);
    return buffer;
}

void wl_read(cl_command_queue queue, cl_mem buffer, size_t size, void *host)
{
    TA_CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, host, 0, NULL, NULL));
}

size_t wl_round_up(size_t value, size_t multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

void wl_seed(struct wl_rng *rng, uint64_t seed)
{
    /* xorshift must not start from 0; mix the seed (splitmix64 finaliser). */
    uint64_t z = seed + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    rng->state = z ? z : 1;
}

uint32_t wl_rand_u32(struct wl_rng *rng)
{
    uint64_t x = rng->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng->state = x;
    return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}

float wl_rand_float(struct wl_rng *rng, float lo, float hi)
{
    /* 24 random bits: every value is an exact float in [0, 1). */
    float unit = (float)(wl_rand_u32(rng) >> 8) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * unit;
}

void wl_dot_add(struct wl_dot *dot, float a, float b)
{
    double p = (double)a * b; /* exact: a double holds the product of two floats */
    dot->sum += p;
    dot->magnitude += fabs(p);
    dot->terms++;
}

double wl_dot_bound(const struct wl_dot *dot)
{
    return (double)dot->terms * FLT_EPSILON * dot->magnitude + 1e-30;
}

int wl_check_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i] && bad++ == 0)
            first = i;
    }
    if (bad == 0)
        return ta_check(1, "%s: %zu values match", what, n);
    return ta_check(0, "%s: %zu of %zu values differ; first at %zu: got %u, expected %u", what,
                    bad, n, first, got[first], want[first]);
}

int wl_check_bytes(const char *what, const uint8_t *got, const uint8_t *want, size_t n)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i] && bad++ == 0)
            first = i;
    }
    if (bad == 0)
        return ta_check(1, "%s: %zu bytes match", what, n);
    return ta_check(0, "%s: %zu of %zu bytes differ; first at %zu: got 0x%02x, expected 0x%02x",
                    what, bad, n, first, got[first], want[first]);
}

int wl_check_float(const char *what, const float *got, const double *want, const double *bound,
                   size_t n)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        double allowed = bound ? bound[i] : 0.0;
        /* Written so that a NaN anywhere fails. */
        if (!(fabs((double)got[i] - want[i]) <= allowed) && bad++ == 0)
            first = i;
    }
    if (bad == 0)
        return ta_check(1, "%s: %zu values within bounds", what, n);
    return ta_check(0, "%s: %zu of %zu values out of bounds; first at %zu: got %.9g, expected "
                       "%.9g +- %.3g",
                    what, bad, n, first, (double)got[first], want[first],
                    bound ? bound[first] : 0.0);
}
