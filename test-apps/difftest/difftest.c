/*
 * difftest: differential tests of OpenCL C builtins, gcnsim (the subject)
 * against PoCL (the reference), both platforms loaded in one process.
 *
 *   difftest [--subject NAME] [--reference NAME] [--only FAMILY]
 *            [--prelude FILE] TESTS_DIR
 *
 * Every TESTS_DIR/<family>.cl is built on both platforms after the text of
 * the prelude (default TESTS_DIR/prelude.h); each kernel described by a "//@" line (difftest.h)
 * runs on both with identical inputs and the outputs are compared (compare.c).
 * Prints one PASS/FAIL line per family (with the first mismatches of a failed
 * one: element, inputs, gcnsim value, PoCL value, ulp distance), then
 * "<N> passed, <M> failed"; exits 1 when any family failed.
 */
#include "difftest.h"

#include <dirent.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* Mismatches printed per kernel, and kernels with mismatches printed per family. */
#define SHOWN_MISMATCHES 3
#define SHOWN_KERNELS 4

/* One platform's device, context and queue. */
struct side {
    const char *label;
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
};

/* Opens the first device of the platform whose name contains `want`. */
static void open_side(struct side *side, const char *label, const char *want)
{
    side->label = label;
    side->platform = ta_platform_named(want);
    if (!side->platform) {
        printf("no OpenCL platform named '%s' (OCL_ICD_VENDORS must make both gcnsim and "
               "PoCL visible)\nFAILED\n",
               want);
        exit(1);
    }
    cl_int err;
    TA_CHECK(clGetDeviceIDs(side->platform, CL_DEVICE_TYPE_ALL, 1, &side->device, NULL));
    side->context = clCreateContext(NULL, 1, &side->device, NULL, NULL, &err);
    TA_CHECK(err);
    side->queue = clCreateCommandQueue(side->context, side->device, 0, &err);
    TA_CHECK(err);
    char *name = ta_device_string(side->device, CL_DEVICE_NAME);
    printf("%s: %s\n", label, name);
    free(name);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t got = fread(text, 1, (size_t)size, f);
    text[got] = '\0';
    fclose(f);
    return text;
}

/* Builds the source on a side; on failure prints the build log, returns NULL. */
static cl_program build(struct side *side, const char *source)
{
    cl_int err;
    cl_program program = clCreateProgramWithSource(side->context, 1, &source, NULL, &err);
    TA_CHECK(err);
    err = clBuildProgram(program, 1, &side->device, "", NULL, NULL);
    if (err == CL_SUCCESS)
        return program;
    size_t size = 0;
    clGetProgramBuildInfo(program, side->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
    char *log = calloc(size + 1, 1);
    clGetProgramBuildInfo(program, side->device, CL_PROGRAM_BUILD_LOG, size, log, NULL);
    printf("  %s: clBuildProgram returned %s\n%s\n", side->label, ta_error_name(err), log);
    free(log);
    clReleaseProgram(program);
    return NULL;
}

/* Buffers of one test: inputs, the output's initial contents, and room for
 * the outputs of both sides (and of the reference with flushed inputs). */
struct test_data {
    void *in[DT_MAX_INPUTS];
    void *flushed[DT_MAX_INPUTS];
    void *init, *subject, *reference, *reference_flushed;
    int any_denormal_input;
};

#define RUN_CHECK(call)                                                                    \
    do {                                                                                   \
        cl_int run_err_ = (call);                                                          \
        if (run_err_ != CL_SUCCESS) {                                                      \
            printf("  %s: %s: %s returned %s\n", side->label, test->kernel, #call,          \
                   ta_error_name(run_err_));                                               \
            goto done;                                                                     \
        }                                                                                  \
    } while (0)

/* Runs the test's kernel on a side with `inputs`, reading the output into
 * `out`; returns 0 (having said why) on an OpenCL error. */
static int run(struct side *side, cl_program program, const struct dt_test *test,
               void *const *inputs, const void *init, void *out)
{
    int ok = 0;
    cl_int err;
    cl_mem buffers[DT_MAX_INPUTS + 1] = {0};
    cl_kernel kernel = clCreateKernel(program, test->kernel, &err);
    RUN_CHECK(err);
    for (unsigned a = 0; a <= test->inputs; a++) {
        const struct dt_type *type = a < test->inputs ? &test->in[a] : &test->out;
        const void *host = a < test->inputs ? inputs[a] : init;
        buffers[a] = clCreateBuffer(side->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    test->n * dt_element_size(type), (void *)host, &err);
        RUN_CHECK(err);
        RUN_CHECK(clSetKernelArg(kernel, a, sizeof(cl_mem), &buffers[a]));
    }
    RUN_CHECK(clEnqueueNDRangeKernel(side->queue, kernel, test->dims,
                                     test->has_offset ? test->offset : NULL, test->global,
                                     test->has_local ? test->local : NULL, 0, NULL, NULL));
    RUN_CHECK(clEnqueueReadBuffer(side->queue, buffers[test->inputs], CL_TRUE, 0,
                                  test->n * dt_element_size(&test->out), out, 0, NULL, NULL));
    ok = 1;
done:
    for (unsigned a = 0; a <= test->inputs; a++)
        if (buffers[a])
            clReleaseMemObject(buffers[a]);
    if (kernel)
        clReleaseKernel(kernel);
    return ok;
}

static uint64_t name_seed(const char *name)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *name; name++)
        h = (h ^ (uint8_t)*name) * 1099511628211ull;
    return h;
}

