import { twice } from "../src/ok.js";
it("doubles", () => { if (twice(4) !== 8) throw new Error("no"); });
