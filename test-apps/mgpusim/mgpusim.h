/*
 * mgpusim: what the cross-validation hosts share. Each host runs one of
 * MGPUSim v3.0.0's benchmarks on the code object that MGPUSim itself runs,
 * read at run time from the checkout named by $MGPUSIM_DIR (never copied into
 * this repository), with the launch MGPUSim's Go host makes: the same buffers,
 * arguments, grid, work-group size and number of launches. It verifies what
 * the kernel computes against a CPU reference and prints the simulated kernel
 * times ("time: <kernel> <ns> ns"), which scripts/crossval.sh compares with
 * MGPUSim's own kernel_time.
 *
 * Only a kernel's explicit OpenCL arguments are set: the hidden ones that
 * MGPUSim's Go structs spell out (global offsets, padding) are filled by
 * gcnsim's runtime from the code object's metadata.
 */
#ifndef MGPUSIM_H
#define MGPUSIM_H

#include "workload.h"

#include <stdint.h>

/* Opens the device (see wl_open_binary) with the code object at
 * $MGPUSIM_DIR/<relative>; exits FAILED if MGPUSIM_DIR is unset. */
void mg_open(struct wl_device *dev, const char *relative);

/*
 * Discrete GPUs (--devices N, MG_DEVICES_OPTION): the host itself splits a
 * launch's work-groups over the platform's first N devices, as a program does
 * on a machine with N GPUs: each device gets its own buffers in one shared
 * context, its own copies and its own kernel arguments, which hand it its
 * part (no global work offset: buffers then need to hold a device's part
 * only, and a kernel that indexes by work-group id, as matrixtranspose's
 * does, would not see the offset). With one device every host makes
 * MGPUSim's own launch.
 */
#define MG_DEVICES_OPTION(count) \
    {"--devices", "split the work-groups over the first N devices (discrete GPUs)", &(count), 0}

/* Opens the platform's first `count` devices (see wl_open_devices_binary)
 * with the code object at $MGPUSIM_DIR/<relative>. */
void mg_open_devices(struct wl_devices *all, unsigned long count, const char *relative);

/* Device d of `all` as a wl_device (its queue, the shared context and
 * program; platform NULL), for mg_buffer and wl_read. Releases nothing. */
struct wl_device mg_device(const struct wl_devices *all, cl_uint d);

/*
 * MGPUSim's -use-unified-memory with -gpus 1,..,N (--unified-memory N,
 * MG_UNIFIED_MEMORY_OPTION) on gcnsim's unified device of N GPUs
 * (GCNSIM_UNIFIED=1, GCNSIM_GPUS=N; pages move with platform.page_migration):
 * every page of the `count` buffers starts on the first GPU (MGPUSim's
 * AllocateUnifiedMemory allocates on GPU 1) and the kernel's `groups`
 * work-groups run in N consecutive runs as equal as possible, one per GPU (the
 * Go host launches each GPU's slice of the grid). Exits FAILED without gcnsim's
 * Locality API (cl_gcnsim_locality).
 */
#define MG_UNIFIED_MEMORY_OPTION(gpus) \
    {"--unified-memory", "N: all pages on the first of N unified GPUs, work-groups split in N runs", \
     &(gpus), 0}
void mg_unified_memory(struct wl_device *dev, cl_kernel kernel, size_t groups, const cl_mem *buffers,
                       size_t count, unsigned long gpus);

/* A device's part of a split: `count` consecutive units (work-groups, rows
 * of them, rows of an image) from `first`. */
struct mg_part {
    size_t first, count;
};

/* Device d's part of `units` split over `count` devices: consecutive, as
 * equal as possible (sizes differ by at most one). */
struct mg_part mg_part(size_t units, cl_uint d, cl_uint count);

/* Enqueues kernels[d] on every device d over global + d * dims (dims sizes;
 * a device with a zero size is skipped) in work-groups of `local`, all before
 * any is waited for; prints "device <d>: <label> <ns> ns" per device when
 * there are several, then "time: <label> <ns> ns" with the ns from the
 * earliest start to the latest end over the devices, and returns those ns. */
cl_ulong mg_run_devices(const struct wl_devices *all, const cl_kernel *kernels, const char *label,
                        cl_uint dims, const size_t *global, const size_t *local);

/* A buffer of `size` bytes (MGPUSim's driver.AllocateMemory); when `host`
 * is not NULL, its contents are then copied in with a blocking
 * clEnqueueWriteBuffer (MGPUSim's MemCopyH2D), a transfer in gcnsim's report
 * as in MGPUSim's DRAM counts. */
cl_mem mg_buffer(struct wl_device *dev, size_t size, const void *host);

/* A buffer of `size` zero bytes, zeroed with clEnqueueFillBuffer (no
 * host-GPU copy). MGPUSim's fresh memory is zero and some of its hosts
 * accumulate into buffers they never write (atax, bicg); OpenCL's is not. */
cl_mem mg_zeroed_buffer(struct wl_device *dev, size_t size);

/* Runs `kernel` (see wl_run), prints "time: <label> <ns> ns" and returns the
 * nanoseconds. */
cl_ulong mg_run(struct wl_device *dev, cl_kernel kernel, const char *label, cl_uint dims,
                const size_t *global, const size_t *local);

/* Sets kernel argument `index` to `bytes` of local memory (MGPUSim's
 * driver.LocalPtr). */
void mg_local_arg(cl_kernel kernel, cl_uint index, size_t bytes);

/*
 * Go's math/rand as MGPUSim's hosts use it (Go 1.19, which builds MGPUSim
 * v3.0.0): the global source, seeded with 1 until mg_rand_seed, so that every
 * host gets the very inputs MGPUSim's host draws (data-dependent workloads —
 * sparse matrices, k-means' iterations — then do the same work). Go's seeding
 * table (rngCooked) is read from the Go installation that built MGPUSim:
 * $GOROOT/src/math/rand/rng.go, else `go env GOROOT`; the first use exits
 * FAILED if neither is found or the table does not give Go's known first value.
 */
void mg_rand_seed(int64_t seed);
int64_t mg_rand_int63(void);     /* rand.Int63 */
uint32_t mg_rand_uint32(void);   /* rand.Uint32 */
int64_t mg_rand_int(void);       /* rand.Int (64-bit int) */
int32_t mg_rand_int31n(int32_t n); /* rand.Int31n */
double mg_rand_float64(void);    /* rand.Float64 */
float mg_rand_float32(void);     /* rand.Float32 */

#endif
