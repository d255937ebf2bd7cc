/*
 * printf: kernels call printf (OpenCL C 1.2 6.12.13); the text must reach the
 * host's standard output once the kernel has completed, formatted as C99's
 * printf formats the same values. The app points its stdout at a file while
 * the kernels run, then compares the file with what the host's snprintf makes
 * of the same formats and values (vector components joined by commas).
 *  - one work-item: every conversion (d i u o x X c s f F e E g G a %%; not
 *    %A, whose argument clang-15's lowering does not store),
 *    flags, widths and precisions, length modifiers hh h l, and vectors
 *    v2 v3 v4 v8 v16 of char, short, int, long, float and double;
 *  - 64 work-items printing one line each: all 64 lines, in any order.
 */
#include "testapp.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

static const char *source =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "kernel void scalars(global int *in, global float *fin, global double *din) {\n"
    "  int i = in[0]; uint u = (uint)in[1]; long l = (long)in[2] * 1000000007L;\n"
    "  float f = fin[0], f1 = f + 1.0f, f2 = f + 2.0f, f3 = f + 3.0f, f4 = f + 4.0f;\n"
    "  float f5 = f + 5.0f, f6 = f + 6.0f; double d = din[0];\n"
    "  printf(\"d=%d i=%i u=%u o=%o x=%x X=%X\\n\", i, i, u, u, u, u);\n"
    "  printf(\"c=%c s=%s pct=%% w=[%8d] l=[%-8d] z=[%08d] p=[%+d] sp=[% d]\\n\",\n"
    "         'Q', \"text\", i, i, i, i, i);\n"
    "  printf(\"ld=%ld lx=%lx hh=%hhd h=%hd hhu=%hhu hu=%hu #x=%#x #o=%#o\\n\",\n"
    "         l, l, (char)i, (short)i, (uchar)u, (ushort)u, u, u);\n"
    "  printf(\"f=%f F=%F e=%e E=%E g=%g G=%G a=%a\\n\", f, f1, f2, f3, f4, f5, f6);\n"
    "  printf(\"p1=%.1f p3=%10.3f e2=%.2e g4=%.4g\\n\", f, f1, f2, f3);\n"
    "#if PRECISE\n"
    "  printf(\"df=%f de=%.10e dg=%g\\n\", d, din[2], din[3]);\n"
    "#else\n"
    "  printf(\"df=%f de=%.6e dg=%g\\n\", d, din[2], din[3]);\n"
    "#endif\n"
    "  printf(\"inf=%f ninf=%f nan=%f\\n\", fin[1], -fin[1], fin[2]);\n"
    "}\n"
    "kernel void vectors(global int *in, global float *fin, global double *din) {\n"
    "  int4 v = vload4(0, in); float4 f = vload4(0, fin);\n"
    "  printf(\"v4hld=%v4hld v4hlx=%v4hlx v2hld=%v2hld v3hld=%v3hld\\n\", v, v, v.xy, v.xyz);\n"
    "  printf(\"v4hlf=%v4hlf v2hle=%v2hle v4hlg=%v4hlg\\n\", f, f.xy, f);\n"
    "  printf(\"v8hd=%v8hd v16hhd=%v16hhd\\n\", convert_short8(vload8(0, in)),\n"
    "         convert_char16(vload16(0, in)));\n"
    "  printf(\"v2ld=%v2ld v2lf=%v2lf\\n\", (long2)((long)v.x * 3000000000L, -5L), vload2(0, din));\n"
    "}\n"
    "kernel void lines(void) {\n"
    "  printf(\"work-item %d of %d\\n\", (int)get_global_id(0), (int)get_global_size(0));\n"
    "}\n";

static int ints[16] = {-1234, 56789, 77, -8, 127, -128, 255, 3, 4, 5, -6, 7, 100, -100, 42, 9};
static float floats[4] = {3.14159265f, INFINITY, NAN, -0.5f};
static double doubles[4] = {-2.718281828459045, 1e300, 0.1, -123.456};

/* Appends snprintf(fmt, ...) to out. */
#define ADD(...) (len += snprintf(out + len, sizeof out - len, __VA_ARGS__))

/* --strict (gcnsim's runs): doubles printed with all their digits too (PoCL 3.1
 * prints a double argument of %.10e with a float's precision). */
static int strict;
static char out[8192];
static size_t len;

/* The host's text for the vectors kernel, component by component. */
static void vector_line(const char *name, int n, const char *fmt, int kind)
{
    ADD("%s=", name);
    for (int c = 0; c < n; c++) {
        if (c)
            ADD(",");
        switch (kind) {
        case 0: ADD(fmt, ints[c]); break;
        case 1: ADD(fmt, (double)floats[c]); break;
        case 2: ADD(fmt, (short)ints[c]); break;
        case 3: ADD(fmt, (signed char)ints[c]); break;
        case 4: ADD(fmt, doubles[c]); break;
        }
    }
}

