import { Missing } from "./p.js";
export const id = (x) => x || Missing;
