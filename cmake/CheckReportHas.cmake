# CheckReportHas.cmake — run with
#   cmake -DAPP=<app> [-DAPP_ARGS=<a;b>] -DOUT=<folder> -DEXPECT=<what;...> -P CheckReportHas.cmake
# in a gcnsim environment. Runs the app with a CSV metrics report (GCNSIM_REPORT);
# passes when the app succeeds and every measure named in EXPECT appears in the
# report with a positive value in some row.

set(report "${OUT}/report.csv")
set(outputs "GCNSIM_REPORT=${report}")
include("${CMAKE_CURRENT_LIST_DIR}/RunWithOutputs.cmake")
file(READ "${report}" text)
foreach(what IN LISTS EXPECT)
  # Rows: location,what,value,unit; a positive value starts with 1-9 or is 0.x.
  if(NOT text MATCHES "\n[^,\n]*,${what},(0\\.[0-9]*[1-9]|[1-9])")
    list(APPEND problems "the report has no positive ${what}")
  endif()
endforeach()
fail_on_problems()
message("report check passed: ${EXPECT}")
