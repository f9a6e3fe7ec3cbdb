import { clamp, Span } from "../src/range";

exports.inRange = (x) => clamp(x, 0, 10);
exports.span = (lo, hi) => new Span(clamp(lo, 0, 10), clamp(hi, 0, 10));
module.exports.label = "helpers";
