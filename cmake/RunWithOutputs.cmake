# RunWithOutputs.cmake — included by the report checks (CheckReport.cmake,
# CheckReportHas.cmake). Before including, set `outputs` to a list of
# VARIABLE=file pairs (e.g. GCNSIM_REPORT=<OUT>/report.json). Runs APP with
# APP_ARGS and those variables set (the files removed first), prints its output
# (kept in `out`), and fails the check when the app fails or a file is missing.
# Defines fail_on_problems(): fails the check listing `problems`, if any.

macro(fail_on_problems)
  if(problems)
    string(REPLACE ";" "\n  " problems_text "${problems}")
    message(FATAL_ERROR "report check FAILED:\n  ${problems_text}")
  endif()
endmacro()

file(MAKE_DIRECTORY "${OUT}")
set(output_files "")
foreach(pair IN LISTS outputs)
  string(REGEX MATCH "^([^=]+)=(.*)$" _ "${pair}")
  file(REMOVE "${CMAKE_MATCH_2}")
  set(ENV{${CMAKE_MATCH_1}} "${CMAKE_MATCH_2}")
  list(APPEND output_files "${CMAKE_MATCH_2}")
endforeach()
execute_process(COMMAND "${APP}" ${APP_ARGS} RESULT_VARIABLE status
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
set(problems "")
if(NOT status EQUAL 0)
  list(APPEND problems "the app exited with ${status}")
endif()
foreach(file IN LISTS output_files)
  if(NOT EXISTS "${file}")
    list(APPEND problems "${file} was not written")
  endif()
endforeach()
fail_on_problems()
