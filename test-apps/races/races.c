/*
 * races: work-groups racing on the same words (see races.cl). The results of a
 * race are not fixed by OpenCL, so only what every interleaving guarantees is
 * verified: the tickets are a permutation of 0..n-1, the counter ends at n,
 * and the shared word and every value seen are ids of work-items. The app
 * prints a digest of everything the races decided (`result:` line), which
 * cmake/CheckDeterminism.cmake compares between runs.
 */
#include "workload.h"

int main(int argc, char **argv)
{
    unsigned long n = 16384, local = 64;
    const struct wl_option options[] = {
        {"-n", "number of work-items (a multiple of -l)", &n, 0},
        {"-l", "work-group size", &local, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(n > 0 && n <= (1ul << 24), "-n must be in 1..2^24");
    wl_require(local > 0 && n % local == 0, "-n must be a multiple of -l");
    size_t groups = n / local;

    struct wl_device dev;
    wl_open(&dev, "races.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "race");
    uint32_t zero = 0;
    cl_mem counter = wl_buffer(dev.context, CL_MEM_READ_WRITE, sizeof zero, &zero);
    cl_mem tickets = wl_buffer(dev.context, CL_MEM_READ_WRITE, n * sizeof(uint32_t), NULL);
    cl_mem last = wl_buffer(dev.context, CL_MEM_READ_WRITE, sizeof zero, &zero);
    cl_mem seen = wl_buffer(dev.context, CL_MEM_READ_WRITE, groups * sizeof(uint32_t), NULL);
    WL_ARG(kernel, 0, counter);
    WL_ARG(kernel, 1, tickets);
    WL_ARG(kernel, 2, last);
    WL_ARG(kernel, 3, seen);
    size_t global = n, local_size = local;
    ta_report_time("race", wl_run(dev.queue, kernel, 1, &global, &local_size));

    uint32_t *got = malloc(n * sizeof *got), *seen_host = malloc(groups * sizeof *seen_host);
    uint8_t *taken = calloc(n, 1);
    uint32_t count, last_id;
    wl_read(dev.queue, counter, sizeof count, &count);
    wl_read(dev.queue, tickets, n * sizeof *got, got);
    wl_read(dev.queue, last, sizeof last_id, &last_id);
    wl_read(dev.queue, seen, groups * sizeof *seen_host, seen_host);
    ta_check(count == n, "the counter ends at %lu (got %u)", n, count);
    int permutation = 1;
    for (size_t i = 0; i < n; i++) {
        if (got[i] >= n || taken[got[i]])
            permutation = 0;
        else
            taken[got[i]] = 1;
    }
    ta_check(permutation, "the tickets are a permutation of 0..%lu", n - 1);
    ta_check(last_id < n, "the shared word holds a work-item's id (%u)", last_id);
    int ids = 1;
    for (size_t g = 0; g < groups; g++)
        ids &= seen_host[g] < n;
    ta_check(ids, "every work-group saw a work-item's id");

    /* FNV-1a over what the races decided. */
    uint64_t digest = 1469598103934665603ull;
    for (size_t i = 0; i < n + groups + 1; i++) {
        uint32_t v = i < n ? got[i] : i < n + groups ? seen_host[i - n] : last_id;
        digest = (digest ^ v) * 1099511628211ull;
    }
    printf("result: digest %016llx\n", (unsigned long long)digest);

    TA_CHECK(clReleaseMemObject(counter));
    TA_CHECK(clReleaseMemObject(tickets));
    TA_CHECK(clReleaseMemObject(last));
    TA_CHECK(clReleaseMemObject(seen));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(got);
    free(seen_host);
    free(taken);
    return ta_finish();
}
