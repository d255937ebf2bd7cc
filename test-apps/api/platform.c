/* api_test: platform and device queries (clGetPlatformIDs, clGetPlatformInfo,
 * clGetDeviceIDs, clGetDeviceInfo). */
#include "api_test.h"

#include <string.h>

/* Parses "OpenCL <major>.<minor>" at the start of s (after `prefix`). */
static int parse_version(const char *s, const char *prefix, int *major, int *minor)
{
    size_t n = strlen(prefix);
    if (strncmp(s, prefix, n) != 0)
        return 0;
    return sscanf(s + n, "%d.%d", major, minor) == 2;
}

/* Whether every word of a space-separated list starts with "cl_". */
static int words_are_extensions(const char *list)
{
    for (const char *p = list; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (strncmp(p, "cl_", 3) != 0)
            return 0;
        while (*p && *p != ' ')
            p++;
    }
    return 1;
}

void check_platform(const struct api_env *env)
{
    static const struct info_param params[] = {
        INFO_VAR(CL_PLATFORM_PROFILE), INFO_VAR(CL_PLATFORM_VERSION),
        INFO_VAR(CL_PLATFORM_NAME),    INFO_VAR(CL_PLATFORM_VENDOR),
        INFO_VAR(CL_PLATFORM_EXTENSIONS),
    };
    check_info_table(query_platform, env->platform, params, sizeof params / sizeof *params,
                     "clGetPlatformInfo");

    cl_uint n = 0;
    cl_platform_id first;
    ta_check_err(clGetPlatformIDs(0, NULL, &n), CL_SUCCESS, "clGetPlatformIDs count");
    ta_check(n >= 1, "clGetPlatformIDs: at least one platform");
    ta_check_err(clGetPlatformIDs(0, &first, NULL), CL_INVALID_VALUE,
                 "clGetPlatformIDs: num_entries 0 with a platforms array");
    ta_check_err(clGetPlatformIDs(0, NULL, NULL), CL_INVALID_VALUE,
                 "clGetPlatformIDs: platforms and num_platforms both NULL");

    char *profile = ta_platform_string(env->platform, CL_PLATFORM_PROFILE);
    char *version = ta_platform_string(env->platform, CL_PLATFORM_VERSION);
    char *name = ta_platform_string(env->platform, CL_PLATFORM_NAME);
    char *vendor = ta_platform_string(env->platform, CL_PLATFORM_VENDOR);
    char *ext = ta_platform_string(env->platform, CL_PLATFORM_EXTENSIONS);
    int major = 0, minor = 0;
    ta_check(strcmp(profile, "FULL_PROFILE") == 0 || strcmp(profile, "EMBEDDED_PROFILE") == 0,
             "CL_PLATFORM_PROFILE is FULL_PROFILE or EMBEDDED_PROFILE (\"%s\")", profile);
    ta_check(parse_version(version, "OpenCL ", &major, &minor) &&
                 (major > 1 || (major == 1 && minor >= 2)),
             "CL_PLATFORM_VERSION is \"OpenCL <major>.<minor> ...\" with at least 1.2 (\"%s\")",
             version);
    ta_check(name[0] != '\0', "CL_PLATFORM_NAME is not empty");
    ta_check(vendor[0] != '\0', "CL_PLATFORM_VENDOR is not empty");
    ta_check(has_word(ext, "cl_khr_icd"), "CL_PLATFORM_EXTENSIONS lists cl_khr_icd (\"%s\")",
             ext);
    ta_check(words_are_extensions(ext), "CL_PLATFORM_EXTENSIONS is a list of cl_* names");
    char small[2];
    ta_check_err(clGetPlatformInfo(env->platform, CL_PLATFORM_NAME, sizeof small, small, NULL),
                 CL_INVALID_VALUE, "clGetPlatformInfo: name into a 2-byte buffer");
    printf("platform: %s (%s), %s\n", name, vendor, version);
    free(profile);
    free(version);
    free(name);
    free(vendor);
    free(ext);
}

