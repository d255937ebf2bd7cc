# CheckDeterminism.cmake — run with
#   cmake -DAPP=<app> [-DAPP_ARGS=<a;b>] -DOUT=<folder> [-DTHREADS=<n;n;...>] -P CheckDeterminism.cmake
# in a gcnsim environment. Runs the app once per entry of THREADS (default "1;2"),
# with GCNSIM_THREADS set to that entry, each run writing a CSV metrics report;
# passes when every run succeeds, every report (every counter and simulated time)
# is byte-identical to the first run's, and so are the profiling times the app
# prints (its `time: ` lines) and the results it prints (its `result: ` lines).
# Listing a thread count twice (e.g. "1;2;1;2") also checks that repeated runs
# agree. With -DROWS=<location,what,value;...> every such row must also be in the
# reports, exactly (e.g. a count that follows from the run's set-up).

if(NOT DEFINED THREADS OR "${THREADS}" STREQUAL "")
  set(THREADS 1 2)
endif()
file(MAKE_DIRECTORY "${OUT}")
set(run 0)
foreach(threads IN LISTS THREADS)
  math(EXPR run "${run} + 1")
  set(report "${OUT}/run${run}-threads${threads}.csv")
  file(REMOVE "${report}")
  set(ENV{GCNSIM_THREADS} ${threads})
  set(ENV{GCNSIM_REPORT} "${report}")
  execute_process(COMMAND "${APP}" ${APP_ARGS} RESULT_VARIABLE status
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT EXISTS "${report}")
    message(FATAL_ERROR "determinism check FAILED: run ${run} (GCNSIM_THREADS=${threads}) "
                        "exited with ${status} or wrote no report:\n${out}${err}")
  endif()
  string(REGEX MATCHALL "(time|result): [^\n]*" times "${out}")
  string(REPLACE ";" "\n" times "${times}")
  if(run EQUAL 1)
    set(first_report "${report}")
    set(first_threads ${threads})
    set(first_times "${times}")
    file(READ "${report}" first)
    continue()
  endif()
  file(READ "${report}" this)
  if(NOT this STREQUAL first)
    execute_process(COMMAND diff "${first_report}" "${report}" OUTPUT_VARIABLE diff)
    message(FATAL_ERROR "determinism check FAILED: the report of run ${run} "
                        "(GCNSIM_THREADS=${threads}) differs from run 1's "
                        "(GCNSIM_THREADS=${first_threads}):\n${diff}")
  endif()
  if(NOT times STREQUAL first_times)
    message(FATAL_ERROR "determinism check FAILED: run ${run} (GCNSIM_THREADS=${threads}) "
                        "printed other profiling times or results than run 1 "
                        "(GCNSIM_THREADS=${first_threads}):\nrun 1:\n${first_times}\n"
                        "run ${run}:\n${times}")
  endif()
endforeach()
foreach(row IN LISTS ROWS)
  string(FIND "\n${first}" "\n${row}," at)
  if(at EQUAL -1)
    string(REGEX REPLACE ",[^,]*$" "," prefix "${row}")
    string(REGEX MATCHALL "[^\n]*${prefix}[^\n]*" found "${first}")
    message(FATAL_ERROR "determinism check FAILED: the reports have no row ${row} "
                        "(rows of ${prefix}: ${found})")
  endif()
endforeach()
string(REGEX MATCHALL "\n" lines "${first}")
list(LENGTH lines nlines)
string(REPLACE ";" ", " runs "${THREADS}")
message("determinism check passed: ${run} runs (GCNSIM_THREADS = ${runs}) wrote identical "
        "reports of ${nlines} lines and printed identical profiling times and results")
