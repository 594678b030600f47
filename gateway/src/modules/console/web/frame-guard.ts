/**
 * The console refuses to run inside a frame (README "Security model", clickjacking). Framed by a
 * page of another site, it would still be its own origin, so every request it made would pass the
 * Host and Origin checks, and with no key (the default) it works without logging in: that page
 * could lay it out invisibly under its own buttons and make the user's clicks and keystrokes
 * create sessions, press "Allow" on a prompt or type into a shell. Bun serves the page itself
 * (an HTML import), so no `frame-ancestors` header can come with it; but the console is nothing
 * without this script, so a framed copy that stops here is inert. Imported first by main.ts: a
 * throw here stops main.ts before it touches the API.
 */
function framed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true; // a cross-origin parent may not even be compared
  }
}

if (framed()) {
  const note = document.createElement('p');
  note.id = 'framed';
  note.append('The agentgw console does not run inside another page. ');
  const link = Object.assign(document.createElement('a'), { href: location.href, target: '_blank', rel: 'noopener noreferrer', textContent: 'Open it in its own tab' });
  note.append(link, '.');
  document.body.replaceChildren(note);
  throw new Error('agentgw console: refusing to run in a frame');
}

export {};
