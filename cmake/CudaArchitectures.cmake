# The CUDA architectures Filter Lab can build for: its kernels need compute capability 8.0 or newer (cp.async,
# tensor-core mma m16n8k16), and ptxas fails late and obscurely for anything older. fl_check_cuda_architectures
# refuses such a list at configure time with one message that says what to use instead.
#
# Also a script, so that ctest checks the rules without a GPU:
#   cmake -DFL_ARCHS=75,86 [-DFL_NATIVE=75-real] -P cmake/CudaArchitectures.cmake   (commas for semicolons)
set(FL_DEFAULT_CUDA_ARCHS "80;86;89;90")

function(fl_refuse_cuda_arch what)
  message(FATAL_ERROR "CMAKE_CUDA_ARCHITECTURES ${what}: Filter Lab's CUDA kernels need compute capability 8.0 or "
                      "newer (cp.async, tensor-core mma m16n8k16); use 80 or above, e.g. ${FL_DEFAULT_CUDA_ARCHS} "
                      "(a build folder configured before keeps its old value: reconfigure with --fresh)")
endfunction()

# `archs`: CMAKE_CUDA_ARCHITECTURES as given. Before project(): OFF (nvcc's own default, 7.5 for CUDA 13), "all"
# and "all-major" (which take in 5.0 to 7.5) and any number below 80 are refused.
function(fl_check_cuda_architectures archs)
  if(archs STREQUAL "")
    fl_refuse_cuda_arch("is empty")
  elseif(NOT archs)
    fl_refuse_cuda_arch("is ${archs}, which leaves the choice to nvcc (compute capability 7.5 for CUDA 13)")
  endif()
  foreach(a IN LISTS archs)
    if(a MATCHES "^all" OR (a MATCHES "^([0-9]+)" AND CMAKE_MATCH_1 LESS 80))
      fl_refuse_cuda_arch("has ${a}")
    endif()
  endforeach()
endfunction()

# After project(): "native" resolves to this machine's GPUs (`native_archs`, CMake's
# CMAKE_CUDA_ARCHITECTURES_NATIVE, e.g. "75-real"); one older than 8.0 is refused like a number below 80. With no GPU
# CMake finds none and stops on its own ("no GPU was detected").
function(fl_check_native_cuda_architectures archs native_archs)
  if(NOT archs STREQUAL "native")
    return()
  endif()
  foreach(a IN LISTS native_archs)
    if(a MATCHES "^([0-9]+)" AND CMAKE_MATCH_1 LESS 80)
      string(CONCAT why "is native, and this machine's GPU is ${a}: build for the usual list instead, and the app "
                        "runs on its CPU backend here")
      fl_refuse_cuda_arch("${why}")
    endif()
  endforeach()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  string(REPLACE "," ";" _archs "${FL_ARCHS}")
  string(REPLACE "," ";" _native "${FL_NATIVE}")
  fl_check_cuda_architectures("${_archs}")
  fl_check_native_cuda_architectures("${_archs}" "${_native}")
  message(STATUS "CUDA architectures ${_archs} accepted")
endif()
