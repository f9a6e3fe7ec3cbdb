import 'reflect-metadata';

/** Records each decorated field with the type its metadata names. */
export function field(label?: string) {
  return function (target: object, key: string): void {
    const type = Reflect.getMetadata('design:type', target, key);
    const list: Array<[string, unknown, string]> = Reflect.getMetadata('fields', target.constructor) || [];
    list.push([key, type, label || key]);
    Reflect.defineMetadata('fields', list, target.constructor);
  };
}

/** Counts the calls of the method it decorates. */
export function counted(target: object, key: string, desc: PropertyDescriptor): PropertyDescriptor {
  const original = desc.value as (...a: unknown[]) => unknown;
  return {
    ...desc,
    value: function (this: { calls?: number }, ...args: unknown[]) {
      this.calls = (this.calls || 0) + 1;
      return original.apply(this, args);
    },
  };
}

/** Freezes the accessor's property (not configurable, not enumerable). */
export function hidden(target: object, key: string, desc: PropertyDescriptor): void {
  desc.enumerable = false;
}

/** Adds a `kind` to every instance by returning a subclass. */
export function tagged(kind: string) {
  return function <T extends new (...args: any[]) => object>(base: T): T {
    return class extends base {
      kind = kind;
    };
  };
}

export class Address {
  constructor(public city: string) {}

  @hidden
  get upper(): string {
    return this.city.toUpperCase();
  }

  @counted
  static parse(
    text: string | null,
    flag: boolean | undefined,
    when: Date,
    ...rest: number[]
  ): Address | null {
    return text && text.length > 0 ? new Address(text) : null;
  }
}

@tagged('person')
export class Person {
  @field() name: string;
  @field('years') age: number;
  @field() address?: Address;
  @field() tags: string[] = [];
  static created = 0;
  calls?: number;

  constructor(name: string, age: number) {
    this.name = name;
    this.age = age;
    Person.created += 1;
  }

  @counted
  isAdult(limit: number): boolean {
    return this.age >= limit && this.name !== '';
  }

  @hidden
  get label(): string {
    return `${this.name} (${this.age})`;
  }
}
