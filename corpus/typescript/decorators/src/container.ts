import 'reflect-metadata';

type Ctor<T = unknown> = new (...args: any[]) => T;

const tokens = new Map<unknown, Map<number, string>>();
const registry = new Map<string, Ctor>();
const singletons = new Map<Ctor, unknown>();

/** Marks a class the container may build; its constructor's parameter types come from metadata. */
export function injectable(name?: string) {
  return function (target: Ctor): void {
    registry.set(name ?? target.name, target);
  };
}

/** A class built once and shared. */
export function singleton() {
  return function (target: Ctor): void {
    registry.set(target.name, target);
    singletons.set(target, undefined);
  };
}

/** Names the registered class a constructor parameter gets. */
export function inject(token: string) {
  return function (target: object, key: string | symbol | undefined, index: number): void {
    const own = tokens.get(target) ?? new Map<number, string>();
    own.set(index, token);
    tokens.set(target, own);
  };
}

/** Builds `target`, its parameters resolved by token or by their declared class. */
export function resolve<T>(target: Ctor<T>): T {
  if (singletons.has(target) && singletons.get(target) !== undefined) {
    return singletons.get(target) as T;
  }
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', target) || [];
  const named = tokens.get(target);
  const args = types.map((t, i) => {
    const token = named?.get(i);
    if (token !== undefined) {
      const c = registry.get(token);
      if (!c) throw new Error(`nothing registered as ${token}`);
      return resolve(c);
    }
    if (typeof t === 'function' && t !== Object && t !== String && t !== Number) {
      return resolve(t as Ctor);
    }
    throw new Error(`cannot resolve parameter ${i} of ${target.name}`);
  });
  const made = new target(...args);
  if (singletons.has(target)) singletons.set(target, made);
  return made;
}
