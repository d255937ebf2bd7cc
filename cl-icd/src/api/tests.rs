//! Unit tests of the API layer through its entry points.
