// Runs a page's commands as a person would type them, in a folder of their own.
import { spawnSync } from 'node:child_process';

export interface CommandResult {
  command: string;
  status: number | null;
  /** What it printed on stdout, without colour codes. */
  stdout: string;
  /** stdout and stderr together, without colour codes. */
  output: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour code
const withoutColour = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * The environment of a fresh terminal: none of the npm_* variables of the `npm test` this runs in
 * (they would speak for this repository's package), no NODE_ENV (a bundler's build sets it, and
 * `production` makes npm leave out devDependencies), and npm reusing its cache where it can.
 */
function freshEnvironment(): NodeJS.ProcessEnv {
  const inherited = ([name]: [string, unknown]) => !/^npm_|^NODE_OPTIONS$|^NODE_ENV$/i.test(name);
  const env = Object.fromEntries(Object.entries(process.env).filter(inherited));
  return { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
}

export function runCommand(command: string, cwd: string): CommandResult {
  const result = spawnSync(command, { cwd, shell: true, env: freshEnvironment(), encoding: 'utf8' });
  const stdout = withoutColour(result.stdout);
  return { command, status: result.status, stdout, output: `${stdout}${withoutColour(result.stderr)}` };
}

/** Runs each command in turn; throws at the first that fails, with what it printed. */
export function runAll(commands: string[], cwd: string): void {
  for (const command of commands) {
    const result = runCommand(command, cwd);
    if (result.status !== 0) throw new Error(`\`${command}\` failed (exit ${result.status}) in ${cwd}:\n${result.output}`);
  }
}
