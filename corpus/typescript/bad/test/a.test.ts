import { half } from "../src/broken.js";
it("halves", () => { if (half(4) !== 2) throw new Error("no"); });
