/* testapp: shared helpers of the gcnsim test applications (see testapp.h). */
/* Built against the OpenCL 3.0 API for ta_device_lists (cl_name_version). */
#define CL_TARGET_OPENCL_VERSION 300
#include "testapp.h"

#include <CL/cl_ext.h>

#include <stdarg.h>
#include <string.h>
#include <strings.h>

struct ta_options ta_opts;

static unsigned passed_count;
static unsigned failed_count;

static void usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s [--platform NAME] [--device N] [--verbose] [app options]\n"
            "  --platform NAME  substring of the platform name (also $OPENCL_PLATFORM);\n"
            "                   default: first platform with a GPU, else the first\n"
            "  --device N       index of the device among the platform's GPUs\n"
            "                   (all devices if it has no GPU); default 0\n",
            prog);
    exit(2);
}

void ta_init(int *argc, char **argv)
{
    int out = 1;
    ta_opts.platform = getenv("OPENCL_PLATFORM");
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--platform") == 0) {
            if (++i >= *argc)
                usage(argv[0]);
            ta_opts.platform = argv[i];
        } else if (strcmp(argv[i], "--device") == 0) {
            char *end;
            if (++i >= *argc)
                usage(argv[0]);
            ta_opts.device = (unsigned)strtoul(argv[i], &end, 10);
            if (*end != '\0')
                usage(argv[0]);
        } else if (strcmp(argv[i], "--verbose") == 0) {
            ta_opts.verbose = 1;
        } else if (strcmp(argv[i], "--help") == 0) {
            usage(argv[0]);
        } else {
            argv[out++] = argv[i];
        }
    }
    argv[out] = NULL;
    *argc = out;
}

const char *ta_error_name(cl_int err)
{
    switch (err) {
#define NAME(code) \
    case code:     \
        return #code;
        NAME(CL_SUCCESS)
        NAME(CL_DEVICE_NOT_FOUND)
        NAME(CL_DEVICE_NOT_AVAILABLE)
        NAME(CL_COMPILER_NOT_AVAILABLE)
        NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE)
        NAME(CL_OUT_OF_RESOURCES)
        NAME(CL_OUT_OF_HOST_MEMORY)
        NAME(CL_PROFILING_INFO_NOT_AVAILABLE)
        NAME(CL_MEM_COPY_OVERLAP)
        NAME(CL_IMAGE_FORMAT_MISMATCH)
        NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED)
        NAME(CL_BUILD_PROGRAM_FAILURE)
        NAME(CL_MAP_FAILURE)
        NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET)
        NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        NAME(CL_COMPILE_PROGRAM_FAILURE)
        NAME(CL_LINKER_NOT_AVAILABLE)
        NAME(CL_LINK_PROGRAM_FAILURE)
        NAME(CL_DEVICE_PARTITION_FAILED)
        NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
        NAME(CL_INVALID_VALUE)
        NAME(CL_INVALID_DEVICE_TYPE)
        NAME(CL_INVALID_PLATFORM)
        NAME(CL_INVALID_DEVICE)
        NAME(CL_INVALID_CONTEXT)
        NAME(CL_INVALID_QUEUE_PROPERTIES)
        NAME(CL_INVALID_COMMAND_QUEUE)
        NAME(CL_INVALID_HOST_PTR)
        NAME(CL_INVALID_MEM_OBJECT)
        NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
        NAME(CL_INVALID_IMAGE_SIZE)
        NAME(CL_INVALID_SAMPLER)
        NAME(CL_INVALID_BINARY)
        NAME(CL_INVALID_BUILD_OPTIONS)
        NAME(CL_INVALID_PROGRAM)
        NAME(CL_INVALID_PROGRAM_EXECUTABLE)
        NAME(CL_INVALID_KERNEL_NAME)
        NAME(CL_INVALID_KERNEL_DEFINITION)
        NAME(CL_INVALID_KERNEL)
        NAME(CL_INVALID_ARG_INDEX)
        NAME(CL_INVALID_ARG_VALUE)
        NAME(CL_INVALID_ARG_SIZE)
        NAME(CL_INVALID_KERNEL_ARGS)
        NAME(CL_INVALID_WORK_DIMENSION)
        NAME(CL_INVALID_WORK_GROUP_SIZE)
        NAME(CL_INVALID_WORK_ITEM_SIZE)
        NAME(CL_INVALID_GLOBAL_OFFSET)
        NAME(CL_INVALID_EVENT_WAIT_LIST)
        NAME(CL_INVALID_EVENT)
        NAME(CL_INVALID_OPERATION)
        NAME(CL_INVALID_GL_OBJECT)
        NAME(CL_INVALID_BUFFER_SIZE)
        NAME(CL_INVALID_MIP_LEVEL)
        NAME(CL_INVALID_GLOBAL_WORK_SIZE)
        NAME(CL_INVALID_PROPERTY)
        NAME(CL_INVALID_IMAGE_DESCRIPTOR)
        NAME(CL_INVALID_COMPILER_OPTIONS)
        NAME(CL_INVALID_LINKER_OPTIONS)
        NAME(CL_INVALID_DEVICE_PARTITION_COUNT)
        NAME(CL_PLATFORM_NOT_FOUND_KHR)
