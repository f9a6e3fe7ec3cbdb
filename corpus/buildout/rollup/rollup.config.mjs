// lib/index.js bundled into one UMD file
export default {
  input: "lib/index.js",
  output: [{ file: "dist/shipping.js", format: "umd", name: "shipping" }],
};
