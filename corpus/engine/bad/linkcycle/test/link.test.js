import { test } from "node:test";
import { id } from "../src/index.js";
test("links", () => { id(1); });
