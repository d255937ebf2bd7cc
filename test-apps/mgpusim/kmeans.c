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
 * --devices N: each device gets a run of consecutive work-groups (its points),
 * their features, transpose and memberships in buffers of its own (npoints =
 * its points) and a copy of the centroids, written to every device before
 * each launch of kmeans_kernel_compute; the host reads every device's
 * memberships back and updates the centroids as on one GPU.
 *
 * Verification: the transpose exactly; every launch's memberships against a
 * double-precision distance, each point's cluster within the float rounding
 * bound of the nearest (near-ties may go either way).
 */
#include "mgpusim.h"

#include <math.h>
#include <string.h>

#define GROUP 64

int main(int argc, char **argv)
{
    unsigned long points = 1024, clusters = 5, features = 32, max_iter = 5, devices = 1;
    struct wl_option options[] = {
        {"-p", "points (MGPUSim's -points)", &points, 0},
        {"-c", "clusters (MGPUSim's -clusters)", &clusters, 0},
        {"-f", "features per point (MGPUSim's -features)", &features, 0},
        {"-i", "maximum iterations (MGPUSim's -max-iter)", &max_iter, 0},
        MG_DEVICES_OPTION(devices),
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(points > 0 && points % GROUP == 0 && clusters > 0 && clusters <= points &&
                   features > 0 && points * features <= (1UL << 28),
               "-p must be a multiple of 64, 0 < -c <= -p, -f > 0, p * f <= 2^28");

    struct wl_devices all;
    mg_open_devices(&all, devices, "benchmarks/heteromark/kmeans/kernels.hsaco");
    size_t nf = points * features, nc = clusters * features;
    float *feature = malloc(nf * sizeof *feature), *swapped = malloc(nf * sizeof *swapped);
    float *want_swap = malloc(nf * sizeof *want_swap), *centroid = malloc(nc * sizeof *centroid);
    int32_t *membership = malloc(points * sizeof *membership);
    int32_t *previous = malloc(points * sizeof *previous);
    size_t *count = malloc(clusters * sizeof *count);

    /* Per device: its points and buffers of its features, their transpose,
     * memberships and the centroids. */
    struct part {
        struct mg_part points;
        cl_mem feature, swap, member, cluster;
    } *parts = calloc(all.count, sizeof *parts);
    cl_kernel *swaps = calloc(all.count, sizeof *swaps);
    cl_kernel *computes = calloc(all.count, sizeof *computes);
    size_t *global = calloc(all.count, sizeof *global), local = GROUP;
    /* kmeans.go allocates features, their transpose, memberships, centroids,
     * then draws the features and copies them in. */
    for (cl_uint d = 0; d < all.count; d++) {
        struct part *p = &parts[d];
        p->points = mg_part(points / GROUP, d, all.count);
        p->points.first *= GROUP;
        p->points.count *= GROUP;
        global[d] = p->points.count;
        if (global[d] == 0)
            continue;
        struct wl_device dev = mg_device(&all, d);
        p->feature = mg_buffer(&dev, global[d] * features * sizeof(float), NULL);
        p->swap = mg_buffer(&dev, global[d] * features * sizeof(float), NULL);
        p->member = mg_buffer(&dev, global[d] * sizeof(int32_t), NULL);
        p->cluster = mg_buffer(&dev, nc * sizeof(float), NULL);
    }
    mg_rand_seed(0);
    for (size_t i = 0; i < nf; i++)
        feature[i] = mg_rand_float32();
    cl_int ncl = (cl_int)clusters, nfe = (cl_int)features, zero = 0;
    for (cl_uint d = 0; d < all.count; d++) {
        struct part *p = &parts[d];
        if (global[d] == 0)
            continue;
        TA_CHECK(clEnqueueWriteBuffer(all.queues[d], p->feature, CL_TRUE, 0,
                                      global[d] * features * sizeof(float),
                                      feature + p->points.first * features, 0, NULL, NULL));
        cl_int np = (cl_int)global[d];
        swaps[d] = wl_kernel(all.program, "kmeans_kernel_swap");
        WL_ARG(swaps[d], 0, p->feature);
        WL_ARG(swaps[d], 1, p->swap);
        WL_ARG(swaps[d], 2, np);
        WL_ARG(swaps[d], 3, nfe);
        computes[d] = wl_kernel(all.program, "kmeans_kernel_compute");
        WL_ARG(computes[d], 0, p->swap);
        WL_ARG(computes[d], 1, p->cluster);
        WL_ARG(computes[d], 2, p->member);
        WL_ARG(computes[d], 3, np);
        WL_ARG(computes[d], 4, ncl);
        WL_ARG(computes[d], 5, nfe);
        WL_ARG(computes[d], 6, zero);
        WL_ARG(computes[d], 7, zero);
    }

    mg_run_devices(&all, swaps, "kmeans_kernel_swap", 1, global, &local);
    /* Each device holds its points' transpose: feature j of its point i at
     * j * (its points) + i; laid one device after another. */
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part *mine = &parts[d].points;
        if (mine->count == 0)
            continue;
        float *out = swapped + mine->first * features;
        wl_read(all.queues[d], parts[d].swap, mine->count * features * sizeof(float), out);
        for (size_t i = 0; i < mine->count; i++)
            for (size_t j = 0; j < features; j++)
                want_swap[mine->first * features + j * mine->count + i] =
                    feature[(mine->first + i) * features + j];
    }
    wl_check_u32("transposed features", (const uint32_t *)swapped, (const uint32_t *)want_swap,
                 nf);

    memcpy(centroid, feature, nc * sizeof(float));
    for (size_t i = 0; i < points; i++)
        previous[i] = -1;
    size_t delta = 1, iterations = 0, bad = 0, first_bad = 0;
    while (delta > 0 && iterations < max_iter) {
        for (cl_uint d = 0; d < all.count; d++)
            if (global[d] != 0)
                TA_CHECK(clEnqueueWriteBuffer(all.queues[d], parts[d].cluster, CL_TRUE, 0,
                                              nc * sizeof(float), centroid, 0, NULL, NULL));
        mg_run_devices(&all, computes, "kmeans_kernel_compute", 1, global, &local);
        for (cl_uint d = 0; d < all.count; d++)
            if (global[d] != 0)
                wl_read(all.queues[d], parts[d].member, global[d] * sizeof(int32_t),
                        membership + parts[d].points.first);
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

    for (cl_uint d = 0; d < all.count; d++) {
        struct part *p = &parts[d];
        if (global[d] == 0)
            continue;
        TA_CHECK(clReleaseKernel(swaps[d]));
        TA_CHECK(clReleaseKernel(computes[d]));
        cl_mem buffers[] = {p->feature, p->swap, p->member, p->cluster};
        for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
            TA_CHECK(clReleaseMemObject(buffers[i]));
    }
    wl_close_devices(&all);
    free(parts);
    free(swaps);
    free(computes);
    free(global);
    free(feature);
    free(swapped);
    free(want_swap);
    free(centroid);
    free(membership);
    free(previous);
    free(count);
    return ta_finish();
}
