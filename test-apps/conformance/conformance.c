/*
 * conformance: behaviour the OpenCL specification defines and programs or the
 * Khronos CTS depend on, checked on any platform:
 *  - a kernel does not keep its buffer arguments alive: a released buffer is
 *    destroyed (its destructor callback runs) while still a kernel argument
 *    (CTS api retain_mem_object_set_kernel_arg);
 *  - a library made with -create-library is still a library after its binary
 *    is saved and loaded again, and links (CTS compiler program_binary_type);
 *  - the predefined macros (OpenCL C 6.10 / 3.0 6.12): __OPENCL_VERSION__ is
 *    the device's version, __OPENCL_C_VERSION__ the -cl-std one, CL_VERSION_*,
 *    __ENDIAN_LITTLE__, __IMAGE_SUPPORT__ and __FAST_RELAXED_MATH__ as the
 *    device and options say, and every extension macro exactly as the device
 *    lists it (cl_khr_subgroups, which needs OpenCL C 2.0, in -cl-std=CL2.0
 *    programs only; CTS basic kernel_preprocessor_macros);
 *  - for -cl-std=CL3.0 (when CL_DEVICE_OPENCL_C_ALL_VERSIONS has 3.0) every
 *    optional feature macro is defined exactly when CL_DEVICE_OPENCL_C_FEATURES
 *    lists the feature;
 *  - a device that lists OpenCL C 2.0 in CL_DEVICE_OPENCL_C_ALL_VERSIONS has
 *    what OpenCL C 2.0 makes mandatory and OpenCL C 3.0 optional (pipes,
 *    device-side enqueue, generic address space, ...: its 3.0 features);
 *  - a program that calls enqueue_kernel on a device without device-side
 *    enqueue fails to build (CL_BUILD_PROGRAM_FAILURE), even with
 *    -cl-std=CL2.0 (--strict), rather than fault when it runs;
 *  - a program that writes past the region it mapped (AMD APP SDK PrefixSum)
 *    does not corrupt the host: the mapped region is written back;
 *  - CL_MEM_USE_HOST_PTR on an SVM pointer makes a buffer that uses that
 *    memory (OpenCL 2.0 5.2.1: CL_MEM_USES_SVM_POINTER), on devices with SVM.
 * --strict (gcnsim's runs) adds the checks PoCL 3.1 fails (each marked).
 */
#define CL_TARGET_OPENCL_VERSION 300
#include "testapp.h"

#include <string.h>

/* --strict: also the checks where the specification is explicit but PoCL 3.1,
 * the reference run, deviates from it. */
static int strict;
static cl_context ctx;
static cl_device_id device;
static cl_command_queue queue;

static cl_program build(const char *source, const char *options)
{
    return ta_build(ctx, device, source, options);
}

/* ---- kernel argument references ---- */

static volatile int destroyed;
static void CL_CALLBACK note_destroyed(cl_mem m, void *user_data)
{
    (void)m;
    (void)user_data;
    destroyed = 1;
}

static void check_kernel_arg_references(void)
{
    cl_program p = build("kernel void k(global int *x) { x[0] = 1; }", "");
    cl_int err;
    cl_kernel k = clCreateKernel(p, "k", &err);
    TA_CHECK(err);
    cl_mem buffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(k, 0, sizeof buffer, &buffer));
    TA_CHECK(clSetMemObjectDestructorCallback(buffer, note_destroyed, NULL));
    TA_CHECK(clReleaseMemObject(buffer));
    ta_check(destroyed, "a buffer released while it is a kernel argument is destroyed "
                        "(its destructor callback ran)");
    clReleaseKernel(k);
    clReleaseProgram(p);
}

/* ---- library binaries ---- */

static cl_program_binary_type binary_type(cl_program p)
{
    cl_program_binary_type type = 0;
    TA_CHECK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
    return type;
}

static cl_program reloaded(cl_program p)
{
    size_t size = 0;
    TA_CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
    unsigned char *binary = malloc(size);
    TA_CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof binary, &binary, NULL));
    cl_int err, status;
    const unsigned char *bins[] = {binary};
    cl_program q = clCreateProgramWithBinary(ctx, 1, &device, &size, bins, &status, &err);
    TA_CHECK(err);
    TA_CHECK(status);
    free(binary);
    return q;
}

