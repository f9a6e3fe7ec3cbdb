// A module of types only: once they are stripped nothing of it is left.
export interface Shape {
  kind: string;
}
export type Shapes = Shape[];
