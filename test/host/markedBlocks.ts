// The manual's walk-throughs are tests: each code block a test runs is marked by an HTML comment
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

/** The marked blocks of a page of the manual (`docs/testing.md`, say), in order. */
export function markedBlocks(page: string, text = readFileSync(page, 'utf8')): MarkedBlock[] {
  return [...text.matchAll(MARKED_BLOCK)].map(([, kind, name, block]) => ({
    kind: kind as MarkedBlock['kind'],
    name: name ?? '',
    text: block ?? '',
  }));
}

/** The one block of that kind and name: a page that lost it, or holds it twice, is a failure. */
export function theBlock(blocks: MarkedBlock[], kind: MarkedBlock['kind'], name: string): MarkedBlock {
  const found = blocks.filter((block) => block.kind === kind && block.name === name);
  if (found.length !== 1) throw new Error(`the page has ${found.length} blocks marked "<!-- ${kind}: ${name} -->", not one`);
  return found[0] as MarkedBlock;
}

/** The commands of a block, one a line, without blank lines and `#` comments. */
export const commandsOf = (block: MarkedBlock): string[] =>
  block.text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
