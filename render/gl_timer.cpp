#include "render/gl_timer.hpp"

namespace fl::render {

bool GlTimer::Begin() {
  Poll();
  if (pending_) return false;
  if (!query_) query_ = GlQuery::Create();
  // GL 3.3 core has timer queries, and this program runs no other time-elapsed query: Begin cannot be refused
  // (glGetError is left to the caller's CheckGl, which would report it).
  glBeginQuery(GL_TIME_ELAPSED, query_.get());
  begun_ = std::chrono::steady_clock::now();
  return true;
}

void GlTimer::End() {
  glEndQuery(GL_TIME_ELAPSED);
  pending_ = true;
}

double GlTimer::Poll() {
  if (!pending_) return last_ms_;
  GLint available = GL_FALSE;
  glGetQueryObjectiv(query_.get(), GL_QUERY_RESULT_AVAILABLE, &available);
  if (available != GL_TRUE) return last_ms_;
  GLuint64 ns = 0;
  glGetQueryObjectui64v(query_.get(), GL_QUERY_RESULT, &ns);
  pending_ = false;
  const double ms = static_cast<double>(ns) * 1e-6;
  // The GPU cannot have spent longer on the interval than has passed since it began (1 ms for the two
  // clocks).
  const double wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begun_).count();
  if (ms <= wall_ms + 1.0) last_ms_ = ms;
  return last_ms_;
}

}  // namespace fl::render
