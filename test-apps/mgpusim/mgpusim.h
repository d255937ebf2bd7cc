/*
 * mgpusim: what the cross-validation hosts share. Each host runs one of
 * MGPUSim v3.0.0's benchmarks on the code object that MGPUSim itself runs,
 * read at run time from the checkout named by $MGPUSIM_DIR (never copied into
 * this repository), with the launch MGPUSim's Go host makes: the same buffers,
 * arguments, grid, work-group size and number of launches. It verifies what
 * the kernel computes against a CPU reference and prints the simulated kernel
 * times ("time: <kernel> <ns> ns"), which scripts/crossval.sh compares with
 * MGPUSim's own kernel_time.
 */
#ifndef MGPUSIM_H
#define MGPUSIM_H

#include "workload.h"

/* Opens the device (see wl_open_binary) with the code object at
 * $MGPUSIM_DIR/<relative>; exits FAILED if MGPUSIM_DIR is unset. */
void mg_open(struct wl_device *dev, const char *relative);

#endif
