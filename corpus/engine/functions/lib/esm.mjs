// an ES module of the project's: node loads it on the ES-module hooks' thread
export function   pick( a,b ) { return a && b ? a : b; }
