# Gcnsim.cmake — register OpenCL programs as CTest tests that run under gcnsim
# through the system ICD loader, each with a twin run on PoCL as the reference.
#
# Cache variables (set with -D when configuring):
#   GCNSIM_ROOT         the gcnsim repository (holds OpenCL.icd); default: this file's ../
#   GCNSIM_LIBRARY_DIR  the folder holding libgcnsim.so; default:
#                       $CARGO_TARGET_DIR/release, else <GCNSIM_ROOT>/target/release
#   GCNSIM_TEST_GPUS    GPU counts every gcnsim test runs with; default "1;4"
#   POCL_ICD            PoCL's vendor file; the PoCL twins are skipped if it is absent
#
# Provides:
#   gcnsim_add_opencl_test(NAME <name> TARGET <target> [ARGS <arg>...]
#                          [GCNSIM_ARGS <arg>...] [POCL_ARGS <arg>...]
#                          [GPUS <n>...] [WORKING_DIRECTORY <dir>] [TIMEOUT <s>]
#                          [LABELS <label>...] [GCNSIM_ENVIRONMENT <VAR=value>...]
#                          [NO_POCL])
#     Adds <name>.gcnsim<n> for every GPU count n (label "gcnsim"), run with
#     OCL_ICD_VENDORS=<GCNSIM_ROOT>/OpenCL.icd, LD_LIBRARY_PATH=<GCNSIM_LIBRARY_DIR>,
#     GCNSIM_GPUS=<n>, GCNSIM_CACHE_DIR inside the build tree and any
#     GCNSIM_ENVIRONMENT settings (e.g. GCNSIM_CONFIG=<file>); "{gpus}" in
#     GCNSIM_ARGS becomes n. Adds <name>.pocl (label "pocl") run with
#     OCL_ICD_VENDORS=<POCL_ICD> and ARGS plus POCL_ARGS. A test passes when the
#     program exits with status 0.
#   gcnsim_add_clinfo_test()
#     Adds clinfo.gcnsim<n>: clinfo under gcnsim must print no error or warning
#     and list exactly n devices; and clinfo.pocl (no error or warning).
#   gcnsim_add_config_error_test(NAME <name> VARIABLE <var> VALUE <value>)
#     Adds config.<name>: with <var>=<value> set, gcnsim must report no device
#     and print a message naming the variable and the value.

include_guard(GLOBAL)

find_package(OpenCL REQUIRED)

get_filename_component(_gcnsim_default_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(GCNSIM_ROOT "${_gcnsim_default_root}" CACHE PATH "gcnsim repository root")
if(DEFINED ENV{CARGO_TARGET_DIR} AND NOT "$ENV{CARGO_TARGET_DIR}" STREQUAL "")
  set(_gcnsim_default_libdir "$ENV{CARGO_TARGET_DIR}/release")
else()
  set(_gcnsim_default_libdir "${GCNSIM_ROOT}/target/release")
endif()
set(GCNSIM_LIBRARY_DIR "${_gcnsim_default_libdir}" CACHE PATH "folder holding libgcnsim.so")
set(GCNSIM_TEST_GPUS "1;4" CACHE STRING "GPU counts the gcnsim tests run with")
set(POCL_ICD "/etc/OpenCL/vendors/pocl.icd" CACHE FILEPATH "PoCL's ICD vendor file")
find_program(CLINFO_EXECUTABLE clinfo)

set(_gcnsim_check_clinfo "${CMAKE_CURRENT_LIST_DIR}/CheckClinfo.cmake")
set(_gcnsim_check_config_error "${CMAKE_CURRENT_LIST_DIR}/CheckConfigError.cmake")

# The environment of a test run under gcnsim with `gpus` GPUs, in `out`.
function(_gcnsim_environment out gpus)
  set(libpath "${GCNSIM_LIBRARY_DIR}")
  if(DEFINED ENV{LD_LIBRARY_PATH} AND NOT "$ENV{LD_LIBRARY_PATH}" STREQUAL "")
    string(APPEND libpath ":$ENV{LD_LIBRARY_PATH}")
  endif()
  set(${out}
      "OCL_ICD_VENDORS=${GCNSIM_ROOT}/OpenCL.icd"
      "LD_LIBRARY_PATH=${libpath}"
      "GCNSIM_GPUS=${gpus}"
      "GCNSIM_CACHE_DIR=${CMAKE_BINARY_DIR}/gcnsim-cache"
      PARENT_SCOPE)
endfunction()

# Registers one test with its environment, labels, timeout and folder.
function(_gcnsim_register name env labels timeout workdir)
  add_test(NAME ${name} COMMAND ${ARGN} WORKING_DIRECTORY "${workdir}")
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}" LABELS "${labels}"
                                          TIMEOUT ${timeout})
