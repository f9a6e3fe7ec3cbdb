import { singleton } from './container';

@singleton()
export class Clock {
  private t = 0;
  now(): number {
    this.t += 1;
    return this.t;
  }
}
