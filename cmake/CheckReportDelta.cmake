# CheckReportDelta.cmake — run with
#   cmake -DAPP=<app> -DARGS_A=<a;b> -DARGS_B=<a;b> -DOUT=<folder>
#         -DROWS=<location,what,delta;...> -P CheckReportDelta.cmake
# in a gcnsim environment. Runs the app twice with a CSV metrics report
# (GCNSIM_REPORT), with ARGS_A and with ARGS_B; passes when both runs succeed and
# every row named in ROWS has, in the second report, exactly `delta` more than in
# the first (for what one run does beyond the other, e.g. one more kernel).

function(report_values args file result)
  set(APP_ARGS ${args})
  set(outputs "GCNSIM_REPORT=${file}")
  include("${CMAKE_CURRENT_LIST_DIR}/RunWithOutputs.cmake")
  file(STRINGS "${file}" lines)
  set(${result} "${lines}" PARENT_SCOPE)
endfunction()

function(value_of lines location what result)
  set(found "")
  foreach(line IN LISTS lines)
    string(FIND "${line}" "${location},${what}," at)
    if(at EQUAL 0)
      string(REPLACE "," ";" fields "${line}")
      list(GET fields 2 found)
    endif()
  endforeach()
  set(${result} "${found}" PARENT_SCOPE)
endfunction()

report_values("${ARGS_A}" "${OUT}/a.csv" lines_a)
report_values("${ARGS_B}" "${OUT}/b.csv" lines_b)
set(problems "")
foreach(row IN LISTS ROWS)
  string(REPLACE "," ";" parts "${row}")
  list(GET parts 0 location)
  list(GET parts 1 what)
  list(GET parts 2 delta)
  value_of("${lines_a}" "${location}" "${what}" a)
  value_of("${lines_b}" "${location}" "${what}" b)
  if(a STREQUAL "" OR b STREQUAL "")
    list(APPEND problems "${location},${what}: missing (first run '${a}', second '${b}')")
  else()
    math(EXPR got "${b} - ${a}")
    if(NOT got EQUAL delta)
      list(APPEND problems "${location},${what}: ${a} then ${b}, a difference of ${got}, expected ${delta}")
    endif()
  endif()
endforeach()
fail_on_problems()
message("report delta check passed: ${ROWS}")
