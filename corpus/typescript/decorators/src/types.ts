import { Person } from './model';

/** Something that tells the time; a type only. */
export default interface Clockish {
  now(): number;
  owner?: Person;
}
