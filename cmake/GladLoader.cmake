# The GL loader is generated at build time by Debian's glad (python3-glad); nothing generated is committed.
# --reproducible makes glad use the specification it ships instead of fetching one.
set(GLAD_OUT ${CMAKE_BINARY_DIR}/glad)
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  message(FATAL_ERROR "glad not found: install Debian's python3-glad")
endif()
add_custom_command(
  OUTPUT ${GLAD_OUT}/src/gl.c ${GLAD_OUT}/include/glad/gl.h
  COMMAND ${GLAD_EXECUTABLE} --api gl:core=3.3 --out-path ${GLAD_OUT} --reproducible --quiet c
  COMMENT "Generating the OpenGL 3.3 core loader with glad"
  VERBATIM)
add_library(glad_gl STATIC ${GLAD_OUT}/src/gl.c)
target_include_directories(glad_gl PUBLIC ${GLAD_OUT}/include)
set_target_properties(glad_gl PROPERTIES POSITION_INDEPENDENT_CODE ON)