static void check_library_binaries(void)
{
    cl_int err;
    const char *helper = "int twice(int x) { return 2 * x; }";
    const char *main_src = "int twice(int x);\n"
                           "kernel void k(global int *x) { x[0] = twice(x[0]); }";
    cl_program h = clCreateProgramWithSource(ctx, 1, &helper, NULL, &err);
    TA_CHECK(err);
    cl_program m = clCreateProgramWithSource(ctx, 1, &main_src, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clCompileProgram(h, 1, &device, "", 0, NULL, NULL, NULL, NULL));
    TA_CHECK(clCompileProgram(m, 1, &device, "", 0, NULL, NULL, NULL, NULL));
    cl_program lib = clLinkProgram(ctx, 1, &device, "-create-library", 1, &h, NULL, NULL, &err);
    TA_CHECK(err);
    ta_check(binary_type(lib) == CL_PROGRAM_BINARY_TYPE_LIBRARY,
             "-create-library makes a library (%#x)", (unsigned)binary_type(lib));
    cl_program lib2 = reloaded(lib);
    ta_check(binary_type(lib2) == CL_PROGRAM_BINARY_TYPE_LIBRARY,
             "a library's saved binary loads as a library (%#x)", (unsigned)binary_type(lib2));
    cl_program obj2 = reloaded(m);
    ta_check(binary_type(obj2) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
             "a compiled object's saved binary loads as a compiled object (%#x)",
             (unsigned)binary_type(obj2));
    cl_program inputs[] = {obj2, lib2};
    cl_program exe = clLinkProgram(ctx, 1, &device, "", 2, inputs, NULL, NULL, &err);
    ta_check_err(err, CL_SUCCESS, "the reloaded object and library link");
    cl_kernel k = err == CL_SUCCESS ? clCreateKernel(exe, "k", &err) : NULL;
    if (k) {
        cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(cl_int), NULL, &err);
        TA_CHECK(err);
        cl_int v = 21;
        TA_CHECK(clEnqueueWriteBuffer(queue, b, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL));
        TA_CHECK(clSetKernelArg(k, 0, sizeof b, &b));
        size_t one = 1;
        TA_CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, &one, 0, NULL, NULL));
        TA_CHECK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL));
        ta_check(v == 42, "the linked kernel calls the library (got %d)", v);
        clReleaseMemObject(b);
        clReleaseKernel(k);
        clReleaseProgram(exe);
    }
    clReleaseProgram(obj2);
    clReleaseProgram(lib2);
    clReleaseProgram(lib);
    clReleaseProgram(m);
    clReleaseProgram(h);
}

/* ---- predefined macros ---- */

/* Extension macros a kernel may see; each must be defined exactly when the
 * device lists the extension. */
static const char *const kernel_extensions[] = {
    "cl_khr_fp64", "cl_khr_fp16", "cl_khr_byte_addressable_store",
    "cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
    "cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
    "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics", "cl_khr_3d_image_writes",
    "cl_khr_subgroups", "cl_khr_mipmap_image", "cl_khr_mipmap_image_writes",
};
#define NEXT (sizeof kernel_extensions / sizeof kernel_extensions[0])

/* Extensions that require OpenCL C 2.0: OpenCL C 1.x programs do not get
 * their macros. */
static int needs_c_2_0(const char *extension)
{
    return strcmp(extension, "cl_khr_subgroups") == 0;
}

