'use strict';
// Meeting scheduler. Planted decisionprof project: every `&&`/`||` in this file is listed in
// ../expect.json as an opportunity (with the expected order) or a decoy.
const {
  isHoliday, isWeekend, hasCapacity, bookedMinutes, hasTimeFor, isOnLeave, hasSkill, preferredRoom,
} = require('./calendar');

/** True if a meeting can go into `room` on `day`: rooms open on weekdays, and on holidays for events. */
function canBook(room, day) {
  // Nested mixed tree `(a || b) && c`: the holiday scan (costly, rarely true) should follow the weekend
  // test (cheap), and the capacity test (cheap, usually false) should decide first.
  if ((isHoliday(day) || !isWeekend(day)) && hasCapacity(room)) return true;
  return false;
}

/** True if `person` can attend a meeting of `minutes` on `day` that needs `skill`. */
function canAttend(person, day, minutes, skill) {
  // Value context with boolean leaves: reordering keeps the value, so this is an opportunity too.
  // The leave flag (cheap, usually set) should decide first, then the agenda (false for 40%), then the
  // skill scan (false for 5% only).
  const ok = hasSkill(person, skill) && hasTimeFor(person, day, minutes) && !isOnLeave(person);
  return ok;
}

/** True if a person must be asked again: not reachable, or both of two slow checks say so. */
function needsFollowUp(person, day) {
  // Nested `a || (b && c)` already in its best order: the cheap, usually true test is first.
  return isOnLeave(person) || (bookedMinutes(person, day) > 400 && isHoliday(day));
}

/** Where a person meets: their own room if they have one, else the first free room's name. */
function roomFor(person, rooms) {
  // Value context with string leaves: a decoy (reordering would change the value).
  const name = preferredRoom(person, rooms) || rooms[0].name;
  return name;
}

/** The days in [from, to) on which `room` can be booked. */
function freeDays(room, from, to) {
  const out = [];
  for (let d = from; d < to; d++) {
    if (canBook(room, d)) out.push(d);
  }
  return out;
}

/** The people of `team` who can attend on `day`. */
function attendees(team, day, minutes, skill) {
  return team.filter((p) => canAttend(p, day, minutes, skill));
}

module.exports = { canBook, canAttend, needsFollowUp, roomFor, freeDays, attendees };
