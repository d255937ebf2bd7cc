/*
 * k-means clustering kernels (the assignment step; the host updates the
 * centroids between launches).
 */

/* Transposes the points from point-major (in[p * nfeatures + f], as the host
 * stores them) to feature-major (out[f * npoints + p]), so that in
 * kmeans_assign neighbouring work-items read neighbouring addresses. */
__kernel void kmeans_swap(__global const float *in, __global float *out, uint npoints,
                          uint nfeatures)
{
    uint p = get_global_id(0);
    if (p >= npoints)
        return;
    for (uint f = 0; f < nfeatures; f++)
        out[f * npoints + p] = in[p * nfeatures + f];
}

/* membership[p] = the index of the centroid nearest to point p (squared
 * Euclidean distance; the lowest index among equals). The work-group first
 * copies the centroids (centroids[c * nfeatures + f]) into local memory,
 * which must hold nclusters * nfeatures floats. */
__kernel void kmeans_assign(__global const float *features, __global const float *centroids,
                            __global int *membership, uint npoints, uint nclusters,
                            uint nfeatures, __local float *local_centroids)
{
    for (uint i = get_local_id(0); i < nclusters * nfeatures; i += get_local_size(0))
        local_centroids[i] = centroids[i];
    barrier(CLK_LOCAL_MEM_FENCE);

    uint p = get_global_id(0);
    if (p >= npoints)
        return;
    float best = INFINITY;
    int index = 0;
    for (uint c = 0; c < nclusters; c++) {
        float dist = 0.0f;
        for (uint f = 0; f < nfeatures; f++) {
            float d = features[f * npoints + p] - local_centroids[c * nfeatures + f];
            dist += d * d;
        }
        if (dist < best) {
            best = dist;
            index = (int)c;
        }
    }
    membership[p] = index;
}