static int list_has(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

/* Runs the macro kernel built with `options`; out[] gets the values. */
static void macros(const char *options, cl_int *out, size_t n)
{
    char source[4096];
    int len = snprintf(source, sizeof source,
                       "#define DEF(m) (defined(m) ? 1 : 0)\n"
                       "kernel void k(global int *o) {\n"
                       "  o[0] = __OPENCL_VERSION__; o[1] = __OPENCL_C_VERSION__;\n"
                       "  o[2] = CL_VERSION_1_0 + CL_VERSION_1_1 + CL_VERSION_1_2;\n"
                       "  o[3] = __ENDIAN_LITTLE__;\n"
                       "#ifdef __IMAGE_SUPPORT__\n  o[4] = 1;\n#else\n  o[4] = 0;\n#endif\n"
                       "#ifdef __FAST_RELAXED_MATH__\n  o[5] = 1;\n#else\n  o[5] = 0;\n#endif\n");
    for (size_t i = 0; i < NEXT; i++)
        len += snprintf(source + len, sizeof source - len,
                        "#ifdef %s\n  o[%zu] = 1;\n#else\n  o[%zu] = 0;\n#endif\n",
                        kernel_extensions[i], 6 + i, 6 + i);
    snprintf(source + len, sizeof source - len, "}\n");
    cl_program p = build(source, options);
    cl_int err;
    cl_kernel k = clCreateKernel(p, "k", &err);
    TA_CHECK(err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(cl_int), NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(k, 0, sizeof b, &b));
    size_t one = 1;
    TA_CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, &one, 0, NULL, NULL));
    TA_CHECK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, n * sizeof(cl_int), out, 0, NULL, NULL));
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseProgram(p);
}

/* Whether `list` (n entries) names `name` (at `version`, unless 0). */
static int versions_have(const cl_name_version *list, size_t n, const char *name,
                         cl_version version)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i].name, name) == 0 && (version == 0 || list[i].version == version))
            return 1;
    return 0;
}

/* Whether CL_DEVICE_OPENCL_C_ALL_VERSIONS lists OpenCL C major.minor. */
static int has_c_version(unsigned major, unsigned minor)
{
    cl_name_version all[16];
    size_t size = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, sizeof all, all, &size) !=
        CL_SUCCESS)
        return 0;
    return versions_have(all, size / sizeof all[0], "OpenCL C", CL_MAKE_VERSION(major, minor, 0));
}

static void check_macros(void)
{
    char *version = ta_device_string(device, CL_DEVICE_VERSION);
    char *extensions = ta_device_string(device, CL_DEVICE_EXTENSIONS);
    int major = 0, minor = 0;
    sscanf(version, "OpenCL %d.%d", &major, &minor);
    cl_bool images = CL_FALSE;
    TA_CHECK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
    cl_int out[6 + NEXT];
    /* Options, the OpenCL C version they select (0: the default, 1.2 under
     * --strict), whether they are fast math. */
    const char *options[] = {"", "-cl-std=CL1.2 -cl-fast-relaxed-math", "-cl-std=CL2.0"};
    const int c_version[] = {0, 120, 200}, fast[] = {0, 1, 0};
    /* gcnsim (--strict) compiles -cl-std=CL2.0 programs without listing 2.0. */
    int runs = has_c_version(2, 0) || strict ? 3 : 2;
    for (int o = 0; o < runs; o++) {
        macros(options[o], out, 6 + NEXT);
        const char *opt = options[o];
        ta_check(out[0] == major * 100 + minor * 10,
                 "[%s] __OPENCL_VERSION__ is %d, the device's version (\"%s\")", opt, out[0],
                 version);
        /* Without -cl-std it is the highest 1.x version (PoCL 3.1 gives 300). */
        int want_c = c_version[o] ? c_version[o] : 120;
        if (c_version[o] || strict)
            ta_check(out[1] == want_c, "[%s] __OPENCL_C_VERSION__ is %d", opt, out[1]);
        ta_check(out[2] == 330, "[%s] CL_VERSION_1_0/1_1/1_2 are 100/110/120", opt);
        ta_check(out[3] == 1, "[%s] __ENDIAN_LITTLE__ is 1", opt);
        ta_check(out[4] == (images ? 1 : 0), "[%s] __IMAGE_SUPPORT__ %s as the device says",
                 opt, out[4] ? "defined" : "undefined");
        ta_check(out[5] == fast[o], "[%s] __FAST_RELAXED_MATH__ %s", opt,
                 out[5] ? "defined" : "undefined");
        for (size_t i = 0; i < NEXT; i++) {
            int listed = list_has(extensions, kernel_extensions[i]);
            int want = listed && (want_c >= 200 || !needs_c_2_0(kernel_extensions[i]));
            ta_check(out[6 + i] == want, "[%s] macro %s %s, the device %s it%s", opt,
                     kernel_extensions[i], out[6 + i] ? "defined" : "undefined",
                     listed ? "lists" : "does not list",
                     listed && !want ? " (it needs OpenCL C 2.0)" : "");
        }
    }
    free(version);
    free(extensions);
}

