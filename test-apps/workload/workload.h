/*
 * workload: what the gcnsim workload apps (the MGPUSim paper's benchmarks and
 * friends) share on top of testapp: size options, the OpenCL set-up of one
 * device with a kernel file built from source, timed kernel launches, seeded
 * random inputs, and whole-array verification against a CPU reference.
 *
 * Each app keeps its kernels in <app>.cl next to its executable (CMake copies
 * it there); the file is found through /proc/self/exe, so apps run from any
 * working directory.
 */
#ifndef WORKLOAD_H
#define WORKLOAD_H

#include "testapp.h"

#include <stddef.h>
#include <stdint.h>

/* One command-line option of an app: "-x N" sets *value (a count) or, when
 * value_is_flag, "--name" sets *value to 1. */
struct wl_option {
    const char *flag;
    const char *help;
    unsigned long *value;
    int value_is_flag;
};

/* Parses the common options (ta_init) and then the app's `options`; on an
 * unknown or malformed argument or --help prints the usage of both, with the
 * app's defaults, and exits 2. */
void wl_init(int argc, char **argv, const struct wl_option *options, size_t count);

/* Exits with a message and FAILED unless cond holds: for sizes the kernels
 * cannot handle (e.g. not a multiple of the tile). */
void wl_require(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* One device with its context, profiling queue and built program. */
struct wl_device {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
};

/* Chooses the platform and device (testapp's --platform/--device), creates a
 * context and a profiling queue, and builds <dir of executable>/<kernel_file>
 * with build_options (may be NULL); on a build failure prints the build log
 * and exits FAILED. Prints the device name. */
void wl_open(struct wl_device *dev, const char *kernel_file, const char *build_options);

/* As wl_open, but the program is the code object (an AMDGPU ELF, e.g. one
 * of MGPUSim's .hsaco files) at `path`, loaded with clCreateProgramWithBinary
 * and built; exits FAILED if it cannot be read, loaded or built. */
void wl_open_binary(struct wl_device *dev, const char *path);

/* Releases what wl_open created. */
void wl_close(struct wl_device *dev);

/* Every device of one platform (a program splitting its work over discrete
 * GPUs): one context, a profiling queue per device, one program. */
struct wl_devices {
    cl_uint count;
    cl_device_id *devices;
    cl_context context;
    cl_command_queue *queues;
    cl_program program;
};

/* Opens the platform's devices (testapp's --platform; all of them when
 * `all`, else testapp's --device alone), printing their names, with one
 * context, a profiling queue each and <dir of executable>/<kernel_file> built
 * for all of them with build_options (may be NULL). */
void wl_open_devices(struct wl_devices *all, int all_devices, const char *kernel_file,
                     const char *build_options);

/* Opens the platform's first `count` devices (testapp's --platform; exits
 * FAILED if it has fewer), printing their names, with one context, a profiling
 * queue each and the code object at `path` loaded and built for all of them
 * (see wl_open_binary). */
void wl_open_devices_binary(struct wl_devices *all, unsigned long count, const char *path);

/* Releases what wl_open_devices or wl_open_devices_binary created. */
void wl_close_devices(struct wl_devices *all);

/* The malloc'ed contents of <dir of executable>/<kernel_file>; exits FAILED
 * if it cannot be read. */
char *wl_kernel_source(const char *kernel_file);

/* Builds `source` for the devices of `context` and prints `build: <ms> ms`, the
 * host wall time clBuildProgram took; prints every device's build log and exits
 * FAILED if the build fails. */
cl_program wl_build(cl_context context, const char *source, const char *build_options);

/* The kernel called `name` of the program; exits FAILED if absent. */
cl_kernel wl_kernel(cl_program program, const char *name);

/* Sets kernel argument `index` to the variable `value` (an lvalue: its size
 * and address are passed); exits on error. */
#define WL_ARG(kernel, index, value) \
    TA_CHECK(clSetKernelArg((kernel), (index), sizeof(value), &(value)))

/* Enqueues `kernel` over `dims` dimensions with the given global and local
 * sizes (local may be NULL), waits for it, and returns its duration in ns
 * from the profiling event. */
cl_ulong wl_run(cl_command_queue queue, cl_kernel kernel, cl_uint dims, const size_t *global,
                const size_t *local);

/* A buffer of `size` bytes with `flags`, initialised from `host` when not
 * NULL (CL_MEM_COPY_HOST_PTR is added then). */
cl_mem wl_buffer(cl_context context, cl_mem_flags flags, size_t size, const void *host);

/* gcnsim's Locality API (cl_gcnsim_locality, a unified device of several GPUs):
 * puts bytes [offset, offset + size) of `buffer` on GPUs 0..gpus-1 in `gpus`
 * consecutive parts of equal size (the pages holding each part's bytes; a page
 * two parts share goes to the later part). Exits FAILED when the platform has
 * no such extension or a placement fails. */
void wl_place_parts(cl_mem buffer, size_t offset, size_t size, unsigned long gpus);

/* Blocking read of `size` bytes of `buffer` into `host`. */
void wl_read(cl_command_queue queue, cl_mem buffer, size_t size, void *host);

/* `value` rounded up to a multiple of `multiple`. */
size_t wl_round_up(size_t value, size_t multiple);

/* A deterministic pseudo-random generator (xorshift64*), seeded explicitly so
 * every run sees the same inputs. */
struct wl_rng {
    uint64_t state;
};
void wl_seed(struct wl_rng *rng, uint64_t seed);
uint32_t wl_rand_u32(struct wl_rng *rng);
/* Uniform in [lo, hi). */
float wl_rand_float(struct wl_rng *rng, float lo, float hi);

/* A dot product sum_i a_i * b_i of floats, accumulated in double (exact
 * enough to serve as the reference), with what bounds the error of any float
 * evaluation of it on the device. */
struct wl_dot {
    double sum;
    double magnitude; /* sum_i |a_i * b_i| */
    size_t terms;
};

/* Adds the term a * b. */
void wl_dot_add(struct wl_dot *dot, float a, float b);

/* The largest |float result - sum| for the terms added so far, for any
 * summation order, with or without fused multiply-add: terms * FLT_EPSILON *
 * magnitude (twice the classic gamma_n = n u / (1 - n u) bound, u =
 * FLT_EPSILON / 2), plus 1e-30 for products flushed to zero as denormals. */
double wl_dot_bound(const struct wl_dot *dot);

/* Records one check that got[i] == want[i] for all i < n; on a mismatch names
 * the first differing index and the number of mismatches. */
int wl_check_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n);

/* Records one check that the n bytes of got equal those of want; on a
 * mismatch names the first differing byte and the number of mismatches. */
int wl_check_bytes(const char *what, const uint8_t *got, const uint8_t *want, size_t n);

/* Records one check that |got[i] - want[i]| <= bound[i] for all i < n (bound
 * NULL: exact equality); on a mismatch names the first index outside its
 * bound and the number of such indices. NaN never passes. */
int wl_check_float(const char *what, const float *got, const double *want, const double *bound,
                   size_t n);

#endif