static void expected_single(void)
{
    int i = ints[0];
    unsigned u = (unsigned)ints[1];
    long l = (long)ints[2] * 1000000007L;
    float f = floats[0];
    double d = doubles[0];
    ADD("d=%d i=%i u=%u o=%o x=%x X=%X\n", i, i, u, u, u, u);
    ADD("c=%c s=%s pct=%% w=[%8d] l=[%-8d] z=[%08d] p=[%+d] sp=[% d]\n", 'Q', "text", i, i, i,
        i, i);
    ADD("ld=%ld lx=%lx hh=%hhd h=%hd hhu=%hhu hu=%hu #x=%#x #o=%#o\n", l, l, (signed char)i,
        (short)i, (unsigned char)u, (unsigned short)u, u, u);
    ADD("f=%f F=%F e=%e E=%E g=%g G=%G a=%a\n", f, f + 1.0f, f + 2.0f, f + 3.0f, f + 4.0f,
        f + 5.0f, f + 6.0f);
    ADD("p1=%.1f p3=%10.3f e2=%.2e g4=%.4g\n", f, f + 1.0f, f + 2.0f, f + 3.0f);
    if (strict)
        ADD("df=%f de=%.10e dg=%g\n", d, doubles[2], doubles[3]);
    else
        ADD("df=%f de=%.6e dg=%g\n", d, doubles[2], doubles[3]);
    ADD("inf=%f ninf=%f nan=%f\n", (double)floats[1], (double)-floats[1], (double)floats[2]);
    vector_line("v4hld", 4, "%d", 0);
    ADD(" ");
    vector_line("v4hlx", 4, "%x", 0);
    ADD(" ");
    vector_line("v2hld", 2, "%d", 0);
    ADD(" ");
    vector_line("v3hld", 3, "%d", 0);
    ADD("\n");
    vector_line("v4hlf", 4, "%f", 1);
    ADD(" ");
    vector_line("v2hle", 2, "%e", 1);
    ADD(" ");
    vector_line("v4hlg", 4, "%g", 1);
    ADD("\n");
    vector_line("v8hd", 8, "%hd", 2);
    ADD(" ");
    vector_line("v16hhd", 16, "%hhd", 3);
    ADD("\n");
    ADD("v2ld=%ld,%ld v2lf=%f,%f\n", (long)ints[0] * 3000000000L, -5L, doubles[0], doubles[1]);
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    strict = argc > 1 && strcmp(argv[1], "--strict") == 0;
    cl_platform_id platform = ta_platform();
    cl_device_id device = ta_device(platform);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    TA_CHECK(err);
    cl_program p = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    TA_CHECK(err);
    err = clBuildProgram(p, 1, &device, strict ? "-DPRECISE=1" : "-DPRECISE=0", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("%s\n", log);
        ta_die(__FILE__, __LINE__, "clBuildProgram", err);
    }
    cl_mem bi = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof ints, ints, &err);
    TA_CHECK(err);
    cl_mem bf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof floats, floats, &err);
    TA_CHECK(err);
    cl_mem bd = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof doubles, doubles, &err);
    TA_CHECK(err);
    cl_kernel ks[3];
    const char *names[3] = {"scalars", "vectors", "lines"};
    for (int k = 0; k < 3; k++) {
        ks[k] = clCreateKernel(p, names[k], &err);
        TA_CHECK(err);
    }
    for (int k = 0; k < 2; k++) {
        TA_CHECK(clSetKernelArg(ks[k], 0, sizeof bi, &bi));
        TA_CHECK(clSetKernelArg(ks[k], 1, sizeof bf, &bf));
        TA_CHECK(clSetKernelArg(ks[k], 2, sizeof bd, &bd));
    }

    /* Run with stdout pointed at a file. */
    char path[] = "/tmp/gcnsim-printf-XXXXXX";
    int fd = mkstemp(path);
    fflush(stdout);
    int saved = dup(1);
    dup2(fd, 1);
    size_t one = 1, many = 64, local = 64;
    TA_CHECK(clEnqueueNDRangeKernel(q, ks[0], 1, NULL, &one, &one, 0, NULL, NULL));
    TA_CHECK(clFinish(q));
    TA_CHECK(clEnqueueNDRangeKernel(q, ks[1], 1, NULL, &one, &one, 0, NULL, NULL));
    TA_CHECK(clFinish(q));
    printf("--- host line between kernels ---\n");
    fflush(stdout);
    TA_CHECK(clEnqueueNDRangeKernel(q, ks[2], 1, NULL, &many, &local, 0, NULL, NULL));
    TA_CHECK(clFinish(q));
    fflush(stdout);
    dup2(saved, 1);
    close(saved);

    static char got[65536];
    FILE *f = fopen(path, "rb");
    size_t n = fread(got, 1, sizeof got - 1, f);
    got[n] = 0;
    fclose(f);
    unlink(path);

    expected_single();
    ADD("--- host line between kernels ---\n");
    size_t single = len;
    ta_check(strncmp(got, out, single) == 0,
             "the single work-item's printf text equals C's printf of the same values");
    if (strncmp(got, out, single) != 0)
        printf("got:\n%.*s\nexpected:\n%s\n", (int)(n < single + 200 ? n : single + 200), got,
               out);
    /* The 64 lines, in any order. */
    char *lines[64];
    int count = 0;
    for (char *line = strtok(got + (n >= single ? single : n), "\n"); line && count < 64;
         line = strtok(NULL, "\n"))
        lines[count++] = line;
    qsort(lines, (size_t)count, sizeof lines[0], compare_lines);
    char *want[64];
    static char want_text[64][32];
    for (int i = 0; i < 64; i++) {
        snprintf(want_text[i], sizeof want_text[i], "work-item %d of 64", i);
        want[i] = want_text[i];
    }
    qsort(want, 64, sizeof want[0], compare_lines);
    int same = count == 64;
    for (int i = 0; same && i < 64; i++)
        same = strcmp(lines[i], want[i]) == 0;
    ta_check(same, "64 work-items print their 64 lines after the host's line (%d lines)", count);

    for (int k = 0; k < 3; k++)
        clReleaseKernel(ks[k]);
    clReleaseMemObject(bi);
    clReleaseMemObject(bf);
    clReleaseMemObject(bd);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return ta_finish();
}
