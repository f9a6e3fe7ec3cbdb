import "./index.js";
export const p = 1;
