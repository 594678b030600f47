import type { Schedule, Weekday } from '../config/schema';

const DAYS: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const SHORT_TO_DAY: Record<string, Weekday> = { Sun: 'sun', Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat' };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(tz, f);
  }
  return f;
}

/** Weekday and minute of the day of `now` in time zone `tz`. */
export function localClock(now: Date, tz: string): { day: Weekday; minute: number } {
  const parts = formatter(tz).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return { day: SHORT_TO_DAY[get('weekday')] ?? 'sun', minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether the window [from, to) is open at `now` in the schedule's zone. A window with from > to runs
 * past midnight and belongs to the day it starts on (fri 22:00–02:00 covers Saturday 01:00).
 */
export function isScheduleActive(schedule: Schedule, now: Date): boolean {
  const { day, minute } = localClock(now, schedule.tz);
  const from = toMinute(schedule.from);
  const to = toMinute(schedule.to);
  const days = schedule.days as Weekday[];
  if (from < to) return days.includes(day) && minute >= from && minute < to;
  if (minute >= from) return days.includes(day);
  const previous = DAYS[(DAYS.indexOf(day) + 6) % 7]!;
  return minute < to && days.includes(previous);
}
