export default [
  {
    input: "core/src/index.js",
    output: [
      { file: "core/dist/core.js", format: "umd", name: "core" },
      { file: "core/dist/core.mjs", format: "es" }
    ]
  },
  {
    external: ["core"],
    input: "core/src/bin.js",
    output: { file: "core/dist/bin.js", format: "cjs" }
  }
]
