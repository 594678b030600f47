// Imported before citty, which decides once at load whether to colour its help: it colours even
// when the output is piped into a file or `less`, and honours only NO_COLOR=1 where no-color.org
// says any non-empty value. So: plain text unless stdout is a terminal, or FORCE_COLOR asks.
const env = process.env;
const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
if (!forced && (env.NO_COLOR || !process.stdout.isTTY)) env.NO_COLOR = '1';
