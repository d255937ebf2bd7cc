# GcnsimOutputs.cmake — CTest checks of what gcnsim writes for the user
# (include after Gcnsim.cmake).
#
# Provides:
#   gcnsim_add_output_tests(TARGET <app> [ARGS <arg>...])
#     Adds (label "gcnsim", one GPU):
#     outputs.report: <app> ARGS with GCNSIM_REPORT and GCNSIM_TRACE set; both
#       files must be valid JSON and each launch's end - start in the report must
#       equal the profiling time the app prints (cmake/CheckReport.cmake);
#     outputs.determinism: <app> ARGS with GCNSIM_THREADS=1 and 2 must write
#       identical metrics reports (cmake/CheckDeterminism.cmake);
#     outputs.progress: <app> ARGS in emu and timing mode with GCNSIM_PROGRESS=on
#       must print a `done` line per launch, unset (stderr not a terminal) no
#       progress, and the same metrics report either way (cmake/CheckProgress.cmake).
include_guard(GLOBAL)

set(_gcnsim_outputs_dir "${CMAKE_CURRENT_LIST_DIR}")

function(gcnsim_add_output_tests)
  cmake_parse_arguments(T "" "TARGET" "ARGS" ${ARGN})
  _gcnsim_environment(env 1)
  string(REPLACE ";" "\\;" app_args "${T_ARGS}")
  foreach(check IN ITEMS report determinism progress)
    if(check STREQUAL "report")
      set(script "${_gcnsim_outputs_dir}/CheckReport.cmake")
    elseif(check STREQUAL "determinism")
      set(script "${_gcnsim_outputs_dir}/CheckDeterminism.cmake")
    else()
      set(script "${_gcnsim_outputs_dir}/CheckProgress.cmake")
    endif()
    _gcnsim_register(outputs.${check} "${env}" "gcnsim" 300 "${CMAKE_BINARY_DIR}"
                     ${CMAKE_COMMAND} -DAPP=$<TARGET_FILE:${T_TARGET}> "-DAPP_ARGS=${app_args}"
                     -DOUT=${CMAKE_BINARY_DIR}/outputs/${check} -P ${script})
  endforeach()
endfunction()
