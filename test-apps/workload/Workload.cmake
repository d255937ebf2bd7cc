# Workload.cmake — included by every workload app's CMakeLists.txt (this folder
# holds the shared `workload` helper library, not an app).
#
# Provides:
#   add_workload(NAME <name> SOURCES <file>... KERNEL <file.cl> [TIMEOUT <s>]
#                [TIMING_ARGS <arg>...] [UNIFIED])
#     Builds executable <name> from SOURCES, linked with testapp and workload;
#     copies KERNEL next to it (the app loads it from there at run time);
#     registers the CTest runs <name>.gcnsim<n> and <name>.pocl through
#     gcnsim_add_opencl_test with the app's default sizes; <name>-timing.gcnsim1
#     (label "timing"): the app on one GPU in GCNSIM_MODE=timing, with
#     TIMING_ARGS (smaller sizes where the default is slow to simulate in
#     detail), verifying the same results; and, when clang-15
#     and the ROCm device libraries are found, <name>.gfx803 (label "gfx803"):
#     KERNEL compiled and linked into a gfx803 code object the way gcnsim's
#     runtime compiler does, failing on any compile error or unresolved call.
#     With UNIFIED: <name>-unified.gcnsim<2,4> and <name>-unified-timing.gcnsim<2,4>
#     (label "unified"): the app on 2 and 4 GPUs made one device (GCNSIM_UNIFIED=1),
#     in emulation and in timing mode (TIMING_ARGS), verifying the same results;
#     <name>-migration-timing.gcnsim<2,4> and <name>-pasi-timing.gcnsim<2,4>: the same
#     timing runs with on-demand page migration and with progressive page splitting
#     (configs/page-migration.toml, configs/pasi.toml); <name>-locality-timing.gcnsim<2,4>:
#     the timing run with the app's --locality <2,4> (gcnsim's Locality API places
#     each GPU's data on it; the app must take that option).
#   add_workload_run(NAME <test> TARGET <app> ARGS <arg>...)
#     One more CTest run (gcnsim and PoCL) of an app with extra arguments.
#   add_shared_timeline_determinism(NAME <test> TARGET <app> ARGS <arg>...)
#     <test>.gcnsim<2,4> (labels "timing;multigpu"): the app with ARGS (normally
#     --all-devices) on 2 and 4 discrete GPUs in timing mode on the shared timeline
#     (GCNSIM_DISCRETE_TIMELINE=shared), four runs alternately with 1 and 2
#     simulator threads: each must verify its results, and their metrics reports,
#     profiling times and results must be byte-identical
#     (cmake/CheckDeterminism.cmake).
include_guard(GLOBAL)

