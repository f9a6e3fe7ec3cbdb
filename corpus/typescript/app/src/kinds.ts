// An enum needs a real transform: this file runs transformed and is not profiled.
export enum Kind {
  Common = "common",
  Rare = "rare",
}