/* Number of the platform's devices of `type` (0 when it reports none). */
static cl_uint count_devices(cl_platform_id platform, cl_device_type type)
{
    cl_uint n = 0;
    cl_int err = clGetDeviceIDs(platform, type, 0, NULL, &n);
    if (err == CL_DEVICE_NOT_FOUND)
        return 0;
    if (!ta_check_err(err, CL_SUCCESS, "clGetDeviceIDs(type 0x%llx)", (unsigned long long)type))
        return 0;
    return n;
}

static void check_device_ids(const struct api_env *env)
{
    cl_platform_id p = env->platform;
    cl_uint all = count_devices(p, CL_DEVICE_TYPE_ALL);
    ta_check(all >= 1, "clGetDeviceIDs(ALL): at least one device");
    cl_device_type types[] = {CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR,
                              CL_DEVICE_TYPE_CUSTOM};
    cl_uint sum = 0;
    for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
        cl_uint n = count_devices(p, types[i]);
        sum += n;
        if (n == 0) {
            cl_device_id d;
            ta_check_err(clGetDeviceIDs(p, types[i], 1, &d, NULL), CL_DEVICE_NOT_FOUND,
                         "clGetDeviceIDs of a type with no devices (0x%llx)",
                         (unsigned long long)types[i]);
        }
    }
    ta_check(sum == all, "device counts per type add up to the ALL count (%u, %u)", sum, all);
    ta_check(count_devices(p, CL_DEVICE_TYPE_DEFAULT) >= 1,
             "clGetDeviceIDs(DEFAULT): at least one device");
    if (env->expect_gpus) {
        ta_check(count_devices(p, CL_DEVICE_TYPE_GPU) == env->expect_gpus,
                 "the platform has exactly %u GPU devices", env->expect_gpus);
        ta_check(all == env->expect_gpus, "the platform has exactly %u devices (has %u)",
                 env->expect_gpus, all);
    }

    cl_device_id d;
    cl_uint n;
    if (env->strict) /* PoCL 3.1 says CL_DEVICE_NOT_FOUND */
        ta_check_err(clGetDeviceIDs(p, (cl_device_type)1 << 40, 1, &d, NULL),
                     CL_INVALID_DEVICE_TYPE, "strict: clGetDeviceIDs: an unknown device type");
    ta_check_err(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, &d, &n), CL_INVALID_VALUE,
                 "clGetDeviceIDs: num_entries 0 with a devices array");
    ta_check_err(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clGetDeviceIDs: devices and num_devices both NULL");

    /* Asking for fewer devices than exist returns the first ones. */
    cl_device_id *list = malloc(all * sizeof *list);
    TA_CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, all, list, NULL));
    cl_device_id one = NULL;
    TA_CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &one, NULL));
    ta_check(one == list[0], "clGetDeviceIDs with num_entries 1 returns the first device");
    free(list);
}

