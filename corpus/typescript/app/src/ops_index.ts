// `Op` and `Compared` are types: TypeScript elides them from this re-export, which names them
// without `type` (an ES module linked as written would fail to find them).
export { Op, Compared, compare } from "./ops.js";
