'use strict';
// Workload (mocha style) for the scheduler.
const assert = require('assert');
const sched = require('../lib/scheduler');
const cal = require('../lib/calendar');

/** A generator of integers in [0, n) from `seed` (Park–Miller). */
function rng(seed) {
  let s = seed;
  return (n) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

/** 40 rooms, 85% of them full; every 8th has an owner. */
function makeRooms(seed) {
  const next = rng(seed);
  const rooms = [];
  for (let i = 0; i < 40; i++) {
    rooms.push({ name: 'room-' + i, seats: 10, booked: next(100) < 85 ? 10 : next(10), owner: i % 8 === 0 ? 'p' + i : '' });
  }
  return rooms;
}

/** `n` people: 80% on leave, 95% with the skill among 60, agendas of 100 slots over 20 days. */
function makeTeam(seed, n) {
  const next = rng(seed);
  const team = [];
  for (let i = 0; i < n; i++) {
    const skills = [];
    for (let k = 0; k < 60; k++) skills.push('skill-' + (k + next(3)));
    skills.push(next(100) < 95 ? 'js' : 'cobol');
    const agenda = [];
    for (let k = 0; k < 100; k++) agenda.push({ day: next(20), minutes: 10 + next(50) });
    team.push({ name: 'p' + i, leave: next(100) < 80, skills, agenda });
  }
  return team;
}

const ROOMS = [makeRooms(7), makeRooms(19), makeRooms(31)];
const TEAMS = [makeTeam(5, 60), makeTeam(17, 60), makeTeam(29, 60)];

describe('scheduler', function () {
  describe('rooms', function () {
    it('lists the bookable days of every room over two months', function () {
      let total = 0;
      ROOMS[0].forEach((room) => {
        const days = sched.freeDays(room, 0, 60);
        days.forEach((d) => assert.ok(room.booked < room.seats));
        total += days.length;
      });
      assert.ok(total > 0);
    });

    it('never books a full room', function () {
      ROOMS[1].forEach((room) => {
        if (room.booked === room.seats) assert.deepStrictEqual(sched.freeDays(room, 100, 160), []);
      });
    });

    it('opens free rooms on weekdays and holidays only', function () {
      ROOMS[2].forEach((room) => {
        sched.freeDays(room, 200, 260).forEach((d) => {
          assert.ok(cal.isHoliday(d) ? true : !cal.isWeekend(d));
        });
      });
    });

    it('knows the holiday table', function () {
      assert.strictEqual(cal.isHoliday(3), true);
      assert.strictEqual(cal.isHoliday(4), false);
      assert.strictEqual(sched.canBook({ seats: 2, booked: 0 }, 3), true);
    });
  });

  describe('people', function () {
    it('picks attendees with time and skill', function () {
      for (let day = 0; day < 10; day++) {
        sched.attendees(TEAMS[0], day, 30, 'js').forEach((p) => {
          assert.strictEqual(p.leave, false);
          assert.ok(p.skills.indexOf('js') >= 0);
        });
      }
    });

    it('skips people on leave', function () {
      const onLeave = TEAMS[1].filter((p) => p.leave);
      for (let day = 0; day < 10; day++) {
        onLeave.forEach((p) => assert.strictEqual(sched.canAttend(p, day, 30, 'js'), false));
      }
    });

    it('checks the agenda before long meetings', function () {
      let n = 0;
      for (let day = 0; day < 10; day++) n += sched.attendees(TEAMS[2], day, 450, 'js').length;
      TEAMS[2].forEach((p) => {
        if (cal.bookedMinutes(p, 3) > 30) assert.strictEqual(sched.canAttend(p, 3, 460, 'js'), false);
      });
      assert.ok(n >= 0);
    });

    it('flags people to follow up', function () {
      let n = 0;
      TEAMS[0].forEach((p) => {
        for (let day = 0; day < 20; day++) n += sched.needsFollowUp(p, day) ? 1 : 0;
      });
      assert.ok(n > 0);
    });

    it('sends people to their own room first', function () {
      const rooms = ROOMS[0];
      assert.strictEqual(sched.roomFor({ name: 'p8' }, rooms), 'room-8');
      assert.strictEqual(sched.roomFor({ name: 'p16' }, rooms), 'room-16');
      TEAMS[0].forEach((p) => {
        const name = sched.roomFor(p, rooms);
        assert.strictEqual(name, cal.preferredRoom(p, rooms) === '' ? 'room-0' : 'room-' + p.name.slice(1));
      });
    });
  });
});
