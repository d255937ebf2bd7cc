/* cl_gcnsim.h - gcnsim's own OpenCL extension cl_gcnsim_locality.
 *
 * On a unified multi-GPU device (GCNSIM_UNIFIED=1: the simulated GPUs appear as one
 * OpenCL device) a program may say where data lives and where work runs, as with
 * MGPUSim's Locality API:
 *
 *   clSetMemObjectPlacementGCNSIM(buffer, offset, size, gpu)
 *     puts the pages holding bytes [offset, offset + size) of `buffer` in the memory of
 *     GPU `gpu` of the device (0 .. GPUs - 1); by default a unified device's pages are
 *     interleaved over its GPUs page by page. The data is kept. Returns CL_SUCCESS,
 *     CL_INVALID_MEM_OBJECT, CL_INVALID_VALUE (range outside the buffer, or no such GPU)
 *     or CL_INVALID_OPERATION (the buffer is SVM memory).
 *
 *   clSetKernelWorkGroupSplitGCNSIM(kernel, num_gpus, workgroups_per_gpu)
 *     from then on, each launch of `kernel` runs its first workgroups_per_gpu[0]
 *     work-groups (in flattened order: x fastest, then y, then z) on GPU 0, the next
 *     workgroups_per_gpu[1] on GPU 1, and so on. The counts must add up to the launch's
 *     number of work-groups, or clEnqueueNDRangeKernel's command fails (its event
 *     status CL_MEM_OBJECT_ALLOCATION_FAILURE, with a message on stderr). num_gpus 0
 *     (and NULL) restores the default split (MGPUSim's: contiguous ranges, as many
 *     work-groups per compute unit on every GPU). Returns CL_SUCCESS,
 *     CL_INVALID_KERNEL or CL_INVALID_VALUE (more GPUs than the device has; NULL with a
 *     non-zero count).
 *
 * Get the entry points with clGetExtensionFunctionAddressForPlatform.
 */
#ifndef CL_GCNSIM_H
#define CL_GCNSIM_H

#include <CL/cl.h>

#ifdef __cplusplus
extern "C" {
#endif

#define cl_gcnsim_locality 1

typedef cl_int (*clSetMemObjectPlacementGCNSIM_fn)(cl_mem buffer, size_t offset, size_t size,
                                                    cl_uint gpu);
typedef cl_int (*clSetKernelWorkGroupSplitGCNSIM_fn)(cl_kernel kernel, cl_uint num_gpus,
                                                      const size_t *workgroups_per_gpu);

#ifdef __cplusplus
}
#endif

#endif /* CL_GCNSIM_H */
