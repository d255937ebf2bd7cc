/*
 * api_test: checks of the OpenCL 1.2 host API (no kernels) against the
 * specification. Each area lives in its own file and records named checks
 * with ta_check/ta_check_err.
 */
#ifndef API_TEST_H
#define API_TEST_H

#include "testapp.h"

#include <CL/cl_ext.h> /* CL_MEM_USE_PERSISTENT_MEM_AMD */
#include <stddef.h>

/* What every group of checks works with. */
struct api_env {
    cl_platform_id platform;
    cl_device_id *devices; /* the platform's devices of ta_device_type */
    cl_uint ndev;
    cl_context ctx;         /* a context with all `devices` */
    cl_command_queue queue; /* in-order, profiling queue on devices[0] */
    cl_uint expect_gpus;    /* --expect-gpus N: the platform must have exactly N GPUs */
    /* --strict: also run checks where the specification is explicit but PoCL
     * 3.1, the reference run, deviates from it (each marked "strict"). */
    int strict;
    /* --expect-extension NAME: every device must list NAME in CL_DEVICE_EXTENSIONS. */
    const char *expect_extension;
    /* Whether every device offers cl_amd_device_memory_flags (AMD's
     * CL_MEM_USE_PERSISTENT_MEM_AMD buffer flag): its checks run only then. */
    int persistent_mem;
};

void check_platform(const struct api_env *env);
void check_devices(const struct api_env *env);
void check_contexts(const struct api_env *env);
void check_queues(const struct api_env *env);
void check_buffers(const struct api_env *env);
void check_sub_buffers(const struct api_env *env);
void check_destructors(const struct api_env *env);
void check_transfers(const struct api_env *env);
void check_rect_transfers(const struct api_env *env);
void check_maps(const struct api_env *env);
void check_events(const struct api_env *env);
void check_user_events(const struct api_env *env);
void check_profiling(const struct api_env *env);
void check_multi_device(const struct api_env *env);
void check_threads(const struct api_env *env);
void check_image_views(const struct api_env *env);

/* Whether a space-separated list of names contains `name`. */
int has_word(const char *list, const char *name);

/* Whether every device of env lists `extension` in CL_DEVICE_EXTENSIONS. */
int all_devices_list(const struct api_env *env, const char *extension);

/* Fills `n` bytes with a pseudo-random sequence determined by `seed`. */
void fill_bytes(unsigned char *p, size_t n, unsigned seed);

/* Waits (sleeping in short steps, at most `ms` milliseconds) until
 * *counter reaches `want`; returns whether it did. */
int wait_for_count(const volatile int *counter, int want, int ms);

/* The largest CL_DEVICE_MEM_BASE_ADDR_ALIGN (in bytes) of env's devices: the
 * alignment of a sub-buffer origin valid for all of them. */
size_t sub_buffer_align(const struct api_env *env);

/* clCreateSubBuffer of the region [origin, origin + size). */
cl_mem sub_buffer(cl_mem parent, cl_mem_flags flags, size_t origin, size_t size, cl_int *err);

/* Sleeps for `ms` milliseconds. */
void sleep_ms(int ms);

/* The command execution status of an event (exits on a query error). */
cl_int event_status(cl_event event);

/* CL_EVENT_COMMAND_TYPE of an event (exits on a query error). */
cl_command_type command_type(cl_event event);

/* Checks that a query reports the same size with and without a value buffer
 * and rejects a buffer one byte too small; `query(obj, param, size, value,
 * size_ret)` is any clGet*Info with the object bound by the caller. Returns
 * the size (0 if the query failed). */
typedef cl_int (*info_query)(const void *obj, cl_uint param, size_t size, void *value,
                             size_t *size_ret);
size_t check_info_sizes(info_query query, const void *obj, cl_uint param, const char *what);

/* info_query adapters of the clGet*Info functions. */
cl_int query_platform(const void *obj, cl_uint param, size_t size, void *value, size_t *ret);
cl_int query_device(const void *obj, cl_uint param, size_t size, void *value, size_t *ret);
cl_int query_context(const void *obj, cl_uint param, size_t size, void *value, size_t *ret);
cl_int query_queue(const void *obj, cl_uint param, size_t size, void *value, size_t *ret);
cl_int query_mem(const void *obj, cl_uint param, size_t size, void *value, size_t *ret);
cl_int query_event(const void *obj, cl_uint param, size_t size, void *value, size_t *ret);

/* A cl_uint-valued info parameter (exits on a query error). */
cl_uint info_uint(info_query query, const void *obj, cl_uint param);

/* One info parameter: its value and name, and the size of its value (0 for a
 * variable size such as a string or an array). */
struct info_param {
    cl_uint param;
    const char *name;
    size_t size;
};
#define INFO(param, type) {param, #param, sizeof(type)}
#define INFO_VAR(param) {param, #param, 0}

/* Checks every parameter of `params` (n of them) with check_info_sizes and,
 * for fixed-size ones, that the size is the declared one. */
void check_info_table(info_query query, const void *obj, const struct info_param *params,
                      size_t n, const char *what);

#endif
