'use strict';
// Calendar facts used by the scheduler. No logical operators or switches here: every decision of the
// project is in scheduler.js and listed in ../expect.json.

/** A public-holiday table: 300 day numbers spread over the years (scanned linearly, on purpose). */
const HOLIDAYS = [];
for (let i = 0; i < 300; i++) HOLIDAYS.push(7 * i + 3 + (i % 5));

/** True if `day` is a public holiday (costly: a scan of the whole table; rarely true). */
function isHoliday(day) {
  let hit = false;
  for (let i = 0; i < HOLIDAYS.length; i++) {
    if (HOLIDAYS[i] === day) hit = true;
  }
  return hit;
}

/** True if `day` falls on a weekend (cheap; day 0 is a Monday). */
function isWeekend(day) {
  return day % 7 >= 5;
}

/** True if the room still has a free seat (cheap; the workload's rooms are mostly full). */
function hasCapacity(room) {
  return room.booked < room.seats;
}

/** Total minutes the person is already booked for on `day` (costly: scans the whole agenda). */
function bookedMinutes(person, day) {
  let total = 0;
  for (let i = 0; i < person.agenda.length; i++) {
    const slot = person.agenda[i];
    if (slot.day === day) total += slot.minutes;
  }
  return total;
}

/** True if the person's agenda leaves room for `minutes` more on `day` (costly, usually true). */
function hasTimeFor(person, day, minutes) {
  return bookedMinutes(person, day) + minutes <= 480;
}

/** True if the person is on leave (cheap; true for most of the workload's people). */
function isOnLeave(person) {
  return person.leave;
}

/** True if the person has the skill (costly: scans a long skill list; usually true). */
function hasSkill(person, skill) {
  let found = false;
  for (let i = 0; i < person.skills.length; i++) {
    if (person.skills[i] === skill) found = true;
  }
  return found;
}

/** The person's preferred room name, '' if none (costly scan; usually ''). */
function preferredRoom(person, rooms) {
  for (let i = 0; i < rooms.length; i++) {
    if (rooms[i].owner === person.name) return rooms[i].name;
  }
  return '';
}

module.exports = {
  HOLIDAYS, isHoliday, isWeekend, hasCapacity, bookedMinutes, hasTimeFor, isOnLeave, hasSkill,
  preferredRoom,
};
