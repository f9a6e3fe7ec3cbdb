import { injectable, inject } from './container';
import { Clock } from './clock';
import type { Person } from './model';

@injectable('store')
export class Store {
  items: string[] = [];
  add(item: string): void {
    this.items.push(item);
  }
}

@injectable()
export class Greeter {
  constructor(
    @inject('store') private readonly store: Store,
    public readonly clock: Clock,
  ) {}

  greet(p: Person, formal: boolean): string {
    const tick = this.clock.now();
    const text = formal || p.age > 60 ? `Good day, ${p.name}` : `Hi ${p.name}`;
    this.store.add(text);
    return `${tick}: ${text}`;
  }

  count(): number {
    return this.store.items.length;
  }
}
