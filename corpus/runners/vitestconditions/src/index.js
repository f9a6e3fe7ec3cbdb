export const where = "source";

export function grade(score) {
  return score >= 90 && score <= 100 ? "A" : "below A";
}
