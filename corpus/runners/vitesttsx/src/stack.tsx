export interface Sized {
  size: number;
}

export class Stack<T extends Sized> {
  private items: T[] = [];

  push(item: T): this {
    this.items.push(item);
    return this;
  }

  heavy(limit: number): T[] {
    return this.items.filter((i) => i.size > limit && i.size % 2 === 0);
  }
}