add_library(workload STATIC "${CMAKE_CURRENT_LIST_DIR}/workload.c")
target_include_directories(workload PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
target_include_directories(workload PRIVATE "${GCNSIM_ROOT}/include")
target_link_libraries(workload PUBLIC testapp m)

find_program(WORKLOAD_CLANG NAMES clang-15 clang)
find_path(WORKLOAD_DEVICE_LIBS opencl.bc
          PATHS /usr/lib/x86_64-linux-gnu/amdgcn/bitcode /opt/rocm/amdgcn/bitcode
          DOC "folder of the ROCm device library bitcode (opencl.bc, ocml.bc, ...)")

function(add_workload_run)
  cmake_parse_arguments(R "" "NAME;TARGET;TIMEOUT" "ARGS" ${ARGN})
  gcnsim_add_opencl_test(NAME ${R_NAME} TARGET ${R_TARGET} ARGS ${R_ARGS}
                         TIMEOUT ${R_TIMEOUT} LABELS workload)
endfunction()

function(add_shared_timeline_determinism)
  cmake_parse_arguments(D "" "NAME;TARGET" "ARGS" ${ARGN})
  string(REPLACE ";" "\\;" args "${D_ARGS}")
  foreach(gpus 2 4)
    _gcnsim_environment(env ${gpus})
    _gcnsim_register(${D_NAME}.gcnsim${gpus}
      "${env};GCNSIM_MODE=timing;GCNSIM_DISCRETE_TIMELINE=shared"
      "gcnsim;workload;timing;multigpu" 300 "${CMAKE_CURRENT_BINARY_DIR}"
      ${CMAKE_COMMAND} -DAPP=$<TARGET_FILE:${D_TARGET}> "-DAPP_ARGS=${args}"
      "-DTHREADS=1\;2\;1\;2" -DOUT=${CMAKE_CURRENT_BINARY_DIR}/${D_NAME}-${gpus}
      -P ${GCNSIM_ROOT}/cmake/CheckDeterminism.cmake)
  endforeach()
endfunction()

function(add_workload)
  cmake_parse_arguments(W "UNIFIED" "NAME;KERNEL;TIMEOUT" "SOURCES;TIMING_ARGS" ${ARGN})
  if(NOT W_NAME OR NOT W_SOURCES OR NOT W_KERNEL)
    message(FATAL_ERROR "add_workload: NAME, SOURCES and KERNEL are required")
  endif()
  if(NOT W_TIMEOUT)
    set(W_TIMEOUT 600)
  endif()
  add_executable(${W_NAME} ${W_SOURCES})
  target_link_libraries(${W_NAME} PRIVATE workload)
  configure_file(${W_KERNEL} ${CMAKE_CURRENT_BINARY_DIR}/${W_KERNEL} COPYONLY)
  add_workload_run(NAME ${W_NAME} TARGET ${W_NAME} TIMEOUT ${W_TIMEOUT})
  gcnsim_add_opencl_test(NAME ${W_NAME}-timing TARGET ${W_NAME} ARGS ${W_TIMING_ARGS}
                         GPUS 1 NO_POCL TIMEOUT ${W_TIMEOUT} LABELS "workload;timing"
                         GCNSIM_ENVIRONMENT GCNSIM_MODE=timing)
  if(W_UNIFIED)
    gcnsim_add_opencl_test(NAME ${W_NAME}-unified TARGET ${W_NAME} GPUS 2 4 NO_POCL
                           TIMEOUT ${W_TIMEOUT} LABELS "workload;unified"
                           GCNSIM_ENVIRONMENT GCNSIM_UNIFIED=1)
    gcnsim_add_opencl_test(NAME ${W_NAME}-unified-timing TARGET ${W_NAME}
                           ARGS ${W_TIMING_ARGS} GPUS 2 4 NO_POCL TIMEOUT ${W_TIMEOUT}
                           LABELS "workload;unified;timing"
                           GCNSIM_ENVIRONMENT GCNSIM_UNIFIED=1 GCNSIM_MODE=timing)
    foreach(gpus 2 4)
      gcnsim_add_opencl_test(NAME ${W_NAME}-locality-timing TARGET ${W_NAME}
                             ARGS ${W_TIMING_ARGS} --locality ${gpus} GPUS ${gpus} NO_POCL
                             TIMEOUT ${W_TIMEOUT} LABELS "workload;unified;timing;locality"
                             GCNSIM_ENVIRONMENT GCNSIM_UNIFIED=1 GCNSIM_MODE=timing)
    endforeach()
    foreach(migration page-migration pasi)
      string(REPLACE "page-" "" test_name "${migration}")
      gcnsim_add_opencl_test(NAME ${W_NAME}-${test_name}-timing TARGET ${W_NAME}
                             ARGS ${W_TIMING_ARGS} GPUS 2 4 NO_POCL TIMEOUT ${W_TIMEOUT}
                             LABELS "workload;unified;timing;migration"
                             GCNSIM_ENVIRONMENT GCNSIM_UNIFIED=1 GCNSIM_MODE=timing
                             GCNSIM_CONFIG=${GCNSIM_ROOT}/configs/${migration}.toml)
    endforeach()
  endif()

  if(WORKLOAD_CLANG AND WORKLOAD_DEVICE_LIBS)
    set(link_bitcode "")
    foreach(bc opencl ocml ockl oclc_isa_version_803 oclc_wavefrontsize64_on oclc_daz_opt_off
               oclc_finite_only_off oclc_unsafe_math_off oclc_correctly_rounded_sqrt_on
               oclc_abi_version_400)
      list(APPEND link_bitcode -Xclang -mlink-bitcode-file -Xclang
           "${WORKLOAD_DEVICE_LIBS}/${bc}.bc")
    endforeach()
    add_test(NAME ${W_NAME}.gfx803
             COMMAND ${WORKLOAD_CLANG} -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa
                     -mcpu=gfx803 -nogpulib -O2 ${link_bitcode}
                     -o ${CMAKE_CURRENT_BINARY_DIR}/${W_NAME}.gfx803.co
                     ${CMAKE_CURRENT_SOURCE_DIR}/${W_KERNEL})
    set_tests_properties(${W_NAME}.gfx803 PROPERTIES LABELS "gfx803;workload" TIMEOUT 120)
  endif()
endfunction()