endfunction()

function(gcnsim_add_opencl_test)
  cmake_parse_arguments(T "NO_POCL" "NAME;TARGET;WORKING_DIRECTORY;TIMEOUT"
                        "ARGS;GCNSIM_ARGS;POCL_ARGS;GPUS;LABELS;GCNSIM_ENVIRONMENT" ${ARGN})
  if(NOT T_NAME OR NOT T_TARGET)
    message(FATAL_ERROR "gcnsim_add_opencl_test: NAME and TARGET are required")
  endif()
  if(NOT T_GPUS)
    set(T_GPUS ${GCNSIM_TEST_GPUS})
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 600)
  endif()
  if(NOT T_WORKING_DIRECTORY)
    set(T_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  foreach(gpus IN LISTS T_GPUS)
    string(REPLACE "{gpus}" "${gpus}" gcnsim_args "${T_GCNSIM_ARGS}")
    _gcnsim_environment(env ${gpus})
    list(APPEND env ${T_GCNSIM_ENVIRONMENT})
    _gcnsim_register(${T_NAME}.gcnsim${gpus} "${env}" "gcnsim;${T_LABELS}" ${T_TIMEOUT}
                     "${T_WORKING_DIRECTORY}"
                     $<TARGET_FILE:${T_TARGET}> ${T_ARGS} ${gcnsim_args})
  endforeach()
  if(NOT T_NO_POCL AND EXISTS "${POCL_ICD}")
    _gcnsim_register(${T_NAME}.pocl "OCL_ICD_VENDORS=${POCL_ICD}" "pocl;${T_LABELS}"
                     ${T_TIMEOUT} "${T_WORKING_DIRECTORY}"
                     $<TARGET_FILE:${T_TARGET}> ${T_ARGS} ${T_POCL_ARGS})
  endif()
endfunction()

function(gcnsim_add_clinfo_test)
  if(NOT CLINFO_EXECUTABLE)
    message(WARNING "clinfo not found: the clinfo tests are not registered")
    return()
  endif()
  foreach(gpus IN LISTS GCNSIM_TEST_GPUS)
    _gcnsim_environment(env ${gpus})
    _gcnsim_register(clinfo.gcnsim${gpus} "${env}" "gcnsim" 300 "${CMAKE_BINARY_DIR}"
                     ${CMAKE_COMMAND} -DCLINFO=${CLINFO_EXECUTABLE} -DEXPECT_DEVICES=${gpus}
                     -P ${_gcnsim_check_clinfo})
  endforeach()
  if(EXISTS "${POCL_ICD}")
    _gcnsim_register(clinfo.pocl "OCL_ICD_VENDORS=${POCL_ICD}" "pocl" 300 "${CMAKE_BINARY_DIR}"
                     ${CMAKE_COMMAND} -DCLINFO=${CLINFO_EXECUTABLE} -P ${_gcnsim_check_clinfo})
  endif()
endfunction()

function(gcnsim_add_config_error_test)
  cmake_parse_arguments(T "" "NAME;VARIABLE;VALUE" "" ${ARGN})
  if(NOT CLINFO_EXECUTABLE)
    return()
  endif()
  _gcnsim_environment(env 1)
  list(FILTER env EXCLUDE REGEX "^${T_VARIABLE}=")
  list(APPEND env "${T_VARIABLE}=${T_VALUE}")
  _gcnsim_register(config.${T_NAME} "${env}" "gcnsim" 60 "${CMAKE_BINARY_DIR}"
                   ${CMAKE_COMMAND} -DCLINFO=${CLINFO_EXECUTABLE} -DVARIABLE=${T_VARIABLE}
                   -DVALUE=${T_VALUE} -P ${_gcnsim_check_config_error})
endfunction()
