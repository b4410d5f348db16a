import { DEFAULTS } from '../product/constants';
import { errorText } from '../product/text';
import type { SpeedDialAction, SpeedDialActions } from '../types/client';

/** Whether a value a host handed in can stand in the speed dial. */
const isAction = (value: unknown): value is SpeedDialAction =>
  typeof (value as SpeedDialAction | null)?.label === 'string' && typeof (value as SpeedDialAction).run === 'function';

/**
 * The speed dial's list: the built-ins, the host's array in their place, or what the host's
 * function makes of them. Whatever is not an action is left out with a warning rather than
 * breaking the shell; past five, the first five are kept and a warning names the rest, in every
 * build, since a host would otherwise never learn why an action is missing.
 */
export function resolveActions(
  option: SpeedDialActions | undefined,
  builtIns: SpeedDialAction[],
  warn: (message: string) => void,
): SpeedDialAction[] {
  let chosen: unknown = builtIns;
  try {
    chosen = typeof option === 'function' ? option([...builtIns]) : (option ?? builtIns);
  } catch (error) {
    warn(`EMWeb: the actions option threw (${errorText(error)}): built-ins shown`);
  }
  const list = Array.isArray(chosen) ? chosen : builtIns;
  const actions = list.filter(isAction);
  if (actions.length < list.length) warn(`EMWeb: ${list.length - actions.length} actions left out: not { label, run }`);
  const max = DEFAULTS.maxSpeedDialActions;
  if (actions.length > max) {
    const names = actions.slice(max).map((action) => `"${action.label}"`);
    warn(`EMWeb: ${max} actions at most; left out: ${names.join(', ')}`);
  }
  return actions.slice(0, max);
}