static int make_data(const struct dt_test *test, int flush_f32, struct test_data *data)
{
    memset(data, 0, sizeof *data);
    uint64_t seed = name_seed(test->kernel);
    for (unsigned a = 0; a < test->inputs; a++) {
        size_t bytes = test->n * dt_element_size(&test->in[a]);
        data->in[a] = malloc(bytes);
        data->flushed[a] = malloc(bytes);
        if (!dt_generate(&test->gen[a], &test->in[a], test->n, seed + a, data->in[a]))
            return 0;
        memcpy(data->flushed[a], data->in[a], bytes);
        if (flush_f32)
            dt_flush_denormals(&test->in[a], test->n, data->flushed[a]);
        data->any_denormal_input |= memcmp(data->flushed[a], data->in[a], bytes) != 0;
    }
    size_t bytes = test->n * dt_element_size(&test->out);
    data->init = malloc(bytes);
    data->subject = malloc(bytes);
    data->reference = malloc(bytes);
    data->reference_flushed = malloc(bytes);
    return dt_generate(&test->init, &test->out, test->n, seed + DT_MAX_INPUTS, data->init);
}

static void free_data(struct test_data *data)
{
    for (unsigned a = 0; a < DT_MAX_INPUTS; a++) {
        free(data->in[a]);
        free(data->flushed[a]);
    }
    free(data->init);
    free(data->subject);
    free(data->reference);
    free(data->reference_flushed);
}

static void print_mismatch(const struct dt_test *test, const struct test_data *data, size_t e,
                           unsigned c, double ulps)
{
    size_t out_size = dt_element_size(&test->out);
    printf("    %s[%zu].%u: in=(", test->kernel, e, c);
    for (unsigned a = 0; a < test->inputs; a++) {
        const struct dt_type *type = &test->in[a];
        unsigned ic = c < type->width ? c : 0;
        const uint8_t *base = data->in[a];
        dt_print_value(type, base + e * dt_element_size(type) + ic * type->size);
        printf(a + 1 < test->inputs ? ", " : "");
    }
    const uint8_t *s = data->subject, *r = data->reference;
    printf(") gcnsim=");
    dt_print_value(&test->out, s + e * out_size + c * test->out.size);
    printf(" pocl=");
    dt_print_value(&test->out, r + e * out_size + c * test->out.size);
    if (test->out.kind == DT_FLOAT)
        printf(" ulp=%.0f", ulps);
    printf("\n");
}

/* Runs one test on both sides and compares; returns the number of
 * mismatching components (printing the first few), or -1 on an error. Counts
 * the compared components in *values and raises *max_ulps to the largest
 * float distance a rule accepted (not counting flushed denormals). */
static long run_test(struct side *subject, cl_program subject_program, struct side *reference,
                     cl_program reference_program, const struct dt_test *test, size_t *values,
                     double *max_ulps)
{
    struct test_data data;
    long mismatches = -1;
    if (!make_data(test, test->cmp.flush_f32, &data))
        goto done;
    if (!run(subject, subject_program, test, data.in, data.init, data.subject) ||
        !run(reference, reference_program, test, data.in, data.init, data.reference))
        goto done;
    int twin = data.any_denormal_input;
    if (twin && !run(reference, reference_program, test, data.flushed, data.init,
                     data.reference_flushed))
        goto done;
    mismatches = 0;
    size_t out_size = dt_element_size(&test->out);
    for (size_t e = 0; e < test->n; e++) {
        for (unsigned c = 0; c < test->out.width; c++) {
            size_t at = e * out_size + c * test->out.size;
            const uint8_t *s = data.subject, *r = data.reference, *rf = data.reference_flushed;
            double ulps, ulps_flushed;
            ++*values;
            const struct dt_compare *cmp = &test->cmp;
            enum dt_verdict verdict = dt_component_ok(cmp, &test->out, s + at, r + at, &ulps);
            if (verdict == DT_DIFFERENT && twin) {
                verdict = dt_component_ok(cmp, &test->out, s + at, rf + at, &ulps_flushed);
                ulps = verdict == DT_DIFFERENT ? ulps : ulps_flushed;
            }
            if (verdict == DT_PASSED && ulps > *max_ulps)
                *max_ulps = ulps;
            if (verdict != DT_DIFFERENT)
                continue;
            if (mismatches++ < SHOWN_MISMATCHES)
                print_mismatch(test, &data, e, c, ulps);
        }
    }
done:
    free_data(&data);
    return mismatches;
}

