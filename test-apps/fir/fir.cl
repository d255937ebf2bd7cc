/*
 * FIR filter: out[i] = sum_{j < taps} coeff[j] * x[i - j]. The input buffer
 * holds taps - 1 history samples (x[-taps+1] .. x[-1]) followed by the
 * signal, so in[i + taps - 1 - j] = x[i - j]. One work-item per output
 * sample; the host filters the signal in blocks, one launch per block, the
 * block's first sample given as the NDRange's global offset.
 */
__kernel void fir(__global const float *in, __constant float *coeff, __global float *out,
                  uint taps)
{
    size_t i = get_global_id(0);
    float sum = 0.0f;
    for (uint j = 0; j < taps; j++)
        sum += coeff[j] * in[i + taps - 1 - j];
    out[i] = sum;
}
