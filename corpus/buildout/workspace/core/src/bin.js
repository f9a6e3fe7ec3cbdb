import { kind } from "core";
console.log(kind(process.argv[2] || "a"));