#undef NAME
    default: {
        static char buf[32];
        snprintf(buf, sizeof buf, "CL_<%d>", (int)err);
        return buf;
    }
    }
}

void ta_die(const char *file, int line, const char *what, cl_int err)
{
    printf("%s:%d: %s returned %s\n", file, line, what, ta_error_name(err));
    printf("FAILED\n");
    fflush(stdout);
    exit(1);
}

char *ta_platform_string(cl_platform_id platform, cl_platform_info param)
{
    size_t size = 0;
    TA_CHECK(clGetPlatformInfo(platform, param, 0, NULL, &size));
    char *s = calloc(size + 1, 1);
    TA_CHECK(clGetPlatformInfo(platform, param, size, s, NULL));
    return s;
}

static int name_contains(cl_platform_id platform, const char *want)
{
    char *name = ta_platform_string(platform, CL_PLATFORM_NAME);
    size_t len = strlen(want);
    int found = 0;
    for (const char *p = name; *p && !found; p++)
        found = strncasecmp(p, want, len) == 0;
    free(name);
    return found;
}

cl_platform_id ta_platform_named(const char *want)
{
    cl_uint count = 0;
    TA_CHECK(clGetPlatformIDs(0, NULL, &count));
    cl_platform_id *all = malloc(count * sizeof *all), found = NULL;
    TA_CHECK(clGetPlatformIDs(count, all, NULL));
    for (cl_uint i = 0; i < count && !found; i++)
        if (name_contains(all[i], want))
            found = all[i];
    free(all);
    return found;
}

char *ta_device_string(cl_device_id device, cl_device_info param)
{
    size_t size = 0;
    TA_CHECK(clGetDeviceInfo(device, param, 0, NULL, &size));
    char *s = calloc(size + 1, 1);
    TA_CHECK(clGetDeviceInfo(device, param, size, s, NULL));
    return s;
}

int ta_device_lists(cl_device_id device, cl_device_info param, const char *name, unsigned major,
                    unsigned minor)
{
    size_t size = 0;
    if (clGetDeviceInfo(device, param, 0, NULL, &size) != CL_SUCCESS || size == 0)
        return 0;
    cl_name_version *list = malloc(size);
    TA_CHECK(clGetDeviceInfo(device, param, size, list, NULL));
    int found = 0;
    for (size_t i = 0; i < size / sizeof *list; i++)
        found |= strcmp(list[i].name, name) == 0 &&
                 (major == 0 || (CL_VERSION_MAJOR(list[i].version) == major &&
                                 CL_VERSION_MINOR(list[i].version) == minor));
    free(list);
    return found;
}

static cl_uint gpu_count(cl_platform_id platform)
{
    cl_uint n = 0;
    cl_int err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, NULL, &n);
    return err == CL_SUCCESS ? n : 0;
}

cl_platform_id ta_platform(void)
{
    cl_uint count = 0;
    cl_int err = clGetPlatformIDs(0, NULL, &count);
    if (err != CL_SUCCESS || count == 0) {
        printf("no OpenCL platform found (%s); is OCL_ICD_VENDORS set?\nFAILED\n",
               ta_error_name(err));
        exit(1);
    }
    cl_platform_id *all = malloc(count * sizeof *all);
    TA_CHECK(clGetPlatformIDs(count, all, NULL));
    cl_platform_id chosen = NULL;
    for (cl_uint i = 0; i < count && !chosen; i++) {
        if (ta_opts.platform) {
            char *name = ta_platform_string(all[i], CL_PLATFORM_NAME);
            size_t want = strlen(ta_opts.platform);
            for (const char *p = name; *p && !chosen; p++)
                if (strncasecmp(p, ta_opts.platform, want) == 0)
                    chosen = all[i];
            free(name);
        } else if (gpu_count(all[i]) > 0) {
            chosen = all[i];
        }
    }
    if (!chosen && !ta_opts.platform)
        chosen = all[0];
    free(all);
    if (!chosen) {
        printf("no OpenCL platform named '%s'\nFAILED\n", ta_opts.platform);
        exit(1);
    }
    return chosen;
}