static const struct info_param device_params[] = {
    INFO(CL_DEVICE_TYPE, cl_device_type),
    INFO(CL_DEVICE_VENDOR_ID, cl_uint),
    INFO(CL_DEVICE_MAX_COMPUTE_UNITS, cl_uint),
    INFO(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, cl_uint),
    INFO_VAR(CL_DEVICE_MAX_WORK_ITEM_SIZES),
    INFO(CL_DEVICE_MAX_WORK_GROUP_SIZE, size_t),
    INFO(CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, cl_uint),
    INFO(CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, cl_uint),
    INFO(CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, cl_uint),
    INFO(CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, cl_uint),
    INFO(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, cl_uint),
    INFO(CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, cl_uint),
    INFO(CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, cl_uint),
    INFO(CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, cl_uint),
    INFO(CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, cl_uint),
    INFO(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, cl_uint),
    INFO(CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, cl_uint),
    INFO(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, cl_uint),
    INFO(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, cl_uint),
    INFO(CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, cl_uint),
    INFO(CL_DEVICE_MAX_CLOCK_FREQUENCY, cl_uint),
    INFO(CL_DEVICE_ADDRESS_BITS, cl_uint),
    INFO(CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong),
    INFO(CL_DEVICE_IMAGE_SUPPORT, cl_bool),
    INFO(CL_DEVICE_MAX_READ_IMAGE_ARGS, cl_uint),
    INFO(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, cl_uint),
    INFO(CL_DEVICE_IMAGE2D_MAX_WIDTH, size_t),
    INFO(CL_DEVICE_IMAGE2D_MAX_HEIGHT, size_t),
    INFO(CL_DEVICE_IMAGE3D_MAX_WIDTH, size_t),
    INFO(CL_DEVICE_IMAGE3D_MAX_HEIGHT, size_t),
    INFO(CL_DEVICE_IMAGE3D_MAX_DEPTH, size_t),
    INFO(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, size_t),
    INFO(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, size_t),
    INFO(CL_DEVICE_MAX_SAMPLERS, cl_uint),
    INFO(CL_DEVICE_MAX_PARAMETER_SIZE, size_t),
    INFO(CL_DEVICE_MEM_BASE_ADDR_ALIGN, cl_uint),
    INFO(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, cl_uint),
    INFO(CL_DEVICE_SINGLE_FP_CONFIG, cl_device_fp_config),
    INFO(CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config),
    INFO(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, cl_device_mem_cache_type),
    INFO(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, cl_uint),
    INFO(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong),
    INFO(CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong),
    INFO(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, cl_ulong),
    INFO(CL_DEVICE_MAX_CONSTANT_ARGS, cl_uint),
    INFO(CL_DEVICE_LOCAL_MEM_TYPE, cl_device_local_mem_type),
    INFO(CL_DEVICE_LOCAL_MEM_SIZE, cl_ulong),
    INFO(CL_DEVICE_ERROR_CORRECTION_SUPPORT, cl_bool),
    INFO(CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool),
    INFO(CL_DEVICE_PROFILING_TIMER_RESOLUTION, size_t),
    INFO(CL_DEVICE_ENDIAN_LITTLE, cl_bool),
    INFO(CL_DEVICE_AVAILABLE, cl_bool),
    INFO(CL_DEVICE_COMPILER_AVAILABLE, cl_bool),
    INFO(CL_DEVICE_LINKER_AVAILABLE, cl_bool),
    INFO(CL_DEVICE_EXECUTION_CAPABILITIES, cl_device_exec_capabilities),
    INFO(CL_DEVICE_QUEUE_PROPERTIES, cl_command_queue_properties),
    INFO_VAR(CL_DEVICE_BUILT_IN_KERNELS),
    INFO(CL_DEVICE_PLATFORM, cl_platform_id),
    INFO_VAR(CL_DEVICE_NAME),
    INFO_VAR(CL_DEVICE_VENDOR),
    INFO_VAR(CL_DRIVER_VERSION),
    INFO_VAR(CL_DEVICE_PROFILE),
    INFO_VAR(CL_DEVICE_VERSION),
    INFO_VAR(CL_DEVICE_OPENCL_C_VERSION),
    INFO_VAR(CL_DEVICE_EXTENSIONS),
    INFO(CL_DEVICE_PRINTF_BUFFER_SIZE, size_t),
    INFO(CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, cl_bool),
    INFO(CL_DEVICE_PARENT_DEVICE, cl_device_id),
    INFO(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, cl_uint),
    INFO_VAR(CL_DEVICE_PARTITION_PROPERTIES),
    INFO(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, cl_device_affinity_domain),
    INFO(CL_DEVICE_REFERENCE_COUNT, cl_uint),
};

#define GET(dev, param, var) TA_CHECK(clGetDeviceInfo(dev, param, sizeof(var), &(var), NULL))

