import 'reflect-metadata';
import { resolve } from '../src/container';
import { Clock, Clockish } from '../src/index';
import * as api from '../src/index';
import { Greeter } from '../src/service';
import { Address, Person } from '../src/model';

describe('class and parameter decorators', () => {
  it('builds a class from its constructor metadata and an injected token', () => {
    const g = resolve(Greeter);
    const people = [new Person('Ann', 70), new Person('Bob', 20), new Person('Cy', 61)];
    const said = people.map((p, i) => g.greet(p, i === 1));
    expect(said).toEqual(['1: Good day, Ann', '2: Good day, Bob', '3: Good day, Cy']);
    expect(g.count()).toBe(3);
    expect(resolve(Greeter).clock).toBe(g.clock);
    expect(resolve(Clock)).toBe(g.clock);
    const c: Clockish = g.clock;
    expect(c.now()).toBe(4);
    // an interface re-exported as a value is nothing at run time, as under ts-jest
    expect((api as Record<string, unknown>).Clockish).toBeUndefined();
    expect(api.resolve).toBe(resolve);
  });

  it('records the constructor parameter types', () => {
    const types = Reflect.getMetadata('design:paramtypes', Greeter);
    expect(types.map((t: { name: string }) => t.name)).toEqual(['Store', 'Clock']);
  });
});

describe('member decorators', () => {
  it('sees each field with its declared type', () => {
    const fields = Reflect.getMetadata('fields', Person) as Array<[string, { name: string }, string]>;
    expect(fields.map(([k, t, l]) => `${k}:${t.name}:${l}`)).toEqual([
      'name:String:name',
      'age:Number:years',
      'address:Address:address',
      'tags:Array:tags',
    ]);
  });

  it('replaces a method and keeps its metadata', () => {
    const p = new Person('Dee', 30);
    for (let i = 0; i < 5; i++) p.isAdult(18 + i * 5);
    expect(p.calls).toBe(5);
    expect(p.isAdult(40)).toBe(false);
    expect(Reflect.getMetadata('design:returntype', Person.prototype, 'isAdult')).toBe(Boolean);
    expect(Reflect.getMetadata('design:paramtypes', Person.prototype, 'isAdult')).toEqual([Number]);
  });

  it('changes an accessor descriptor', () => {
    const d = Object.getOwnPropertyDescriptor(Address.prototype, 'upper');
    expect(d && d.enumerable).toBe(false);
    expect(new Address('Rome').upper).toBe('ROME');
    // the class @tagged replaced inherits the accessor from the one it extends
    expect(Object.getOwnPropertyDescriptor(Person.prototype, 'label')).toBeUndefined();
    expect(new Person('Eve', 5).label).toBe('Eve (5)');
  });

  it('decorates a static method with the types tsc records', () => {
    expect(Address.parse('Pisa', true, new Date(0))?.city).toBe('Pisa');
    expect(Address.parse('', false, new Date(0), 1, 2)).toBeNull();
    expect((Address as unknown as { calls: number }).calls).toBe(2);
    const types = Reflect.getMetadata('design:paramtypes', Address, 'parse');
    expect(types).toEqual([Object, Object, Date, Number]);
    expect(Reflect.getMetadata('design:returntype', Address, 'parse')).toBe(Object);
    expect(Reflect.getMetadata('design:type', Address, 'parse')).toBe(Function);
  });

  it('rebinds a class its decorator replaced', () => {
    const p = new Person('Fay', 44) as Person & { kind: string };
    expect(p.kind).toBe('person');
    expect(p).toBeInstanceOf(Person);
    expect(new Address('Oslo').city).toBe('Oslo');
  });
});

describe('class fields as tsconfig.json targets them (es2019: no define semantics)', () => {
  class Base {
    id = 7;
    kind?: string;
  }
  class Sub extends Base {
    id!: number;
    kind?: string;
  }

  it('keeps what the base class set for a field redeclared without a value', () => {
    const s = new Sub();
    expect(s.id).toBe(7);
    expect(Object.keys(s)).toEqual(['id']);
  });
});
