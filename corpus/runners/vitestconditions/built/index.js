// stands for build output that is stale: the tests must not run it
export const where = "built";

export function grade() {
  return "stale";
}
