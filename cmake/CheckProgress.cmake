# CheckProgress.cmake — run with
#   cmake -DAPP=<app> [-DAPP_ARGS=<a;b>] -DOUT=<folder> -P CheckProgress.cmake
# in a gcnsim environment. In each mode (emu, timing) runs the app twice with a
# CSV metrics report, stderr captured (a pipe, not a terminal):
#   - with GCNSIM_PROGRESS=on: stderr must hold, per kernel launch, one plain
#     line `gcnsim: gpu0 <kernel> (<mode>) done: <n>/<n> wg (100%), …`, and no
#     carriage return;
#   - with GCNSIM_PROGRESS unset (auto): stderr must hold no progress line;
# and the two reports must be identical (the display changes nothing simulated).
# Launches are counted from the profiling times the app prints
# (`time: <label> <ns> ns`, one line per launch; `[all …]` lines are sums).

file(MAKE_DIRECTORY "${OUT}")
set(problems "")
foreach(mode IN ITEMS emu timing)
  set(ENV{GCNSIM_MODE} ${mode})
  foreach(progress IN ITEMS on auto)
    set(report "${OUT}/${mode}-${progress}.csv")
    file(REMOVE "${report}")
    set(ENV{GCNSIM_REPORT} "${report}")
    if(progress STREQUAL "on")
      set(ENV{GCNSIM_PROGRESS} on)
    else()
      unset(ENV{GCNSIM_PROGRESS})
    endif()
    execute_process(COMMAND "${APP}" ${APP_ARGS} RESULT_VARIABLE status
                    OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL 0 OR NOT EXISTS "${report}")
      message(FATAL_ERROR "progress check FAILED: ${mode} mode, GCNSIM_PROGRESS=${progress}: "
                          "the app exited with ${status} or wrote no report:\n${out}${err}")
    endif()
    string(REGEX MATCHALL "time: [^\n]* [0-9]+ ns" times "${out}")
    list(FILTER times EXCLUDE REGEX "\\[all ")
    list(LENGTH times launches)
    string(REGEX MATCHALL "gcnsim: gpu[0-9]+ [^\n]*" lines "${err}")
    string(REGEX MATCHALL
           "gcnsim: gpu0 [A-Za-z_0-9]+ \\(${mode}\\) done: [0-9]+/[0-9]+ wg \\(100%\\), [^\n]* s wall"
           done "${err}")
    list(LENGTH done ndone)
    set(run "${mode} mode, GCNSIM_PROGRESS=${progress}")
    if(progress STREQUAL "on")
      if(launches EQUAL 0 OR NOT ndone EQUAL launches)
        list(APPEND problems "${run}: ${launches} launches but ${ndone} `done` lines")
      endif()
      foreach(line IN LISTS done)
        string(REGEX REPLACE ".* done: ([0-9]+)/([0-9]+) wg.*" "\\1 \\2" counts "${line}")
        separate_arguments(counts)
        list(GET counts 0 finished)
        list(GET counts 1 total)
        if(NOT finished EQUAL total)
          list(APPEND problems "${run}: a finished kernel reports ${finished}/${total} wg")
        endif()
      endforeach()
      string(FIND "${err}" "\r" at_cr)
      if(NOT at_cr EQUAL -1)
        list(APPEND problems "${run}: stderr holds a carriage return")
      endif()
    elseif(lines)
      list(APPEND problems "${run}: stderr is not a terminal but shows progress: ${lines}")
    endif()
  endforeach()
  file(READ "${OUT}/${mode}-on.csv" shown)
  file(READ "${OUT}/${mode}-auto.csv" quiet)
  if(NOT shown STREQUAL quiet)
    list(APPEND problems "${mode} mode: the reports with and without progress differ")
  endif()
endforeach()
if(problems)
  string(REPLACE ";" "\n  " text "${problems}")
  message(FATAL_ERROR "progress check FAILED:\n  ${text}\nlast stderr:\n${err}")
endif()
message("progress check passed: ${launches} launches per run, a `done` line each when on, "
        "quiet when not on a terminal, identical reports")
