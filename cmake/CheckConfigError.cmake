# CheckConfigError.cmake — run with
#   cmake -DCLINFO=<clinfo> -DVARIABLE=<name> -DVALUE=<value> -P CheckConfigError.cmake
# in an environment where <name>=<value> is a bad gcnsim setting. Passes when
# `clinfo -l` lists no device and the output names both the variable and the
# value (gcnsim's contract: one clear error, and the platform has no devices).

include("${CMAKE_CURRENT_LIST_DIR}/ClinfoChecks.cmake")

execute_process(COMMAND "${CLINFO}" -l OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
set(problems "")
clinfo_count_devices("${out}" ndevices)
if(NOT ndevices EQUAL 0)
  list(APPEND problems "clinfo -l lists ${ndevices} devices, expected none")
endif()
string(FIND "${out}${err}" "${VARIABLE}" at_name)
string(FIND "${out}${err}" "${VALUE}" at_value)
if(at_name EQUAL -1 OR at_value EQUAL -1)
  list(APPEND problems "no message naming ${VARIABLE} and its value '${VALUE}'")
endif()
clinfo_report("config error check (${VARIABLE}=${VALUE})" "${problems}")
