export type Pair = [number, number];
