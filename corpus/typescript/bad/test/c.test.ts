import { view } from "../src/view.js";
it("renders", () => { view("x"); });
