export default [
  {
    external: ["core"],
    input: "loose/src/index.js",
    output: [
      { file: "loose/dist/loose.js", format: "umd", name: "loose" },
      { file: "loose/dist/loose.mjs", format: "es" }
    ]
  }
]
