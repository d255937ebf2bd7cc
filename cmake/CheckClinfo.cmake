# CheckClinfo.cmake — run with `cmake -DCLINFO=<clinfo> [-DEXPECT_DEVICES=<n>] -P`.
# Runs clinfo in the current environment and fails when it exits non-zero,
# prints an error or a warning (on stdout or stderr), does not see exactly one
# platform, or (with EXPECT_DEVICES) does not list exactly that many devices.

include("${CMAKE_CURRENT_LIST_DIR}/ClinfoChecks.cmake")

execute_process(COMMAND "${CLINFO}" RESULT_VARIABLE status OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
execute_process(COMMAND "${CLINFO}" -l RESULT_VARIABLE list_status OUTPUT_VARIABLE list
                ERROR_VARIABLE list_err)
message("${out}${err}")
message("${list}${list_err}")

set(problems "")
if(NOT status EQUAL 0 OR NOT list_status EQUAL 0)
  list(APPEND problems "clinfo exited with ${status} / ${list_status}")
endif()

# clinfo reports failed queries as "<...: error N>" or "<error: ...>"; the
# property "Error Correction support" is not an error.
string(REPLACE ";" "," all "${out}\n${err}\n${list}\n${list_err}")
string(REPLACE "\n" ";" lines "${all}")
foreach(line IN LISTS lines)
  string(TOLOWER "${line}" lower)
  string(REPLACE "error correction support" "" lower "${lower}")
  if(lower MATCHES "error|warning|panic")
    list(APPEND problems "clinfo printed: ${line}")
  endif()
endforeach()

string(REGEX MATCHALL "Platform #[0-9]+:" platforms "${list}")
list(LENGTH platforms nplatforms)
if(NOT nplatforms EQUAL 1)
  list(APPEND problems "clinfo -l lists ${nplatforms} platforms, expected 1")
endif()
clinfo_count_devices("${list}" ndevices)
if(DEFINED EXPECT_DEVICES AND NOT ndevices EQUAL EXPECT_DEVICES)
  list(APPEND problems "clinfo -l lists ${ndevices} devices, expected ${EXPECT_DEVICES}")
endif()

clinfo_report("clinfo check (${nplatforms} platform, ${ndevices} devices)" "${problems}")