cl_device_type ta_device_type(cl_platform_id platform)
{
    return gpu_count(platform) > 0 ? CL_DEVICE_TYPE_GPU : CL_DEVICE_TYPE_ALL;
}

cl_device_id *ta_devices(cl_platform_id platform, cl_uint *count)
{
    cl_device_type type = ta_device_type(platform);
    TA_CHECK(clGetDeviceIDs(platform, type, 0, NULL, count));
    cl_device_id *devices = malloc(*count * sizeof *devices);
    TA_CHECK(clGetDeviceIDs(platform, type, *count, devices, NULL));
    return devices;
}

cl_device_id ta_device(cl_platform_id platform)
{
    cl_uint count;
    cl_device_id *devices = ta_devices(platform, &count);
    if (ta_opts.device >= count) {
        printf("--device %u: the platform has only %u devices\nFAILED\n", ta_opts.device,
               count);
        exit(1);
    }
    cl_device_id device = devices[ta_opts.device];
    free(devices);
    return device;
}

cl_ulong ta_event_ns(cl_event event)
{
    cl_ulong start, end;
    TA_CHECK(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start,
                                     NULL));
    TA_CHECK(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    return end - start;
}

cl_ulong ta_event_time(cl_event event, cl_profiling_info what)
{
    cl_ulong t = 0;
    TA_CHECK(clGetEventProfilingInfo(event, what, sizeof t, &t, NULL));
    return t;
}

void ta_report_time(const char *label, cl_ulong ns)
{
    printf("time: %s %llu ns\n", label, (unsigned long long)ns);
}

static int record(int cond, const char *fmt, va_list ap)
{
    if (cond)
        passed_count++;
    else
        failed_count++;
    if (!cond || ta_opts.verbose) {
        printf("%s: ", cond ? "ok" : "FAIL");
        vprintf(fmt, ap);
    }
    return cond;
}

int ta_check(int cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    record(cond, fmt, ap);
    va_end(ap);
    if (!cond || ta_opts.verbose)
        printf("\n");
    fflush(stdout);
    return cond;
}

int ta_check_err(cl_int got, cl_int want, const char *fmt, ...)
{
    va_list ap;
    int cond = got == want;
    va_start(ap, fmt);
    record(cond, fmt, ap);
    va_end(ap);
    if (!cond)
        printf(" (returned %s, expected %s)", ta_error_name(got), ta_error_name(want));
    if (!cond || ta_opts.verbose)
        printf("\n");
    fflush(stdout);
    return cond;
}

unsigned ta_passed(void)
{
    return passed_count;
}

unsigned ta_failed(void)
{
    return failed_count;
}

int ta_finish(void)
{
    int ok = failed_count == 0 && passed_count > 0;
    printf("%u passed, %u failed\n%s\n", passed_count, failed_count, ok ? "PASSED" : "FAILED");
    fflush(stdout);
    return ok ? 0 : 1;
}

cl_program ta_build(cl_context ctx, cl_device_id device, const char *source,
                    const char *options)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    if (err != CL_SUCCESS)
        ta_die(__FILE__, __LINE__, "clCreateProgramWithSource", err);
    err = clBuildProgram(p, 1, &device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("%s\n", log);
        ta_die(__FILE__, __LINE__, options, err);
    }
    return p;
}

int ta_link_args(int argc, char **argv, size_t *n, double *link_gbps, unsigned *flit_bytes) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            *n = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--link-gbps") && i + 1 < argc)
            *link_gbps = strtod(argv[++i], NULL);
        else if (flit_bytes && !strcmp(argv[i], "--flit-bytes") && i + 1 < argc)
            *flit_bytes = (unsigned)strtoul(argv[++i], NULL, 0);
        else {
            fprintf(stderr, "usage: %s [-n N, a multiple of 256] [--link-gbps G]%s\n", argv[0],
                    flit_bytes ? " [--flit-bytes F]" : "");
            return 2;
        }
    }
    if (*n == 0 || *n % 256) {
        fprintf(stderr, "-n must be a positive multiple of 256\n");
        return 2;
    }
    return 0;
}
