/*
 * MGPUSim's k-means (benchmarks/heteromark/kmeans): -p points (default
 * 1,024) of -f features (32) in -c clusters (5), at most -i iterations (5),
 * as kmeans.go runs it: features from rand.Seed(0) and rand.Float32(); one
 * launch of kmeans_kernel_swap (feature, feature_swap, npoints, nfeatures)
 * transposing them; then per iteration the host's centroids are copied in and
 * kmeans_kernel_compute (feature_swap, clusters, membership, npoints,
 * nclusters, nfeatures, offset 0, size 0) assigns each point its nearest
 * centroid; the host counts changed memberships and recomputes the centroids
 * (float sums in point order) and stops when none changed. Work-groups of 64,
 * one work-item per point. Initial centroids: the first c points.
 *
 * Verification: the transpose exactly; every launch's memberships against a
 * double-precision distance, each point's cluster within the float rounding
 * bound of the nearest (near-ties may go either way).
 */
#include "mgpusim.h"

#include <math.h>
#include <string.h>

int main(int argc, char **argv)
{
    unsigned long points = 1024, clusters = 5, features = 32, max_iter = 5;
    struct wl_option options[] = {
        {"-p", "points (MGPUSim's -points)", &points, 0},
        {"-c", "clusters (MGPUSim's -clusters)", &clusters, 0},
        {"-f", "features per point (MGPUSim's -features)", &features, 0},
        {"-i", "maximum iterations (MGPUSim's -max-iter)", &max_iter, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(points > 0 && points % 64 == 0 && clusters > 0 && clusters <= points &&
                   features > 0 && points * features <= (1UL << 28),
               "-p must be a multiple of 64, 0 < -c <= -p, -f > 0, p * f <= 2^28");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/heteromark/kmeans/kernels.hsaco");
    size_t nf = points * features, nc = clusters * features;
    float *feature = malloc(nf * sizeof *feature), *swapped = malloc(nf * sizeof *swapped);
    float *want_swap = malloc(nf * sizeof *want_swap), *centroid = malloc(nc * sizeof *centroid);
    int32_t *membership = malloc(points * sizeof *membership);
    int32_t *previous = malloc(points * sizeof *previous);
    size_t *count = malloc(clusters * sizeof *count);

    /* kmeans.go allocates features, their transpose, memberships, centroids,
     * then draws the features and copies them in. */
    cl_mem d_feature = mg_buffer(&dev, nf * sizeof(float), NULL);
    cl_mem d_swap = mg_buffer(&dev, nf * sizeof(float), NULL);
    cl_mem d_member = mg_buffer(&dev, points * sizeof(int32_t), NULL);
    cl_mem d_cluster = mg_buffer(&dev, nc * sizeof(float), NULL);
    mg_rand_seed(0);
    for (size_t i = 0; i < nf; i++)
        feature[i] = mg_rand_float32();
    TA_CHECK(clEnqueueWriteBuffer(dev.queue, d_feature, CL_TRUE, 0, nf * sizeof(float), feature,
                                  0, NULL, NULL));

    cl_int np = (cl_int)points, ncl = (cl_int)clusters, nfe = (cl_int)features, zero = 0;
    size_t global = points, local = 64;
    cl_kernel swap = wl_kernel(dev.program, "kmeans_kernel_swap");
    WL_ARG(swap, 0, d_feature);
    WL_ARG(swap, 1, d_swap);
    WL_ARG(swap, 2, np);
    WL_ARG(swap, 3, nfe);
    mg_run(&dev, swap, "kmeans_kernel_swap", 1, &global, &local);
    wl_read(dev.queue, d_swap, nf * sizeof(float), swapped);
    for (size_t i = 0; i < points; i++)
        for (size_t j = 0; j < features; j++)
            want_swap[j * points + i] = feature[i * features + j];
    wl_check_u32("transposed features", (const uint32_t *)swapped, (const uint32_t *)want_swap,
                 nf);

    cl_kernel compute = wl_kernel(dev.program, "kmeans_kernel_compute");
    WL_ARG(compute, 0, d_swap);
    WL_ARG(compute, 1, d_cluster);
    WL_ARG(compute, 2, d_member);
    WL_ARG(compute, 3, np);
    WL_ARG(compute, 4, ncl);
    WL_ARG(compute, 5, nfe);
    WL_ARG(compute, 6, zero);
    WL_ARG(compute, 7, zero);
    memcpy(centroid, feature, nc * sizeof(float));
    for (size_t i = 0; i < points; i++)
        previous[i] = -1;
    size_t delta = 1, iterations = 0, bad = 0, first_bad = 0;
    while (delta > 0 && iterations < max_iter) {
        TA_CHECK(clEnqueueWriteBuffer(dev.queue, d_cluster, CL_TRUE, 0, nc * sizeof(float),
                                      centroid, 0, NULL, NULL));
        mg_run(&dev, compute, "kmeans_kernel_compute", 1, &global, &local);
        wl_read(dev.queue, d_member, points * sizeof(int32_t), membership);
        /* The kernel's choice: a cluster whose float distance may be the least,
         * i.e. within the rounding bounds of the nearest. The differences are
         * float subtractions, as in the kernel; their squares sum in any order. */
        for (size_t i = 0; i < points; i++) {
            double best = INFINITY, best_bound = 0, got = NAN, got_bound = 0;
            for (size_t c = 0; c < clusters; c++) {
                struct wl_dot dot = {0};
                for (size_t j = 0; j < features; j++) {
                    float d = feature[i * features + j] - centroid[c * features + j];
                    wl_dot_add(&dot, d, d);
                }
                if (dot.sum < best)
                    best = dot.sum, best_bound = wl_dot_bound(&dot);
                if ((size_t)membership[i] == c)
                    got = dot.sum, got_bound = wl_dot_bound(&dot);
            }
            if (!(got <= best + best_bound + got_bound) && bad++ == 0)
                first_bad = i;
        }
        iterations++;
        /* kmeans.go's updateMembership and updateCentroids. */
        delta = 0;
        for (size_t i = 0; i < points; i++)
            if (membership[i] != previous[i]) {
                delta++;
                previous[i] = membership[i];
            }
        memset(centroid, 0, nc * sizeof(float));
        memset(count, 0, clusters * sizeof *count);
        for (size_t i = 0; i < points; i++) {
            if (membership[i] < 0 || (size_t)membership[i] >= clusters)
                continue;
            for (size_t j = 0; j < features; j++)
                centroid[(size_t)membership[i] * features + j] += feature[i * features + j];
            count[membership[i]]++;
        }
        for (size_t c = 0; c < clusters; c++)
            for (size_t j = 0; j < features; j++)
                if (count[c] > 0)
                    centroid[c * features + j] /= (float)count[c];
    }
    printf("iterations: %zu\n", iterations);
    if (bad)
        printf("first point not assigned a nearest cluster: %zu\n", first_bad);
    ta_check(bad == 0, "memberships: each point in a nearest cluster (%zu wrong)", bad);

    TA_CHECK(clReleaseKernel(swap));
    TA_CHECK(clReleaseKernel(compute));
    cl_mem buffers[] = {d_feature, d_swap, d_member, d_cluster};
    for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
        TA_CHECK(clReleaseMemObject(buffers[i]));
    wl_close(&dev);
    free(feature);
    free(swapped);
    free(want_swap);
    free(centroid);
    free(membership);
    free(previous);
    free(count);
    return ta_finish();
}
