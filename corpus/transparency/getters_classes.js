// Classes, getters/setters, static members, inheritance, super, private fields.
class Shape {
  #id;
  static count = 0;
  constructor(name) {
    this.#id = ++Shape.count;
    this.name = name;
    this._area = null;
  }
  get id() { return this.#id; }
  get area() {
    if (this._area === null || this._area === undefined) this._area = this.computeArea();
    return this._area;
  }
  set label(v) { this.name = v && v.length > 0 ? v : "unnamed"; }
  computeArea() { return 0; }
  isBig() { return this.area > 10 && this.name !== "tiny"; }
  describe() { return `${this.name}#${this.id}:${this.area}`; }
}
class Rect extends Shape {
  constructor(w, h) {
    super("rect");
    this.w = w;
    this.h = h;
  }
  computeArea() { return this.w * this.h; }
  isBig() { return super.isBig() || this.w > 8 && this.h > 0; }
}
class Circle extends Shape {
  constructor(r) { super("circle"); this.r = r; }
  computeArea() { return Math.round(Math.PI * this.r * this.r); }
  static unit() { return new Circle(1); }
}
const shapes = [new Rect(2, 3), new Rect(9, 1), new Circle(2), Circle.unit(), new Rect(5, 5)];
for (const s of shapes) {
  console.log(s.describe(), s.isBig(), s instanceof Rect && s.w > 4);
}
shapes[0].label = "";
shapes[1].label = "wide";
console.log(shapes.map((s) => s.name).join(","), Shape.count);
const acc = {
  _v: 1,
  get v() { return this._v; },
  set v(x) { this._v = x > 0 && x < 100 ? x : -1; },
};
acc.v = 50;
console.log(acc.v);
acc.v = 500;
console.log(acc.v);
const big = shapes.filter((s) => s.isBig() && !(s instanceof Circle) || s.id === 4);
console.log(big.map((s) => s.id).join(" "));
