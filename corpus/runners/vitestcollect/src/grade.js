export function grade(score) {
  if (score >= 90 && score <= 100) return 'A';
  if (score >= 75 || score === -1) return 'B';
  return 'C';
}
