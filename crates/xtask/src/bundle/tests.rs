//! The bundler end to end.
