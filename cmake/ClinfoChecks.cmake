# ClinfoChecks.cmake — what the clinfo-based check scripts share (included by
# CheckClinfo.cmake and CheckConfigError.cmake, which run with `cmake -P`).

# Sets `out` to the number of devices a `clinfo -l` listing shows.
function(clinfo_count_devices listing out)
  string(REGEX MATCHALL "Device #[0-9]+:" devices "${listing}")
  list(LENGTH devices n)
  set(${out} ${n} PARENT_SCOPE)
endfunction()

# Fails the check named `what` with the list of problems, if there are any;
# else prints that it passed.
function(clinfo_report what problems)
  if(problems)
    string(REPLACE ";" "\n  " text "${problems}")
    message(FATAL_ERROR "${what} FAILED:\n  ${text}")
  endif()
  message("${what} PASSED")
endfunction()
