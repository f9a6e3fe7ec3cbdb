function within(value, target, tolerance) {
  if (typeof value !== 'number' || Number.isNaN(value)) return false;
  return value >= target - tolerance && value <= target + tolerance;
}

module.exports = { within };
