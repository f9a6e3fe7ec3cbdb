//! Turns profiles into suggestions: optimal orders, the Node timing gate, and patches.