/* Optional OpenCL C 3.0 features (6.2.1 of the 3.0 C spec). */
static const char *const features[] = {
    "__opencl_c_3d_image_writes", "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices", "__opencl_c_device_enqueue",
    "__opencl_c_generic_address_space", "__opencl_c_fp64", "__opencl_c_images",
    "__opencl_c_int64", "__opencl_c_pipes", "__opencl_c_program_scope_global_variables",
    "__opencl_c_read_write_images", "__opencl_c_subgroups",
    "__opencl_c_work_group_collective_functions",
};
#define NFEATURES (sizeof features / sizeof features[0])

static void check_feature_macros(void)
{
    size_t size = 0;
    if (!has_c_version(3, 0)) {
        printf("skipping the OpenCL C 3.0 feature macros: no OpenCL C 3.0\n");
        return;
    }
    cl_name_version listed[64];
    TA_CHECK(clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, sizeof listed, listed, &size));
    size_t nlisted = size / sizeof listed[0];
    char source[4096];
    int len = snprintf(source, sizeof source, "kernel void k(global int *o) {\n");
    for (size_t i = 0; i < NFEATURES; i++)
        len += snprintf(source + len, sizeof source - len,
                        "#ifdef %s\n  o[%zu] = 1;\n#else\n  o[%zu] = 0;\n#endif\n",
                        features[i], i, i);
    snprintf(source + len, sizeof source - len, "}\n");
    cl_program p = build(source, "-cl-std=CL3.0");
    cl_int err;
    cl_kernel k = clCreateKernel(p, "k", &err);
    TA_CHECK(err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, NFEATURES * sizeof(cl_int), NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clSetKernelArg(k, 0, sizeof b, &b));
    size_t one = 1;
    TA_CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, &one, 0, NULL, NULL));
    cl_int out[NFEATURES];
    TA_CHECK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (size_t i = 0; i < NFEATURES; i++) {
        int has = versions_have(listed, nlisted, features[i], 0);
        ta_check(out[i] == has, "[-cl-std=CL3.0] macro %s %s, CL_DEVICE_OPENCL_C_FEATURES %s it",
                 features[i], out[i] ? "defined" : "undefined", has ? "lists" : "does not list");
    }
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseProgram(p);
}

/* ---- OpenCL C 2.0 ---- */

/* The OpenCL C 3.0 features OpenCL C 2.0 requires (3.0 C spec 6.2.1; images
 * aside: 2.0 asks for read-write and 3D image writes only with images). */
static const char *const c_2_0_features[] = {
    "__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
    "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
    "__opencl_c_device_enqueue", "__opencl_c_generic_address_space", "__opencl_c_pipes",
    "__opencl_c_program_scope_global_variables", "__opencl_c_work_group_collective_functions",
};

static void check_c_2_0_claim(void)
{
    if (!has_c_version(2, 0) || !has_c_version(3, 0))
        return;
    for (size_t i = 0; i < sizeof c_2_0_features / sizeof c_2_0_features[0]; i++)
        ta_check(ta_device_lists(device, CL_DEVICE_OPENCL_C_FEATURES, c_2_0_features[i], 0, 0),
                 "OpenCL C 2.0 is listed, so is the feature it requires: %s", c_2_0_features[i]);
}

/* gcnsim: a kernel that enqueues kernels has no device queue to use. (Marked
 * --strict: PoCL 3.1 is not known to refuse it.) */
static void check_device_enqueue_refused(void)
{
    if (!strict || ta_device_lists(device, CL_DEVICE_OPENCL_C_FEATURES,
                                   "__opencl_c_device_enqueue", 0, 0))
        return;
    const char *source =
        "kernel void parent(global int *o)\n"
        "{\n"
        "    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(64),\n"
        "                   ^{ o[get_global_id(0)] = 3; });\n"
        "}\n";
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    TA_CHECK(err);
    ta_check_err(clBuildProgram(p, 1, &device, "-cl-std=CL2.0", NULL, NULL),
                 CL_BUILD_PROGRAM_FAILURE,
                 "[-cl-std=CL2.0] a kernel calling enqueue_kernel does not build without "
                 "device-side enqueue");
    clReleaseProgram(p);
}

