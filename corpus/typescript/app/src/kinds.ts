// Enums and parameter properties need more than blanking types: the file is lowered around them
// and its decisions keep their places.
export enum Kind {
  Common = "common",
  Rare = "rare",
}

export enum Level {
  Low,
  Mid = Low + 5,
  High,
}

export class Limits {
  constructor(
    public readonly low: number,
    private high = 100,
  ) {}

  within(n: number): boolean {
    return n >= this.low && n <= this.high;
  }
}
