/*
 * kmeans: Lloyd's k-means on random points in [0, 1)^nfeatures. The device
 * transposes the points once (kmeans_swap), then each iteration assigns every
 * point to its nearest centroid (kmeans_assign, centroids in local memory)
 * and the host moves each centroid to the mean of its points (an empty
 * cluster keeps its centroid). The initial centroids are the first points.
 *
 * Verification: the transposed points exactly; and in every iteration every
 * point's assignment c against the exact (double) squared distances to the
 * same centroids: dist(c) <= min_j dist(j) + (F + 2) * eps * (dist(c) +
 * min_j dist(j)), the float error bound of a sum of F squared differences
 * (eps = FLT_EPSILON). Exact equality is not required because points nearly
 * equidistant from two centroids may round either way.
 */
#include "workload.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define LOCAL 256

/* The points assigned to a centroid other than a nearest one (within the
 * rounding bound); the first such point in *first. */
static size_t misassigned(const float *points, const float *centroids, const int *membership,
                          size_t npoints, size_t nclusters, size_t nfeatures, size_t *first)
{
    size_t bad = 0;
    double *dist = malloc(nclusters * sizeof *dist);
    for (size_t p = 0; p < npoints; p++) {
        double best = INFINITY;
        for (size_t c = 0; c < nclusters; c++) {
            double sum = 0.0;
            for (size_t f = 0; f < nfeatures; f++) {
                double d = (double)points[p * nfeatures + f] - centroids[c * nfeatures + f];
                sum += d * d;
            }
            dist[c] = sum;
            if (sum < best)
                best = sum;
        }
        int m = membership[p];
        int ok = m >= 0 && (size_t)m < nclusters &&
                 dist[m] <= best + (double)(nfeatures + 2) * FLT_EPSILON * (dist[m] + best);
        if (!ok && bad++ == 0)
            *first = p;
    }
    free(dist);
    return bad;
}

/* Moves every centroid to the mean of its points; returns how many points
 * changed cluster since `previous` (which is updated). */
static size_t update_centroids(const float *points, float *centroids, const int *membership,
                               int *previous, size_t npoints, size_t nclusters,
                               size_t nfeatures)
{
    double *sum = calloc(nclusters * nfeatures, sizeof *sum);
    size_t *count = calloc(nclusters, sizeof *count), changed = 0;
    for (size_t p = 0; p < npoints; p++) {
        int m = membership[p];
        changed += m != previous[p];
        previous[p] = m;
        count[m]++;
        for (size_t f = 0; f < nfeatures; f++)
            sum[m * nfeatures + f] += points[p * nfeatures + f];
    }
    for (size_t c = 0; c < nclusters; c++)
        if (count[c] > 0)
            for (size_t f = 0; f < nfeatures; f++)
                centroids[c * nfeatures + f] = (float)(sum[c * nfeatures + f] / count[c]);
    free(sum);
    free(count);
    return changed;
}

