/* mgpusim: shared set-up of the cross-validation hosts (see mgpusim.h). */
#include "mgpusim.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

void mg_open(struct wl_device *dev, const char *relative)
{
    const char *dir = getenv("MGPUSIM_DIR");
    wl_require(dir && *dir, "MGPUSIM_DIR must name an MGPUSim v3.0.0 checkout");
    char path[PATH_MAX];
    wl_require(snprintf(path, sizeof path, "%s/%s", dir, relative) < (int)sizeof path,
               "code object path too long");
    printf("code object: %s\n", path);
    wl_open_binary(dev, path);
}