/* ---- maps ---- */

static void check_map_writes_past_region(void)
{
    /* AMD APP SDK PrefixSum: maps 512 bytes and writes 2,048 into the mapping. */
    enum { SIZE = 4096, MAPPED = 512, WRITTEN = 2048 };
    cl_int err;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, SIZE, NULL, &err);
    TA_CHECK(err);
    unsigned char *p = clEnqueueMapBuffer(queue, b, CL_TRUE, CL_MAP_WRITE, 0, MAPPED, 0, NULL,
                                          NULL, &err);
    TA_CHECK(err);
    for (int i = 0; i < WRITTEN; i++)
        p[i] = (unsigned char)(i * 7 + 1);
    TA_CHECK(clEnqueueUnmapMemObject(queue, b, p, 0, NULL, NULL));
    unsigned char back[MAPPED];
    TA_CHECK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, MAPPED, back, 0, NULL, NULL));
    int same = 1;
    for (int i = 0; i < MAPPED; i++)
        same &= back[i] == (unsigned char)(i * 7 + 1);
    /* Heap damage would have aborted the program before this point. */
    ta_check(same, "writing %d bytes into a %d-byte mapping leaves the host intact and "
                   "writes the mapped region back", WRITTEN, MAPPED);
    clReleaseMemObject(b);
}

/* ---- buffers on SVM pointers ---- */

static void check_svm_host_ptr(void)
{
    cl_device_svm_capabilities caps = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, NULL) !=
            CL_SUCCESS ||
        !(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER)) {
        printf("skipping buffers on SVM pointers: the device has no SVM\n");
        return;
    }
    enum { N = 256 };
    cl_int err;
    cl_int *svm = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 2 * N * sizeof(cl_int), 0);
    ta_check(svm != NULL, "clSVMAlloc");
    if (!svm)
        return;
    cl_int *window = svm + N; /* a buffer over the second half */
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, N * sizeof(cl_int),
                              window, &err);
    TA_CHECK(err);
    cl_bool uses = CL_FALSE;
    TA_CHECK(clGetMemObjectInfo(b, CL_MEM_USES_SVM_POINTER, sizeof uses, &uses, NULL));
    if (strict) /* PoCL 3.1 answers CL_FALSE */
        ta_check(uses == CL_TRUE, "CL_MEM_USES_SVM_POINTER of a buffer on an SVM pointer");
    cl_program p = build("kernel void k(global int *x) { x[get_global_id(0)] += 3 * "
                         "(int)get_global_id(0); }",
                         "-cl-std=CL2.0");
    cl_kernel k = clCreateKernel(p, "k", &err);
    TA_CHECK(err);
    TA_CHECK(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_WRITE, svm, 2 * N * sizeof(cl_int), 0, NULL,
                             NULL));
    for (int i = 0; i < 2 * N; i++)
        svm[i] = i;
    TA_CHECK(clEnqueueSVMUnmap(queue, svm, 0, NULL, NULL));
    /* The kernel sees what was written to the SVM memory after the buffer was made. */
    TA_CHECK(clSetKernelArg(k, 0, sizeof b, &b));
    size_t global = N;
    TA_CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    TA_CHECK(clFinish(queue));
    /* ... and the SVM memory holds what the kernel wrote. */
    TA_CHECK(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, svm, 2 * N * sizeof(cl_int), 0, NULL,
                             NULL));
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += svm[i] != i || window[i] != N + i + 3 * i;
    ta_check(bad == 0, "a kernel on the buffer reads and writes the SVM memory itself "
                       "(%d wrong values)", bad);
    TA_CHECK(clEnqueueSVMUnmap(queue, svm, 0, NULL, NULL));
    TA_CHECK(clFinish(queue));
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(b);
    clSVMFree(ctx, svm);
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    strict = argc > 1 && strcmp(argv[1], "--strict") == 0;
    cl_platform_id platform = ta_platform();
    device = ta_device(platform);
    cl_int err;
    ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    queue = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    TA_CHECK(err);
    check_kernel_arg_references();
    check_library_binaries();
    check_macros();
    check_feature_macros();
    check_c_2_0_claim();
    check_device_enqueue_refused();
    check_map_writes_past_region();
    check_svm_host_ptr();
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return ta_finish();
}
