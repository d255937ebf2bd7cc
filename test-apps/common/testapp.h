/*
 * testapp: what every gcnsim test application shares — OpenCL error names and
 * checking, platform and device selection, timing from profiling events, named
 * checks with a pass/fail count, and the final PASSED/FAILED line.
 *
 * Apps are ordinary OpenCL 1.2 programs: they link against the system loader
 * (libOpenCL.so) and run unchanged on gcnsim, PoCL or any other platform. An
 * app may define CL_TARGET_OPENCL_VERSION before including this header to be
 * built against another version of the API.
 */
#ifndef TESTAPP_H
#define TESTAPP_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>

/* Options common to all apps, parsed (and removed from argv) by ta_init. */
struct ta_options {
    /* --platform NAME or $OPENCL_PLATFORM: case-insensitive substring of
     * CL_PLATFORM_NAME; NULL picks the first platform with a GPU device,
     * else the first platform. */
    const char *platform;
    /* --device N: index among the chosen platform's devices (see ta_device). */
    unsigned device;
    /* --verbose: print every passing check too. */
    int verbose;
};

/* The options after ta_init. */
extern struct ta_options ta_opts;

/* Parses the common options out of argv (updating *argc); exits with usage on
 * a malformed one. Unknown arguments are left for the app. */
void ta_init(int *argc, char **argv);

/* The OpenCL name of an error code ("CL_INVALID_VALUE"), or "CL_<number>". */
const char *ta_error_name(cl_int err);

/* Reports a failed OpenCL call and exits with FAILED. */
void ta_die(const char *file, int line, const char *what, cl_int err);

/* A program of `source` built for `device` with `options`; if the build fails,
 * prints the build log and exits with FAILED. */
cl_program ta_build(cl_context ctx, cl_device_id device, const char *source,
                    const char *options);

/* Evaluates an OpenCL call returning cl_int; on error prints where and which
 * error, then FAILED, and exits. */
#define TA_CHECK(call)                                            \
    do {                                                          \
        cl_int ta_err_ = (call);                                  \
        if (ta_err_ != CL_SUCCESS)                                \
            ta_die(__FILE__, __LINE__, #call, ta_err_);           \
    } while (0)

/* The chosen platform (see ta_options.platform); exits if there is none. */
cl_platform_id ta_platform(void);

/* The device type apps use on the platform: CL_DEVICE_TYPE_GPU if the platform
 * has a GPU, else CL_DEVICE_TYPE_ALL. */
cl_device_type ta_device_type(cl_platform_id platform);

/* The first platform whose CL_PLATFORM_NAME contains `want` (ignoring case),
 * or NULL. */
cl_platform_id ta_platform_named(const char *want);

/* All devices of ta_device_type on the platform, malloc'ed; *count set. */
cl_device_id *ta_devices(cl_platform_id platform, cl_uint *count);

/* The device chosen by --device among ta_devices; exits if out of range. */
cl_device_id ta_device(cl_platform_id platform);

/* A malloc'ed, NUL-terminated string-valued device or platform info. */
char *ta_device_string(cl_device_id device, cl_device_info param);
char *ta_platform_string(cl_platform_id platform, cl_platform_info param);

/* Whether the device's list of name-version pairs `param` (an OpenCL 3.0 query
 * such as CL_DEVICE_OPENCL_C_ALL_VERSIONS or CL_DEVICE_OPENCL_C_FEATURES) has
 * the name `name` with major.minor version `major`.`minor` (any version when
 * `major` is 0). 0 when the device does not answer the query (before 3.0). */
int ta_device_lists(cl_device_id device, cl_device_info param, const char *name, unsigned major,
                    unsigned minor);

/* CL_PROFILING_COMMAND_END - CL_PROFILING_COMMAND_START of a completed event
 * from a profiling queue, in nanoseconds. */
cl_ulong ta_event_ns(cl_event event);

/* One profiling time (`what`: CL_PROFILING_COMMAND_QUEUED … _END) of a completed event. */
cl_ulong ta_event_time(cl_event event, cl_profiling_info what);

/* Prints "time: <label> <ns> ns" — the time the platform reports for the
 * command (simulated time on gcnsim in timing mode). */
void ta_report_time(const char *label, cl_ulong ns);

/* Records one named check: prints "FAIL: <name>" (with the formatted name) on
 * failure, "ok: <name>" with --verbose. Returns cond. */
int ta_check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Records that an OpenCL call returned `want`; on failure names both codes. */
int ta_check_err(cl_int got, cl_int want, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Parses the arguments of the apps that time data crossing a link: "-n N"
 * (elements, a positive multiple of 256), "--link-gbps G" (the link's
 * bandwidth the expected times follow from) and, if flit_bytes is not NULL,
 * "--flit-bytes F" (the unit the links move: platform.link_flit_bytes), into *n,
 * *link_gbps and *flit_bytes, which hold the defaults. Returns 0, or 2 after a
 * usage message. */
int ta_link_args(int argc, char **argv, size_t *n, double *link_gbps, unsigned *flit_bytes);

/* Number of checks passed and failed so far. */
unsigned ta_passed(void);
unsigned ta_failed(void);

/* Prints "<N> passed, <M> failed" and then PASSED or FAILED; returns the exit
 * status (0 when nothing failed and at least one check ran). */
int ta_finish(void);

#endif
