class Square {
  constructor(side) {
    this.side = side;
  }
  area() {
    return this.side * this.side;
  }
}
module.exports = { Square, unit: 1, sides: [4], describe: (s) => 'a square of ' + s.side };
