# embed_files(target NAMESPACE ns FILES a.glsl b.glsl): compiles each file into the binary as a
# std::string_view named after the file (a_glsl), declared in <target>_embedded.hpp.
function(embed_files target)
  cmake_parse_arguments(E "" "NAMESPACE" "FILES" ${ARGN})
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/embedded)
  set(header ${out_dir}/${target}_embedded.hpp)
  set(source ${out_dir}/${target}_embedded.cpp)
  # A ';' list would split into separate arguments on the command line (only the first file would reach the
  # script): pass it joined by '|', which no path here contains, and split it again in the script.
  string(REPLACE ";" "|" files_arg "${E_FILES}")
  add_custom_command(
    OUTPUT ${header} ${source}
    COMMAND ${CMAKE_COMMAND} -DOUT_HEADER=${header} -DOUT_SOURCE=${source} -DNAMESPACE=${E_NAMESPACE}
            "-DFILES=${files_arg}" -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    DEPENDS ${E_FILES} ${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake
    COMMENT "Embedding ${target} files"
    VERBATIM)
  add_library(${target} STATIC ${source})
  target_include_directories(${target} PUBLIC ${out_dir})
endfunction()
