// The driver of each engine, found where engines.mjs finds its programs.
import { findEngine } from '../engines.mjs';
import { chromiumDriver } from './chromium';
import { firefoxDriver } from './firefox';
import type { Driver, EngineName } from './types';
import { webkitDriver } from './webkit';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver, webkit: webkitDriver };

/** The driver of `name` (its browser launched on first use), or the reason it cannot be had. */
export function driverFor(name: EngineName): Driver | { missing: string } {
  const found = findEngine(name);
  return found.paths ? DRIVERS[name](found.paths) : { missing: found.missing };
}