static void check_device_values(const struct api_env *env, cl_device_id dev, unsigned index)
{
    cl_device_type type;
    cl_uint cus, dims, addr_bits, align_bits, const_args, vec_double, nat_double, vec_half,
        nat_half, ref;
    size_t wg, sizes[16] = {0}, sizes_size = 0, param_size, printf_size;
    cl_ulong alloc, global, local, constant;
    cl_bool available, compiler, linker, little;
    cl_device_fp_config single, dbl;
    cl_device_exec_capabilities exec;
    cl_command_queue_properties qprops;
    cl_device_mem_cache_type cache_type;
    cl_device_local_mem_type local_type;
    cl_platform_id platform;
    cl_device_id parent;
    GET(dev, CL_DEVICE_TYPE, type);
    GET(dev, CL_DEVICE_MAX_COMPUTE_UNITS, cus);
    GET(dev, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, dims);
    GET(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, wg);
    GET(dev, CL_DEVICE_ADDRESS_BITS, addr_bits);
    GET(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, align_bits);
    GET(dev, CL_DEVICE_MAX_CONSTANT_ARGS, const_args);
    GET(dev, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, vec_double);
    GET(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, nat_double);
    GET(dev, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, vec_half);
    GET(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, nat_half);
    GET(dev, CL_DEVICE_REFERENCE_COUNT, ref);
    GET(dev, CL_DEVICE_MAX_PARAMETER_SIZE, param_size);
    GET(dev, CL_DEVICE_PRINTF_BUFFER_SIZE, printf_size);
    GET(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, alloc);
    GET(dev, CL_DEVICE_GLOBAL_MEM_SIZE, global);
    GET(dev, CL_DEVICE_LOCAL_MEM_SIZE, local);
    GET(dev, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, constant);
    GET(dev, CL_DEVICE_AVAILABLE, available);
    GET(dev, CL_DEVICE_COMPILER_AVAILABLE, compiler);
    GET(dev, CL_DEVICE_LINKER_AVAILABLE, linker);
    GET(dev, CL_DEVICE_ENDIAN_LITTLE, little);
    GET(dev, CL_DEVICE_SINGLE_FP_CONFIG, single);
    GET(dev, CL_DEVICE_DOUBLE_FP_CONFIG, dbl);
    GET(dev, CL_DEVICE_EXECUTION_CAPABILITIES, exec);
    GET(dev, CL_DEVICE_QUEUE_PROPERTIES, qprops);
    GET(dev, CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, cache_type);
    GET(dev, CL_DEVICE_LOCAL_MEM_TYPE, local_type);
    GET(dev, CL_DEVICE_PLATFORM, platform);
    GET(dev, CL_DEVICE_PARENT_DEVICE, parent);
    TA_CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes,
                             &sizes_size));
    char *profile = ta_device_string(dev, CL_DEVICE_PROFILE);
    char *version = ta_device_string(dev, CL_DEVICE_VERSION);
    char *c_version = ta_device_string(dev, CL_DEVICE_OPENCL_C_VERSION);
    char *ext = ta_device_string(dev, CL_DEVICE_EXTENSIONS);
    char *name = ta_device_string(dev, CL_DEVICE_NAME);
    int full = strcmp(profile, "FULL_PROFILE") == 0;
    int major = 0, minor = 0;

    printf("device %u: %s\n", index, name);
    if (env->expect_gpus)
        ta_check(type == CL_DEVICE_TYPE_GPU, "device %u: CL_DEVICE_TYPE is GPU", index);
    cl_device_type primary = type & ~(cl_device_type)CL_DEVICE_TYPE_DEFAULT;
    ta_check(primary == CL_DEVICE_TYPE_CPU || primary == CL_DEVICE_TYPE_GPU ||
                 primary == CL_DEVICE_TYPE_ACCELERATOR || primary == CL_DEVICE_TYPE_CUSTOM,
             "device %u: CL_DEVICE_TYPE is one type (0x%llx)", index, (unsigned long long)type);
    ta_check(cus >= 1, "device %u: CL_DEVICE_MAX_COMPUTE_UNITS >= 1", index);
    ta_check(dims >= 3, "device %u: CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS >= 3", index);
    ta_check(sizes_size == dims * sizeof(size_t),
             "device %u: CL_DEVICE_MAX_WORK_ITEM_SIZES has MAX_WORK_ITEM_DIMENSIONS entries",
             index);
    int sizes_ok = 1;
    for (cl_uint i = 0; i < dims && i < 16; i++)
        sizes_ok &= sizes[i] >= 1;
    ta_check(wg >= 1 && sizes_ok,
             "device %u: MAX_WORK_GROUP_SIZE and every MAX_WORK_ITEM_SIZES entry >= 1", index);
    ta_check(addr_bits == 32 || addr_bits == 64, "device %u: CL_DEVICE_ADDRESS_BITS is 32 or 64",
             index);
    ta_check(global > 0 && alloc > 0 && alloc <= global,
             "device %u: 0 < MAX_MEM_ALLOC_SIZE <= GLOBAL_MEM_SIZE", index);
    ta_check(ref == 1, "device %u: a root device's reference count is 1", index);
    ta_check(platform == env->platform, "device %u: CL_DEVICE_PLATFORM is its platform", index);
    ta_check(parent == NULL, "device %u: a root device has no parent", index);
    ta_check(available == CL_TRUE, "device %u: CL_DEVICE_AVAILABLE", index);
    ta_check(little == CL_TRUE || little == CL_FALSE, "device %u: CL_DEVICE_ENDIAN_LITTLE is a bool",
             index);
    ta_check(exec & CL_EXEC_KERNEL, "device %u: CL_DEVICE_EXECUTION_CAPABILITIES has EXEC_KERNEL",
             index);
    ta_check(qprops & CL_QUEUE_PROFILING_ENABLE,
             "device %u: CL_DEVICE_QUEUE_PROPERTIES has PROFILING_ENABLE", index);
    ta_check((qprops & ~(cl_command_queue_properties)(CL_QUEUE_PROFILING_ENABLE |
                                                      CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) ==
                 0,
             "device %u: CL_DEVICE_QUEUE_PROPERTIES has only 1.2 bits", index);
    ta_check(cache_type == CL_NONE || cache_type == CL_READ_ONLY_CACHE ||
                 cache_type == CL_READ_WRITE_CACHE,
             "device %u: CL_DEVICE_GLOBAL_MEM_CACHE_TYPE is a valid value", index);
    ta_check(local_type == CL_LOCAL || local_type == CL_GLOBAL,
             "device %u: CL_DEVICE_LOCAL_MEM_TYPE is LOCAL or GLOBAL", index);
    ta_check(align_bits >= 8 && (align_bits & (align_bits - 1)) == 0,
             "device %u: CL_DEVICE_MEM_BASE_ADDR_ALIGN is a power of two bits (%u)", index,
             align_bits);
    ta_check(strcmp(profile, "FULL_PROFILE") == 0 || strcmp(profile, "EMBEDDED_PROFILE") == 0,
             "device %u: CL_DEVICE_PROFILE is FULL_PROFILE or EMBEDDED_PROFILE", index);
    ta_check(parse_version(version, "OpenCL ", &major, &minor) &&
                 (major > 1 || (major == 1 && minor >= 2)),
             "device %u: CL_DEVICE_VERSION is \"OpenCL <major>.<minor> ...\" >= 1.2 (\"%s\")",
             index, version);
    ta_check(parse_version(c_version, "OpenCL C ", &major, &minor),
             "device %u: CL_DEVICE_OPENCL_C_VERSION is \"OpenCL C <major>.<minor> ...\" (\"%s\")",
             index, c_version);
    ta_check(words_are_extensions(ext), "device %u: CL_DEVICE_EXTENSIONS is a list of cl_* names",
             index);
    if (env->expect_extension)
        ta_check(has_word(ext, env->expect_extension),
                 "device %u: CL_DEVICE_EXTENSIONS lists %s (--expect-extension)", index,
                 env->expect_extension);
    if (!has_word(ext, "cl_khr_fp64"))
        ta_check(dbl == 0 && vec_double == 0 && nat_double == 0,
                 "device %u: no cl_khr_fp64, so no double FP config and vector widths 0", index);
    else
        ta_check((dbl & (CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM)) ==
                     (CL_FP_FMA | CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM),
                 "device %u: cl_khr_fp64 with the required double FP config", index);
    if (!has_word(ext, "cl_khr_fp16"))
        ta_check(vec_half == 0 && nat_half == 0,
                 "device %u: no cl_khr_fp16, so half vector widths are 0", index);
    if (full) {
        ta_check((single & (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN)) ==
                     (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN),
                 "device %u: full profile single FP config has ROUND_TO_NEAREST and INF_NAN",
                 index);
        ta_check(compiler && linker, "device %u: full profile has a compiler and a linker", index);
        ta_check(align_bits >= 1024, "device %u: full profile base address align >= 1024 bits",
                 index);
        ta_check(param_size >= 1024, "device %u: MAX_PARAMETER_SIZE >= 1024", index);
        ta_check(const_args >= 8, "device %u: MAX_CONSTANT_ARGS >= 8", index);
        ta_check(constant >= 64 * 1024, "device %u: MAX_CONSTANT_BUFFER_SIZE >= 64 KiB", index);
        ta_check(local >= 32 * 1024, "device %u: LOCAL_MEM_SIZE >= 32 KiB", index);
        ta_check(printf_size >= 1024 * 1024, "device %u: PRINTF_BUFFER_SIZE >= 1 MiB", index);
        cl_ulong min_alloc = global / 4 > 128ull << 20 ? global / 4 : 128ull << 20;
        if (primary != CL_DEVICE_TYPE_CUSTOM)
            ta_check(alloc >= min_alloc,
                     "device %u: MAX_MEM_ALLOC_SIZE >= max(GLOBAL_MEM_SIZE/4, 128 MiB)", index);
    }

    /* Partitioning: a root device has no partition type; the supported list
     * holds only 1.2 partition properties. */
    size_t psize = 0;
    cl_device_partition_property ptype[8] = {0}, pprops[8] = {0};
    ta_check_err(clGetDeviceInfo(dev, CL_DEVICE_PARTITION_TYPE, sizeof ptype, ptype, &psize),
                 CL_SUCCESS, "device %u: CL_DEVICE_PARTITION_TYPE", index);
    ta_check(psize == 0 || ptype[0] == 0, "device %u: a root device has no partition type",
             index);
    TA_CHECK(clGetDeviceInfo(dev, CL_DEVICE_PARTITION_PROPERTIES, sizeof pprops, pprops, &psize));
    int props_ok = psize % sizeof *pprops == 0 && psize >= sizeof *pprops;
    for (size_t i = 0; i < psize / sizeof *pprops && i < 8; i++)
        props_ok &= pprops[i] == 0 || pprops[i] == CL_DEVICE_PARTITION_EQUALLY ||
                    pprops[i] == CL_DEVICE_PARTITION_BY_COUNTS ||
                    pprops[i] == CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN;
    ta_check(props_ok, "device %u: CL_DEVICE_PARTITION_PROPERTIES are 1.2 partition types",
             index);

    /* Images: when supported, the full profile minimums hold. */
    cl_bool images;
    GET(dev, CL_DEVICE_IMAGE_SUPPORT, images);
    if (images && full) {
        size_t w2, h2;
        GET(dev, CL_DEVICE_IMAGE2D_MAX_WIDTH, w2);
        GET(dev, CL_DEVICE_IMAGE2D_MAX_HEIGHT, h2);
        ta_check(w2 >= 8192 && h2 >= 8192, "device %u: 2D images at least 8192x8192", index);
    }

    free(profile);
    free(version);
    free(c_version);
    free(ext);
    free(name);
}

void check_devices(const struct api_env *env)
{
    check_device_ids(env);
    for (cl_uint i = 0; i < env->ndev; i++) {
        char what[64];
        snprintf(what, sizeof what, "device %u clGetDeviceInfo", i);
        check_info_table(query_device, env->devices[i], device_params,
                         sizeof device_params / sizeof *device_params, what);
        check_device_values(env, env->devices[i], i);
    }
    /* Root devices: retain and release succeed and leave the count at 1. */
    ta_check_err(clRetainDevice(env->devices[0]), CL_SUCCESS, "clRetainDevice on a root device");
    ta_check_err(clReleaseDevice(env->devices[0]), CL_SUCCESS,
                 "clReleaseDevice on a root device");
    cl_uint ref;
    GET(env->devices[0], CL_DEVICE_REFERENCE_COUNT, ref);
    ta_check(ref == 1, "a root device's reference count stays 1");
}
