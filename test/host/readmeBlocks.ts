// The README's walk-throughs are tests: each code block a test runs is marked by an HTML comment
// just above it, `<!-- file: PATH -->` (a file, written as it is), `<!-- commands: WHERE -->`
// (shell commands, one a line) or `<!-- output: COMMAND -->` (what the command prints).
import { readFileSync } from 'node:fs';

export interface MarkedBlock {
  kind: 'file' | 'commands' | 'output';
  /** The path, the place or the command the marker names. */
  name: string;
  text: string;
}

const MARKED_BLOCK = /<!-- (file|commands|output): (.+?) -->\n```[\w-]*\n([\s\S]*?)```/g;

/** The marked blocks of the README section under `## heading`, in order. */
export function markedBlocks(heading: string, readme = readFileSync('README.md', 'utf8')): MarkedBlock[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no section "## ${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(MARKED_BLOCK)].map(([, kind, name, text]) => ({
    kind: kind as MarkedBlock['kind'],
    name: name ?? '',
    text: text ?? '',
  }));
}

/** The one block of that kind and name: a README that lost it, or holds it twice, is a failure. */
export function theBlock(blocks: MarkedBlock[], kind: MarkedBlock['kind'], name: string): MarkedBlock {
  const found = blocks.filter((block) => block.kind === kind && block.name === name);
  if (found.length !== 1) throw new Error(`README.md has ${found.length} blocks marked "<!-- ${kind}: ${name} -->", not one`);
  return found[0] as MarkedBlock;
}

/** The commands of a block, one a line, without blank lines and `#` comments. */
export const commandsOf = (block: MarkedBlock): string[] =>
  block.text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
