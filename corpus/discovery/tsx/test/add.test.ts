import { test } from "node:test";
import { add } from "../src/add.js";
test("adds", () => { if (add(1, 2) !== 3) throw new Error("no"); });
