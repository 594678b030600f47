/**
 * Debian's Chromium for browser tests, with its own home. Launched as is, Chromium writes its
 * crash-report database to ~/.config/chromium and GLib's settings cache to ~/.cache/dconf in the
 * real home of whoever runs the tests; here both go to a temporary folder, removed when the browser
 * closes (and by the test preload's safety net if it never does). Imported as
 * `@devhub/shared/testing-chromium`.
 */
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';
import { TempDirs } from './testing';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Options = Omit<LaunchOptions, 'executablePath' | 'env'>;

/** `chromium.launch` with Debian's Chromium and a temporary home. */
export async function launchChromium(options: Options): Promise<Browser> {
  const home = temporaryHome();
  try {
    const browser = await chromium.launch({ ...options, executablePath: CHROMIUM, env: home.env });
    browser.on('disconnected', home.remove);
    return browser;
  } catch (error) {
    home.remove();
    throw error;
  }
}

/** `chromium.launchPersistentContext` on `profile`, likewise. */
export async function launchChromiumContext(profile: string, options: Options & Parameters<typeof chromium.launchPersistentContext>[1]): Promise<BrowserContext> {
  const home = temporaryHome();
  try {
    const context = await chromium.launchPersistentContext(profile, { ...options, executablePath: CHROMIUM, env: home.env });
    context.on('close', home.remove);
    return context;
  } catch (error) {
    home.remove();
    throw error;
  }
}

function temporaryHome(): { env: Record<string, string>; remove: () => void } {
  const dirs = new TempDirs('devhub-chromium-');
  const dir = dirs.make();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  Object.assign(env, { XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache'), GSETTINGS_BACKEND: 'memory' });
  return { env, remove: () => dirs.removeAll() };
}
