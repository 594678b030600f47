import { defineCommand } from 'citty';
import { printErr } from './_args';
import { doctor, doctorArgs } from './doctor/index';

/** Deprecated alias kept so old scripts keep working; it says so on stderr. */
export default defineCommand({
  meta: { name: 'check', description: 'Deprecated alias of doctor', hidden: true },
  args: doctorArgs,
  async run({ args }) {
    printErr('warning: "modelproxy check" is deprecated; use "modelproxy doctor"');
    await doctor(args);
  },
});
