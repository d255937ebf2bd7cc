# Runs PROGRAM twice and fails unless both runs pass and print the same output
# (simulated times included): the timing model is deterministic.
foreach(run 1 2)
  execute_process(COMMAND ${PROGRAM} RESULT_VARIABLE status OUTPUT_VARIABLE out${run}
                  ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "run ${run} failed (${status}):\n${out${run}}\n${err}")
  endif()
endforeach()
if(NOT out1 STREQUAL out2)
  message(FATAL_ERROR "two runs differ:\n--- first\n${out1}\n--- second\n${out2}")
endif()
message(STATUS "both runs printed:\n${out1}")
