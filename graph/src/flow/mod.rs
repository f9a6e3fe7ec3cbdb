//! The object-flow model and its client analyses, language-neutral: allocation sites, the flows
//! of their objects through the nodes of a method (producer / ref-assign / consumer graph), and
//! the analyses of reference-propagation profiling over them. Front ends (the JVM pipeline,
//! JavaScript) build a [`FlowProfile`]; [`analyze`] turns it into a [`Report`] that
//! [`render`] prints as text, JSON or DOT.

pub mod clients;
pub mod estimate;
pub mod flow_model;
pub mod render;

pub use clients::{analyze, CarriedEdge, ClientOptions, Producer, Report};
pub use estimate::{apply_estimates, Estimate, Interval, Sampling};
pub use flow_model::{
    CallArg, CallEffect, FlowGraph, FlowNode, FlowProfile, FlowSite, FlowSiteKind, NodeKind,
    ReturnFlow, Segment, SiteCounts, Tracking,
};
