/*
 * Simple 2-D convolution: out[y][x] = sum over the mask of
 * mask[j][i] * in[y + j - r][x + i - r], r = mask_width / 2, with pixels
 * outside the width x height image taken as 0. One work-item per output
 * pixel; the mask is in constant memory. The NDRange may be rounded up past
 * the image, so work-items outside it return.
 */
__kernel void convolve(__global const float *in, __constant float *mask, __global float *out,
                       uint width, uint height, uint mask_width)
{
    uint x = get_global_id(0), y = get_global_id(1);
    if (x >= width || y >= height)
        return;
    int r = (int)mask_width / 2;

    float sum = 0.0f;
    for (int j = 0; j < (int)mask_width; j++) {
        int yy = (int)y + j - r;
        if (yy < 0 || yy >= (int)height)
            continue;
        for (int i = 0; i < (int)mask_width; i++) {
            int xx = (int)x + i - r;
            if (xx >= 0 && xx < (int)width)
                sum += mask[j * mask_width + i] * in[yy * (int)width + xx];
        }
    }
    out[y * width + x] = sum;
}
