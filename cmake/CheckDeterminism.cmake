# CheckDeterminism.cmake — run with
#   cmake -DAPP=<app> [-DAPP_ARGS=<a;b>] -DOUT=<folder> -P CheckDeterminism.cmake
# in a gcnsim environment. Runs the app with GCNSIM_THREADS=1 and then 2, each
# writing a CSV metrics report; passes when both runs succeed and the reports
# (every counter and simulated time) are identical.

file(MAKE_DIRECTORY "${OUT}")
foreach(threads IN ITEMS 1 2)
  set(report "${OUT}/threads${threads}.csv")
  file(REMOVE "${report}")
  set(ENV{GCNSIM_THREADS} ${threads})
  set(ENV{GCNSIM_REPORT} "${report}")
  execute_process(COMMAND "${APP}" ${APP_ARGS} RESULT_VARIABLE status
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT EXISTS "${report}")
    message(FATAL_ERROR "determinism check FAILED: with GCNSIM_THREADS=${threads} the app "
                        "exited with ${status} or wrote no report:\n${out}${err}")
  endif()
endforeach()
file(READ "${OUT}/threads1.csv" one)
file(READ "${OUT}/threads2.csv" two)
if(NOT one STREQUAL two)
  execute_process(COMMAND diff "${OUT}/threads1.csv" "${OUT}/threads2.csv" OUTPUT_VARIABLE diff)
  message(FATAL_ERROR "determinism check FAILED: the reports differ:\n${diff}")
endif()
string(REGEX MATCHALL "\n" lines "${one}")
list(LENGTH lines nlines)
message("determinism check passed: ${nlines} identical lines with 1 and 2 threads")