/* Builds and runs one family file; returns whether all its tests passed. */
static int run_family(struct side *subject, struct side *reference, int flush_f32,
                      const char *dir, const char *prelude, const char *file)
{
    char path[4096], family[256];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(family, sizeof family, "%.*s", (int)(strlen(file) - 3), file);
    char *text = read_file(path);
    if (!text) {
        printf("FAIL %s: cannot read %s\n", family, path);
        return 0;
    }
    size_t len = strlen(prelude) + strlen(text) + strlen(file) + 32;
    char *source = malloc(len);
    snprintf(source, len, "%s\n#line 1 \"%s\"\n%s", prelude, file, text);

    int ok = 1, kernels = 0, failed_kernels = 0;
    size_t values = 0;
    double max_ulps = 0;
    cl_program sp = build(subject, source), rp = build(reference, source);
    if (!sp || !rp) {
        ok = 0;
        goto done;
    }
    int line = 1;
    for (const char *p = text; *p; line++) {
        const char *eol = strchr(p, '\n');
        size_t llen = eol ? (size_t)(eol - p) : strlen(p);
        if (llen > 3 && strncmp(p, "//@", 3) == 0) {
            char desc[512];
            snprintf(desc, sizeof desc, "%.*s", (int)(llen - 3), p + 3);
            struct dt_test test;
            kernels++;
            if (!dt_parse_test(desc, line, &test)) {
                ok = 0;
                failed_kernels++;
            } else {
                test.cmp.flush_f32 = flush_f32;
                long bad = run_test(subject, sp, reference, rp, &test, &values, &max_ulps);
                if (bad != 0) {
                    ok = 0;
                    if (bad > 0 && failed_kernels < SHOWN_KERNELS)
                        printf("  %s (line %d): %ld of %zu values differ\n", test.kernel, line,
                               bad, test.n * test.out.width);
                    failed_kernels++;
                }
            }
        }
        p = eol ? eol + 1 : p + llen;
    }
    if (kernels == 0) {
        printf("  no //@ test lines\n");
        ok = 0;
    }
done:
    if (ok)
        printf("PASS %s: %d kernels, %zu values, largest float difference %.0f ulp\n", family,
               kernels, values, max_ulps);
    else
        printf("FAIL %s: %d of %d kernels differ or failed\n", family, failed_kernels, kernels);
    fflush(stdout);
    if (sp)
        clReleaseProgram(sp);
    if (rp)
        clReleaseProgram(rp);
    free(source);
    free(text);
    return ok;
}

static int is_family(const struct dirent *entry)
{
    size_t len = strlen(entry->d_name);
    return len > 3 && strcmp(entry->d_name + len - 3, ".cl") == 0;
}

static void usage(const char *prog)
{
    printf("usage: %s [--subject NAME] [--reference NAME] [--only FAMILY] [--prelude FILE] "
           "TESTS_DIR\n",
           prog);
    exit(2);
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    const char *subject_name = "gcnsim", *reference_name = "Portable Computing Language";
    const char *only = NULL, *dir = NULL, *prelude_file = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--subject") == 0)
            subject_name = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--reference") == 0)
            reference_name = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--only") == 0)
            only = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--prelude") == 0)
            prelude_file = argv[++i];
        else if (!dir && argv[i][0] != '-')
            dir = argv[i];
        else
            usage(argv[0]);
    }
    if (!dir)
        usage(argv[0]);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);

    struct side subject, reference;
    open_side(&subject, "gcnsim", subject_name);
    open_side(&reference, "pocl", reference_name);
    cl_device_fp_config fp;
    TA_CHECK(clGetDeviceInfo(subject.device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL));
    int flush_f32 = !(fp & CL_FP_DENORM);
    printf("gcnsim float denormals: %s\n", flush_f32 ? "may be flushed" : "kept");

    char prelude_path[4096];
    if (prelude_file)
        snprintf(prelude_path, sizeof prelude_path, "%s", prelude_file);
    else
        snprintf(prelude_path, sizeof prelude_path, "%s/prelude.h", dir);
    char *prelude = read_file(prelude_path);
    if (!prelude) {
        printf("cannot read %s\nFAILED\n", prelude_path);
        return 1;
    }
    struct dirent **files;
    int count = scandir(dir, &files, is_family, alphasort);
    if (count <= 0) {
        printf("no .cl files in %s\nFAILED\n", dir);
        return 1;
    }
    unsigned passed = 0, failed = 0;
    for (int i = 0; i < count; i++) {
        if (!only || strncmp(files[i]->d_name, only, strlen(only)) == 0) {
            if (run_family(&subject, &reference, flush_f32, dir, prelude, files[i]->d_name))
                passed++;
            else
                failed++;
        }
        free(files[i]);
    }
    free(files);
    free(prelude);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double secs = (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) * 1e-9;
    printf("%u passed, %u failed (%.1f s)\n", passed, failed, secs);
    return failed == 0 && passed > 0 ? 0 : 1;
}
