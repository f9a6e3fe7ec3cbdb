//! The shared graph core and the JVM object-flow pipeline of decisionprof.