int main(int argc, char **argv)
{
    unsigned long npoints = 32768, nclusters = 8, nfeatures = 8, iterations = 5;
    const struct wl_option options[] = {
        {"-n", "number of points", &npoints, 0},
        {"-k", "number of clusters", &nclusters, 0},
        {"-f", "number of features per point", &nfeatures, 0},
        {"-i", "iterations", &iterations, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(nclusters > 0 && nfeatures > 0 && nclusters * nfeatures <= 4096,
               "-k and -f must be positive with k * f <= 4096 (16 KiB of local memory)");
    wl_require(npoints >= nclusters && npoints * nfeatures <= UINT32_MAX,
               "-n must be at least -k (and n * f below 2^32)");

    size_t nvalues = npoints * nfeatures;
    float *points = malloc(nvalues * sizeof *points), *swapped = malloc(nvalues * sizeof *swapped);
    double *want_swapped = malloc(nvalues * sizeof *want_swapped);
    float *centroids = malloc(nclusters * nfeatures * sizeof *centroids);
    int *membership = malloc(npoints * sizeof *membership);
    int *previous = malloc(npoints * sizeof *previous);
    struct wl_rng rng;
    wl_seed(&rng, 8);
    for (size_t i = 0; i < nvalues; i++)
        points[i] = wl_rand_float(&rng, 0.0f, 1.0f);
    for (size_t p = 0; p < npoints; p++)
        for (size_t f = 0; f < nfeatures; f++)
            want_swapped[f * npoints + p] = points[p * nfeatures + f];
    memcpy(centroids, points, nclusters * nfeatures * sizeof *centroids);
    memset(previous, 0xff, npoints * sizeof *previous);

    struct wl_device dev;
    wl_open(&dev, "kmeans.cl", NULL);
    cl_kernel swap = wl_kernel(dev.program, "kmeans_swap");
    cl_kernel assign = wl_kernel(dev.program, "kmeans_assign");
    cl_mem dpoints = wl_buffer(dev.context, CL_MEM_READ_ONLY, nvalues * sizeof *points, points);
    cl_mem dfeatures = wl_buffer(dev.context, CL_MEM_READ_WRITE, nvalues * sizeof *points, NULL);
    cl_mem dcentroids = wl_buffer(dev.context, CL_MEM_READ_ONLY,
                                  nclusters * nfeatures * sizeof *centroids, NULL);
    cl_mem dmembership = wl_buffer(dev.context, CL_MEM_WRITE_ONLY,
                                   npoints * sizeof *membership, NULL);
    cl_uint n32 = (cl_uint)npoints, k32 = (cl_uint)nclusters, f32 = (cl_uint)nfeatures;
    size_t local = LOCAL, global = wl_round_up(npoints, LOCAL);

    WL_ARG(swap, 0, dpoints);
    WL_ARG(swap, 1, dfeatures);
    WL_ARG(swap, 2, n32);
    WL_ARG(swap, 3, f32);
    ta_report_time("kmeans_swap", wl_run(dev.queue, swap, 1, &global, &local));
    wl_read(dev.queue, dfeatures, nvalues * sizeof *swapped, swapped);
    wl_check_float("feature-major points", swapped, want_swapped, NULL, nvalues);

    WL_ARG(assign, 0, dfeatures);
    WL_ARG(assign, 1, dcentroids);
    WL_ARG(assign, 2, dmembership);
    WL_ARG(assign, 3, n32);
    WL_ARG(assign, 4, k32);
    WL_ARG(assign, 5, f32);
    TA_CHECK(clSetKernelArg(assign, 6, nclusters * nfeatures * sizeof(float), NULL));
    cl_ulong total = 0;
    for (unsigned long it = 0; it < iterations; it++) {
        TA_CHECK(clEnqueueWriteBuffer(dev.queue, dcentroids, CL_TRUE, 0,
                                      nclusters * nfeatures * sizeof *centroids, centroids, 0,
                                      NULL, NULL));
        memset(membership, 0xff, npoints * sizeof *membership);
        cl_ulong ns = wl_run(dev.queue, assign, 1, &global, &local);
        total += ns;
        wl_read(dev.queue, dmembership, npoints * sizeof *membership, membership);
        size_t first = 0;
        size_t bad = misassigned(points, centroids, membership, npoints, nclusters, nfeatures,
                                 &first);
        ta_check(bad == 0, "iteration %lu: %zu of %lu points not at a nearest centroid%s", it,
                 bad, npoints, bad ? " (see the first below)" : "");
        if (bad)
            printf("  point %zu assigned to %d\n", first, membership[first]);
        size_t changed = update_centroids(points, centroids, membership, previous, npoints,
                                          nclusters, nfeatures);
        char label[64];
        snprintf(label, sizeof label, "kmeans_assign[iteration %lu, %zu moved]", it, changed);
        ta_report_time(label, ns);
    }
    ta_report_time("kmeans_assign[all iterations]", total);

    TA_CHECK(clReleaseMemObject(dpoints));
    TA_CHECK(clReleaseMemObject(dfeatures));
    TA_CHECK(clReleaseMemObject(dcentroids));
    TA_CHECK(clReleaseMemObject(dmembership));
    TA_CHECK(clReleaseKernel(swap));
    TA_CHECK(clReleaseKernel(assign));
    wl_close(&dev);
    free(points);
    free(swapped);
    free(want_swapped);
    free(centroids);
    free(membership);
    free(previous);
    return ta_finish();
}
