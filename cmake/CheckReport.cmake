# CheckReport.cmake — run with
#   cmake -DAPP=<app> [-DAPP_ARGS=<a;b>] -DOUT=<folder> -P CheckReport.cmake
# in a gcnsim environment. Runs the app with GCNSIM_REPORT (JSON) and
# GCNSIM_TRACE set; passes when the app succeeds, both files are valid JSON, the
# trace has complete events of kernels and work-groups, and the report's
# end - start of each kernel launch equals the profiling time the app printed
# for it (`time: <label> <ns> ns`, one line per launch, in launch order).

set(report "${OUT}/report.json")
set(trace "${OUT}/trace.json")
set(outputs "GCNSIM_REPORT=${report}" "GCNSIM_TRACE=${trace}")
include("${CMAKE_CURRENT_LIST_DIR}/RunWithOutputs.cmake")

# The JSON must parse (CMake's parser; errors are fatal with their position).
file(READ "${report}" report_text)
file(READ "${trace}" trace_text)
string(JSON rows ERROR_VARIABLE report_error LENGTH "${report_text}")
string(JSON events ERROR_VARIABLE trace_error LENGTH "${trace_text}" traceEvents)
if(report_error OR trace_error)
  message(FATAL_ERROR "report check FAILED: invalid JSON: ${report_error} ${trace_error}")
endif()

# Launch durations from the report, in launch order (rows come launch by launch).
set(starts "")
set(ends "")
math(EXPR last "${rows} - 1")
foreach(i RANGE ${last})
  string(JSON location GET "${report_text}" ${i} location)
  string(JSON what GET "${report_text}" ${i} what)
  string(JSON value GET "${report_text}" ${i} value)
  if(location MATCHES "^gpu0\\.launch[0-9]+\\.")
    if(what STREQUAL "start")
      list(APPEND starts ${value})
    elseif(what STREQUAL "end")
      list(APPEND ends ${value})
    endif()
  endif()
endforeach()

# Profiling times the app printed, one per launch; lines about several launches
# ("[all blocks]") are sums and skipped.
string(REGEX MATCHALL "time: [^\n]* [0-9]+ ns" lines "${out}")
set(printed "")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "\\[all ")
    string(REGEX REPLACE ".* ([0-9]+) ns$" "\\1" ns "${line}")
    list(APPEND printed ${ns})
  endif()
endforeach()

list(LENGTH starts nstarts)
list(LENGTH printed nprinted)
if(nstarts EQUAL 0 OR NOT nstarts EQUAL nprinted)
  list(APPEND problems "${nstarts} launches in the report, ${nprinted} times printed")
else()
  math(EXPR last "${nstarts} - 1")
  foreach(i RANGE ${last})
    list(GET starts ${i} start)
    list(GET ends ${i} end)
    list(GET printed ${i} ns)
    math(EXPR duration "${end} - ${start}")
    if(NOT duration EQUAL ns)
      list(APPEND problems "launch ${i}: report says ${duration} ns, the app printed ${ns} ns")
    endif()
  endforeach()
endif()

foreach(category IN ITEMS kernel work-group)
  string(FIND "${trace_text}" "\"ph\": \"X\", \"name\"" at_complete)
  string(FIND "${trace_text}" "\"cat\": \"${category}\"" at)
  if(at EQUAL -1 OR at_complete EQUAL -1)
    list(APPEND problems "the trace has no complete event of category ${category}")
  endif()
endforeach()

fail_on_problems()
message("report check passed: ${rows} rows, ${events} trace events, ${nstarts} launches")
